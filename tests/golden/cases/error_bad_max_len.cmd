compile programs/dyck1.cr --max-len 0 -o @OUT@/m.safetensors
