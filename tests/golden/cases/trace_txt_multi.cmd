run programs/balance.crasp --trace @OUT@/multi.txt
