run programs/balance.crasp "a a b a"
