run programs/dyck1.cr --engine transformer --pe rope --max-len 2147483647 "( )"
