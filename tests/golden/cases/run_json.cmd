run programs/balance.crasp --json
