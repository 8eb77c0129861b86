examples programs/mismatch.crasp
