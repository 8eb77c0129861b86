info programs/a_directory.safetensors
