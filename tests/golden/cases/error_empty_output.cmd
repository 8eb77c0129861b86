compile programs/dyck1.cr -o ""
