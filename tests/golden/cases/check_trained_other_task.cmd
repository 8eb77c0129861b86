check dyck1 --trained trained/bin_majority.json
