examples programs/copy_count.crasp --examples programs/gen_mismatch.examples
