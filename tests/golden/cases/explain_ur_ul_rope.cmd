explain ../../programs/ur.crasp <bos> t2 t1 t2 t1 t0 t1 <sep> t0 --compare ../../programs/ul.crasp --pe rope
