run programs/balance.crasp "a b b" --trace @OUT@/one.json
