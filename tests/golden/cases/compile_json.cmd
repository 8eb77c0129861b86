compile programs/balance.crasp --pe nope --max-len 64 --json -o @OUT@/balance.safetensors
