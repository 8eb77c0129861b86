explain ../../programs/ur.crasp <bos> t0 t9
