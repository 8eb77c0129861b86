verify programs/dyck1.cr --max-len 64 --seed 7 --samples 4 --progress
