X = 2 * 
Y = (# "a"))
Z = # "a" "b"
W = min(1 2)
