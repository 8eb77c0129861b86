// a count over a count, then two comparisons: the inner count cannot be the outer count's body,
// so the outer body takes the first comparison and the second compares the outer count, as in
// the public interpreter (its grammar admits no other reading)
H = "a"
c = ## H != 1 <= 1
L = # # "a" <= 1 < 2
M = #(# "a") < 1 > 0
