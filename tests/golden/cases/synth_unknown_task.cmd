synth URR
