run programs/copy_count.crasp "a <sep>" --trace @OUT@/gen.txt
