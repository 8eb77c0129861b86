info programs/closed.crasp --alphabet Sym=a..d
