check bin_majority --programs programs/uncertified --train-len 4:12 --test-len 13:20 --far 3 --samples 3 --far-samples 1
