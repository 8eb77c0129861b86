run programs/dyck1.cr --engine transformer --max-attention 100 "( ( ( ( ( ) ) ) ) )"
