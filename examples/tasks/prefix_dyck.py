"""prefix_dyck task: generator and oracle for crasp task specs (prefix_dyck.toml).

Input: a bare string x_1 .. x_N over { ( ) }, N >= 1 (N = --length). Answer (labels): for every
position i, whether no prefix of x_1 .. x_i has more ) than (, as a JSON array of true/false.

Generator: python3 prefix_dyck.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 prefix_dyck.py --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys


def answer(tokens):
    """The labels for a token list, or None when it is not an instance."""
    if not tokens or any(t not in ("(", ")") for t in tokens):
        return None
    labels, depth, ok = [], 0, True
    for t in tokens:
        depth += 1 if t == "(" else -1
        ok = ok and depth >= 0
        labels.append(ok)
    return labels


def generate(n, count, seed):
    rng = random.Random("%d:%d" % (seed, n))
    for _ in range(count if n >= 1 else 0):
        # a walk that closes slightly more often than it opens, so that it stays near depth 0
        # and a prefix goes below it at a random point (or never), not always at the start
        p_open = rng.uniform(0.45, 0.6)
        tokens = ["(" if rng.random() < p_open else ")" for _ in range(n)]
        print(json.dumps({"input": " ".join(tokens), "answer": answer(tokens)}))


def oracle():
    for line in iter(sys.stdin.buffer.readline, b""):
        try:
            result = answer(json.loads(line)["input"].split())
        except Exception:  # malformed line: not an instance
            result = None
        sys.stdout.write(json.dumps({"answer": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", action="store_true", help="answer stdin lines")
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.oracle:
        oracle()
    else:
        generate(args.length, args.count, args.seed)
