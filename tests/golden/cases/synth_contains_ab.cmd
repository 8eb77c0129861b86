synth contains_ab --samples 3 --far-samples 0 --threads 2
