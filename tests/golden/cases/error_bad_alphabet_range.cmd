run programs/closed.crasp --alphabet Sym=t9..t2 "a b"
