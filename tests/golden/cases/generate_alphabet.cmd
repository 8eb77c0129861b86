generate programs/ur.crasp --alphabet Sym=t0..t9 "<bos> t7 t9 t3 <sep> t7"
