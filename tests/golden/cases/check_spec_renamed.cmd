check ../../examples/tasks/reverse_repeats.toml --train-len 4:8 --test-len 9:12 --far 2 --samples 3 --far-samples 1 --pe ape --prec f64
