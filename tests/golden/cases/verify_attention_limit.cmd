verify programs/dyck1.cr --max-len 1000000
