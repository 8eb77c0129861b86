examples programs/long.crasp
