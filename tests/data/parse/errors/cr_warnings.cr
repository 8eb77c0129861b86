// every .cr precedence warning, with the same programs made explicit below
A = 2 * B + 1
C = B - A + 1
D = !E && F
G = 1 if D else 2 if E else 3
H = 2 * (B + 1)
I = max(# B == 0, 1)
