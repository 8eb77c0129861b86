examples ../../programs
