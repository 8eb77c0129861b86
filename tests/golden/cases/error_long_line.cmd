info programs/long_line.crasp
