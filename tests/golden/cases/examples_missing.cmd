examples programs/balance.crasp
