reduce programs/ab_pairs.crasp --map "0=a a" --map "1=b"
