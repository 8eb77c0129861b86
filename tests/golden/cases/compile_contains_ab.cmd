compile programs/contains_ab.cr -o @OUT@/contains_ab.safetensors
