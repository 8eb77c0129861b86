run programs/prec.cr "a b c"
