explain programs/dyck1.cr
