explain ../../programs/ur.crasp <bos> t0 t1 t2 <sep> t1 --compare ../../programs/ul.crasp -o @OUT@/report.html
