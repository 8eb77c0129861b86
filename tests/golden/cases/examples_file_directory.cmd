examples programs/suite --examples programs/copy_count.examples
