check specs/bad_regex.toml
