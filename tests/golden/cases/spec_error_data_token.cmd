check ../data/specs/alien_data.toml
