tasks UR --oracle
