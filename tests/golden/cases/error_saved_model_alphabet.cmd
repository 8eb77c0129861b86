run programs/copy_count_nope.safetensors --engine transformer --alphabet "Sym=a b" "a <sep>"
