run programs/public_count_chains.cr "b a b a a" --trace @OUT@/trace.txt
