verify programs/contains_ab.cr --max-len 32 --exhaustive-length 5 --seed 3 --samples 2
