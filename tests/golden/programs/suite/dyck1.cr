// Dyck-1 (Yang & Chiang): balanced parentheses
C_open = # "("
C_close = # ")"
V = C_open < C_close
D = (# V == 0) && (C_open == C_close)
