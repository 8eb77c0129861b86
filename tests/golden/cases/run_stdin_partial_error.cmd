run programs/closed.crasp
