run programs/closed.crasp --json
