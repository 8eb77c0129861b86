// Dyck-1 (Yang & Chiang), written in the public .cr dialect exactly as the public interpreter
// reads it: balanced parentheses over ( ).
// Input: the bare string, tokens ( and ). Answer: True iff no prefix has more ) than ( and the
// counts are equal at the end.
// Class: C-RASP (counts and comparisons only). Depth 2: V compares two counts, D counts V.
C_open = # "("
C_close = # ")"
V = C_open < C_close
D = (# V == 0) && (C_open == C_close)
