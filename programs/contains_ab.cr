// Contains the bigram "a b" (Huang et al. style), in the public .cr dialect with #import pred.
// Input: the bare string over a b c. Answer: True iff some a is immediately followed by b.
// Class: C-RASP[pos]: `pred` is the local guard j == i - 1 (a previous-token head).
#import pred
after_a = (#[pred] "a") >= 1
L = (# ("b" && after_a)) >= 1
