generate programs/copy_count_nope.safetensors --engine transformer --pe ape "a a a <sep>"
