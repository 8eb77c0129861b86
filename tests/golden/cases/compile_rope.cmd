compile programs/ur.crasp --pe rope --max-len 64 -o @OUT@/ur_rope.safetensors
