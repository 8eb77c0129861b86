run programs/closed.crasp --alphabet "Sym=a b c" "a c b"
