// contains the bigram "ab"
#import pred
after_a = (#[pred] "a") >= 1
L = (# ("b" && after_a)) >= 1
