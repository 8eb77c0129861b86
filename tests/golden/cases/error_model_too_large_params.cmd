compile programs/chain_deep.crasp --pe nope --max-params 100000 -o @OUT@/m.safetensors
