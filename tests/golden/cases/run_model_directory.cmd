run programs/a_directory.safetensors --engine transformer a
