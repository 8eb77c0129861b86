compile programs/dyck1.cr --check-samples -1 -o @OUT@/m.safetensors
