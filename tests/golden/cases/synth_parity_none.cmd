synth parity --max-size 5 --no-check --threads 1
