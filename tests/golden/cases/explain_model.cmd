explain programs/copy_count_nope.safetensors a b a
