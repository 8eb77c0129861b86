run programs/syntax_error.crasp a
