check specs/no_source.toml
