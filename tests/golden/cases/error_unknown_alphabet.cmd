run programs/closed.crasp --alphabet Nope=a..c "a b"
