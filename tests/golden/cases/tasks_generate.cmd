tasks UR --generate --length 5 --count 3 --seed 2
