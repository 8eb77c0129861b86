run programs/dyck1.cr --max-attention 100 "( )"
