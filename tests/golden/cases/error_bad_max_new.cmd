generate programs/copy_count.crasp --max-new -3 "a <sep>"
