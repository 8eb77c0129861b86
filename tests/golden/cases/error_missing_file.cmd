run programs/no_such_program.cr "( )"
