check specs/bad_values.toml
