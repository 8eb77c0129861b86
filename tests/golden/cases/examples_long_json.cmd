examples --json programs/long.crasp
