run programs/copy_count_nope.safetensors --engine transformer
