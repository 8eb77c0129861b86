generate programs/copy_count.crasp --engine transformer --max-attention 400 "a a a a a a <sep>"
