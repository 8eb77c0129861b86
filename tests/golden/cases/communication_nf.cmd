communication NF --max-length 8
