// the public dialect reads A - B + C as A - (B + C)
A = # "a"
B = # "b"
C = # "c"
S = A - B + C
