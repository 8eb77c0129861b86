run programs/closed.crasp --engine transformer
