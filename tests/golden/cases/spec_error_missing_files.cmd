check specs/missing_files.toml
