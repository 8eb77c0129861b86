examples programs/suite --engine transformer
