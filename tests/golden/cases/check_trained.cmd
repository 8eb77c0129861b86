check bin_majority --trained trained/bin_majority.json --train-len 4:12 --test-len 13:20 --far 3 --samples 3 --far-samples 1 --pe ape --prec f64 --no-communication
