"""bigram_count task: generator and oracle for crasp task specs (bigram_count.toml).

Input: a bare string x_1 .. x_N over {a, b}, N >= 1 (N = --length). Answer (count): the number
of positions i with x_{i-1} = a and x_i = b (occurrences of the bigram "a b"), a JSON integer.

Generator: python3 bigram_count.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 bigram_count.py --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys


def answer(tokens):
    """The count for a token list, or None when it is not an instance."""
    if not tokens or any(t not in ("a", "b") for t in tokens):
        return None
    return sum(1 for x, y in zip(tokens, tokens[1:]) if x == "a" and y == "b")


def generate(n, count, seed):
    rng = random.Random("%d:%d" % (seed, n))
    for _ in range(count if n >= 1 else 0):
        # a two-state Markov chain: the switch rate sets the run lengths, so the count ranges
        # from 0 (long runs) to about N / 2 (alternation), not always about N / 4
        switch = rng.uniform(0.02, 0.98)
        tokens = [rng.choice("ab")]
        for _ in range(n - 1):
            last = tokens[-1]
            tokens.append(("b" if last == "a" else "a") if rng.random() < switch else last)
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
