verify programs/large_constant.crasp --precision f32 --exhaustive-length 3 --samples 0
