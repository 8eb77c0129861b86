check specs/bad_reduction.toml
