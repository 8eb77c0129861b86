check specs/unknown_key.toml
