compile programs/chain_deep.crasp --pe nope --max-model-mib 1 -o @OUT@/m.safetensors
