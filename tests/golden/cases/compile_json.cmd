compile programs/balance.crasp --pe nope --max-len 64 --json --no-check -o @OUT@/balance.safetensors
