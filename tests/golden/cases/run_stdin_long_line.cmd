run programs/dyck1.cr
