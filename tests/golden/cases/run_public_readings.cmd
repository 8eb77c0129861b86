run programs/public_readings.cr "a b a"
