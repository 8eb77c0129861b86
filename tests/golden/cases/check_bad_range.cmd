check UR --train-len 10:4
