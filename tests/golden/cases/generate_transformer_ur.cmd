generate programs/ur.crasp --engine transformer
