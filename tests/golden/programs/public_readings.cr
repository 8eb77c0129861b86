// programs the public interpreter runs: imports apply first, and a count swallows a
// comparison when its body cannot stop before it
after_a = (#[pred] "a") >= 1
#import pred
C = # "a"
P = # (C + 1) > 0
Q = # "a" && (# "b") == 1
R = # C < 1 <= 3
L = (# ("b" && after_a)) >= 1 && R && P > Q
