examples programs/copy_count.crasp --examples programs/no_such.examples
