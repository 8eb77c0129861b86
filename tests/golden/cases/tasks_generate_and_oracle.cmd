tasks UR --generate --oracle --length 5
