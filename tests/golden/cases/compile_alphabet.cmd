compile programs/ur.crasp --alphabet Sym=t0..t9 --max-len 32 --no-check -o @OUT@/ur10.safetensors
