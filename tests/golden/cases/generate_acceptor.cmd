generate programs/dyck1.cr "( )"
