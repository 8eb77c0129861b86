check specs/syntax_error.toml
