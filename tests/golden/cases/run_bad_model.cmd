run programs/not_a_model.safetensors --engine transformer a
