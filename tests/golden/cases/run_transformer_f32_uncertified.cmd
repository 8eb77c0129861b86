run programs/large_constant.crasp --engine transformer --precision f32 "a b"
