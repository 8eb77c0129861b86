info programs/dyck1.cr --json
