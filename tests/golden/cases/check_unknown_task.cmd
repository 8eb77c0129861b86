check URR
