generate programs/copy_count.crasp --max-new 2 "a a a <sep>"
