run programs/contains_ab.cr --engine transformer --precision f32 "c a b"
