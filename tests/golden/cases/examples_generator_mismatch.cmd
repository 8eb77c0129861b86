examples programs/gen_mismatch.crasp
