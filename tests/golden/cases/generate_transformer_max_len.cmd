generate programs/copy_count.crasp --engine transformer --max-len 6 "a a a <sep>"
