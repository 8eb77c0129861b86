run programs/bin_majority_interleave.crasp --engine transformer --precision f32 --plain-booleans "<bos> 0 1 1 0 1 1 0 0 0 1 1 0 1 0 <sep> 0"
