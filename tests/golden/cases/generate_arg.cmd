generate programs/ur.crasp "<bos> t1 t0 t2 <sep> t0"
