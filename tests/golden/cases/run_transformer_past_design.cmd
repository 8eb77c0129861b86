run programs/dyck1.cr --engine transformer --pe nope --max-len 4 "( ( ) ) ( )"
