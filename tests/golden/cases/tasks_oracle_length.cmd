tasks UR --oracle --length 5
