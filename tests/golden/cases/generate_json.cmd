generate programs/copy_count.crasp --json "a a <sep>"
