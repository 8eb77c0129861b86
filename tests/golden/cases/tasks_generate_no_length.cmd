tasks UR --generate
