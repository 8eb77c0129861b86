run programs/uf.crasp --engine transformer --precision f32 "<bos> t0 t1 <sep>"
