examples programs/copy_count.crasp --examples programs/copy_count_more.examples
