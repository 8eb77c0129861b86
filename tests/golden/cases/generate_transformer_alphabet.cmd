generate programs/ur.crasp --engine transformer --alphabet Sym=t0..t9 --max-len 32 "<bos> t7 t9 t3 <sep> t7"
