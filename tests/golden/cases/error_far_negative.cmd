check UR --far 10,-1
