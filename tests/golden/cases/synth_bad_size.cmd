synth UR --max-size 0
