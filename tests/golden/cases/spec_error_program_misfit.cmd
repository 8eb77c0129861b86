check ../data/specs/misfit_accept.toml
