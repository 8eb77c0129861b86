check UR --programs ""
