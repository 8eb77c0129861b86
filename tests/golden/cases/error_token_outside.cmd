run programs/closed.crasp "a c b"
