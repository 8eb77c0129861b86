examples programs/dyck1.cr --examples ""
