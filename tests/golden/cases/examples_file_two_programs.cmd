examples programs/dyck1.cr programs/copy_count.crasp --examples programs/copy_count.examples
