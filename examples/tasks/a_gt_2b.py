"""a_gt_2b task: generator and oracle for crasp task specs (a_gt_2b.toml).

Input: a bare string x_1 .. x_N over {a, b}, N >= 1 (N = --length). Answer (labels): for every
position i, whether #a > 2 * #b in x_1 .. x_i, as a JSON array of true/false.

Generator: python3 a_gt_2b.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 a_gt_2b.py --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys


def answer(tokens):
    """The labels for a token list, or None when it is not an instance."""
    if not tokens or any(t not in ("a", "b") for t in tokens):
        return None
    labels, a, b = [], 0, 0
    for t in tokens:
        a, b = a + (t == "a"), b + (t == "b")
        labels.append(a > 2 * b)
    return labels


def generate(n, count, seed):
    rng = random.Random("%d:%d" % (seed, n))
    for _ in range(count if n >= 1 else 0):
        # mostly a's: b at a rate around the threshold 1/3, changed at a random point, so the
        # label flips back and forth instead of being constant
        rates = [rng.uniform(0.0, 0.5), rng.uniform(0.0, 0.5)]
        cut = rng.randrange(n + 1)
        tokens = ["b" if rng.random() < rates[i >= cut] else "a" for i in range(n)]
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
