generate programs/copy_count.crasp --engine transformer --precision f32 --json "a a <sep>" 
