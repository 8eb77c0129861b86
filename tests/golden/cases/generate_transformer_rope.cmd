generate programs/ur.crasp --engine transformer --pe rope --precision f32 "<bos> t1 t2 t0 <sep> t2"
