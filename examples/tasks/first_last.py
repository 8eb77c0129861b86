"""first_last task: generator and oracle for crasp task specs (first_last.toml).

Input: a bare string x_1 .. x_N over {a, b, c}, N >= 1 (N = --length). Answer (accept): true
iff x_1 == x_N.

Generator: python3 first_last.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 first_last.py --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys

SYMS = ["a", "b", "c"]


def answer(tokens):
    """The verdict for a token list, or None when it is not an instance."""
    if not tokens or any(t not in SYMS for t in tokens):
        return None
    return tokens[0] == tokens[-1]


def generate(n, count, seed):
    rng = random.Random("%d:%d" % (seed, n))
    if n < 1:
        return
    for k in range(count):
        tokens = [rng.choice(SYMS) for _ in range(n)]
        # members and non-members alternate (N = 1 has members only)
        if k % 2 == 0:
            tokens[-1] = tokens[0]
        elif n > 1:
            tokens[-1] = rng.choice([s for s in SYMS if s != tokens[0]])
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
