run programs/ur.crasp --engine transformer
