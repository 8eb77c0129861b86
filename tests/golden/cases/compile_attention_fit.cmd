compile programs/dyck1.cr --max-len 300 --max-attention 100000 -o @OUT@/d.safetensors
