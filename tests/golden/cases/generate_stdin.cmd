generate programs/copy_count.crasp
