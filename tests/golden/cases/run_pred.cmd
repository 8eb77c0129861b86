run programs/contains_ab.cr "c a b"
