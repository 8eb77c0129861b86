synth UR --no-check -o @OUT@/ur.crasp
