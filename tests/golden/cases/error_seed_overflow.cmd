verify programs/dyck1.cr --seed 18446744073709551616
