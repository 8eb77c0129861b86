run programs/balance.crasp --engine transformer --json
