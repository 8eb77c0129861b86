# Generators and oracles of the small tasks the task-spec tests check (tests/data/specs/*.toml).
# POSIX awk, so that the many generator calls of a check cost no interpreter start-up (the
# Python examples in examples/tasks/ are checked by their own test).
#
#   sh tasks.sh TASK [OPTIONS] --length N --count K --seed S    (generator; tasks.sh runs awk)
#   sh tasks.sh TASK [OPTIONS] --oracle                         (oracle)
#
# Tasks (bare strings over {a, b} unless said otherwise):
#   has_a      accept: the string contains an a
#   majority   continuation: input x_1 .. x_N <sep>, answer the more frequent symbol (a on ties)
#   gt         labels (Booleans): #a > #b in every prefix
#   count_pre  labels (integers): #a in every prefix
#   mode       labels (tokens, as a string): a if #a >= #b in the prefix, else b
#   count_a    count: #a in the string
#   ur         continuation: `<bos> x_1 .. x_{N-1} <sep> q` over $CRASP_ALPHABET_Sym (default
#              t0..t4), q once in the context at p with p + 1 <= N - 2; answer x_{p+1}
#
# Options:
#   --crash-from L    the generator fails (exit 1, a traceback on stderr) for lengths >= L
#   --alien TOKEN     the generator puts TOKEN first in every instance
#   --require-env V   fail (exit 4) unless the environment has V
BEGIN {
  task = ARGV[1]
  length_ = 5; count = 1; seed = 1; is_oracle = 0; crash_from = 0; alien = ""; require = ""
  for (i = 2; i < ARGC; i++) {
    if (ARGV[i] == "--oracle") is_oracle = 1
    else if (ARGV[i] == "--length") length_ = ARGV[++i] + 0
    else if (ARGV[i] == "--count") count = ARGV[++i] + 0
    else if (ARGV[i] == "--seed") seed = ARGV[++i] + 0
    else if (ARGV[i] == "--crash-from") crash_from = ARGV[++i] + 0
    else if (ARGV[i] == "--alien") alien = ARGV[++i]
    else if (ARGV[i] == "--require-env") require = ARGV[++i]
    else { print "tasks.awk: unknown argument " ARGV[i] > "/dev/stderr"; exit 2 }
  }
  for (i = 1; i < ARGC; i++) ARGV[i] = ""
  if (require != "" && !(require in ENVIRON)) {
    print "tasks.awk: " require " is not set" > "/dev/stderr"
    exit 4
  }
  syms_text = ("CRASP_ALPHABET_Sym" in ENVIRON) ? ENVIRON["CRASP_ALPHABET_Sym"] : "t0 t1 t2 t3 t4"
  nsyms = split(syms_text, syms, " ")
  if (is_oracle) oracle()
  else generate()
  exit 0
}

function quote(s) { return "\"" s "\"" }

# The answer for tokens t[1..n] as JSON, or "null" when they are not an instance.
function answer(t, n,    i, na, nb, out, sep, p, hits, q) {
  if (task == "majority") {
    if (n < 2 || t[n] != "<sep>") return "null"
    for (i = 1; i < n; i++) {
      if (t[i] == "a") na++
      else if (t[i] == "b") nb++
      else return "null"
    }
    return quote(na >= nb ? "a" : "b")
  }
  if (task == "ur") {
    if (n < 4 || t[1] != "<bos>" || t[n - 1] != "<sep>") return "null"
    for (i = 2; i <= n; i++)
      if (i != n - 1 && !is_sym(t[i])) return "null"
    q = t[n]
    for (i = 2; i <= n - 2; i++)
      if (t[i] == q) { hits++; p = i }
    if (hits != 1 || p + 1 > n - 2) return "null"
    return quote(t[p + 1])
  }
  if (n < 1) return "null"
  for (i = 1; i <= n; i++)
    if (t[i] != "a" && t[i] != "b") return "null"
  if (task == "has_a") {
    for (i = 1; i <= n; i++)
      if (t[i] == "a") return "true"
    return "false"
  }
  out = ""; sep = ""
  for (i = 1; i <= n; i++) {
    if (t[i] == "a") na++
    else nb++
    if (task == "gt") out = out sep (na > nb ? "true" : "false")
    else if (task == "count_pre") out = out sep (na + 0)
    else if (task == "mode") out = out sep (na >= nb ? "a" : "b")
    else if (task != "count_a") { print "tasks.awk: unknown task " task > "/dev/stderr"; exit 2 }
    sep = (task == "mode") ? " " : ", "
  }
  if (task == "count_a") return na + 0
  if (task == "mode") return quote(out)
  return "[" out "]"
}

function is_sym(s,    i) {
  for (i = 1; i <= nsyms; i++)
    if (syms[i] == s) return 1
  return 0
}

function pick(n) { return 1 + int(rand() * n) }

# Draws instance k of length n into t; returns its number of tokens.
function draw(n, k, t,    i, p, q, m) {
  if (task == "majority") {
    for (i = 1; i <= n; i++) t[i] = rand() < 0.5 ? "a" : "b"
    t[n + 1] = "<sep>"
    return n + 1
  }
  if (task == "ur") {
    q = syms[pick(nsyms)]
    t[1] = "<bos>"
    for (i = 2; i <= n; i++) {
      do t[i] = syms[pick(nsyms)]; while (t[i] == q)
    }
    t[1 + pick(n - 2)] = q
    t[n + 1] = "<sep>"
    t[n + 2] = q
    return n + 2
  }
  if (task == "has_a" && k % 3 == 0) {
    for (i = 1; i <= n; i++) t[i] = "b"
    return n
  }
  p = (pick(3) == 1) ? 0.3 : (pick(2) == 1 ? 0.5 : 0.7)
  for (i = 1; i <= n; i++) t[i] = rand() < p ? "a" : "b"
  return n
}

function generate(    k, t, n, input, i, line) {
  if (task == "ur" && length_ < 3) return
  if (crash_from && length_ >= crash_from) {
    print "Traceback (most recent call last):" > "/dev/stderr"
    print "ValueError: length " length_ " is too long for this generator" > "/dev/stderr"
    exit 1
  }
  srand(seed * 1000 + length_)
  for (k = 0; k < count; k++) {
    split("", t)
    n = draw(length_, k, t)
    input = alien != "" ? alien : t[1]
    for (i = 2; i <= n; i++) input = input " " t[i]
    line = "{\"input\": " quote(input) ", \"answer\": " answer(t, n)
    if (task == "majority" || task == "ur") line = line ", \"length\": " length_
    print line "}"
  }
}

function oracle(    line, text, t, n, a, reply) {
  while ((getline line) > 0) {
    text = line
    if (sub(/^.*"input": ?"/, "", text) && sub(/".*$/, "", text)) {
      split("", t)
      n = split(text, t, " ")
      a = answer(t, n)
    } else {
      a = "null"
    }
    reply = "{\"answer\": " a
    if (a != "null" && task == "majority") reply = reply ", \"length\": " (n - 1)
    if (a != "null" && task == "ur") reply = reply ", \"length\": " (n - 2)
    print reply "}"
    fflush()
  }
}
