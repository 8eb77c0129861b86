run programs/ambiguous.crasp --engine transformer "b a"
