"""even_ab (even_ab.toml): a bare string over {a, b}; True iff the bigram `a b` occurs an even
number of times. It is parity in disguise: 0 -> a a, 1 -> a b sends a bit string to a string
with exactly as many `a b` as the bits had 1s, so the spec declares that map and crasp check
carries parity's published no over (docs/communication.md, Reductions).

Generator: python3 even_ab.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 even_ab.py --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys


def answer(tokens):
    """True/False for a string over {a, b}; None for anything else."""
    if not tokens or any(t not in ("a", "b") for t in tokens):
        return None
    pairs = sum(1 for x, y in zip(tokens, tokens[1:]) if (x, y) == ("a", "b"))
    return pairs % 2 == 0


def generate(n, count, seed):
    rng = random.Random("even_ab:%d:%d" % (seed, n))
    for _ in range(count if n >= 1 else 0):
        tokens = [rng.choice("ab") for _ in range(n)]
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
