verify programs/bin_majority_interleave.crasp --precision f32 --plain-booleans --max-len 300 --samples 1 --exhaustive-length 3
