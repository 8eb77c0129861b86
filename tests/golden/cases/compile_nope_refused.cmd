compile programs/ur.crasp --pe nope -o @OUT@/ur.safetensors
