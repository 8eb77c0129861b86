run programs/dyck1.cr --engine transformer --trace @OUT@/t.txt "( )"
