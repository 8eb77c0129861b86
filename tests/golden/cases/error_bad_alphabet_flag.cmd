run programs/closed.crasp --alphabet Sym "a b"
