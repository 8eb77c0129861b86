"""even_ab inside a frame: `<bos> w <sep>`, True iff `a b` occurs in w an even number of times
(the reduction tests' target whose frame tokens the word map must place around its image)."""
import json
import random
import sys


def answer(tokens):
    if len(tokens) < 3 or tokens[0] != "<bos>" or tokens[-1] != "<sep>":
        return None
    w = tokens[1:-1]
    if any(t not in ("a", "b") for t in w):
        return None
    return sum(1 for x, y in zip(w, w[1:]) if (x, y) == ("a", "b")) % 2 == 0


if "--oracle" in sys.argv:
    for line in iter(sys.stdin.readline, ""):
        try:
            result = answer(json.loads(line)["input"].split())
        except Exception:
            result = None
        print(json.dumps({"answer": result}), flush=True)
else:
    n = int(sys.argv[sys.argv.index("--length") + 1])
    count = int(sys.argv[sys.argv.index("--count") + 1])
    rng = random.Random(n)
    for _ in range(count):
        tokens = ["<bos>"] + [rng.choice("ab") for _ in range(n)] + ["<sep>"]
        print(json.dumps({"input": " ".join(tokens), "answer": answer(tokens)}))
