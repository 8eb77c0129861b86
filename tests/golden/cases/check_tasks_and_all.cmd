check UR --all
