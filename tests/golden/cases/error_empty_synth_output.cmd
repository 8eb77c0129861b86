synth UR -o ""
