examples --json programs/suite
