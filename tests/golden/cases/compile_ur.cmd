compile programs/ur.crasp -o @OUT@/ur.safetensors
