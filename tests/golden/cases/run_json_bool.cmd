run --json programs/dyck1.cr "( )"
