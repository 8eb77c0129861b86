check bin_majority --trained trained/no_such.json
