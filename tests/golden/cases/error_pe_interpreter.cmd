run programs/dyck1.cr --pe nope "( )"
