check specs/bad_data.toml
