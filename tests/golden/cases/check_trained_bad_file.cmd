check bin_majority --trained trained/bad_bin.json
