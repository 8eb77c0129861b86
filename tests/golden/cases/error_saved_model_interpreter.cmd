run programs/copy_count_nope.safetensors "a <sep>"
