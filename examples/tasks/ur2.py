"""UR2 task: generator and oracle for crasp task specs (ur2.toml).

Input `<bos> x_1 .. x_{N-1} <sep> q` over t0..t4: q occurs exactly once in the context, at p,
with p + 2 <= N - 1. Answer (continuation): "x_{p+2}". N counts context + query (N >= 4).

Generator: python3 ur2.py --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 ur2.py --oracle   (stdin {"input": ...} lines -> {"answer": ..., "length": N}
           or {"answer": null})
"""
import argparse
import json
import os
import random
import sys

# crasp passes the spec's `alphabets` as CRASP_ALPHABET_<NAME>; t0..t4 when run by hand.
SYMS = os.environ.get("CRASP_ALPHABET_Sym", "t0 t1 t2 t3 t4").split()


def answer(tokens):
    """The continuation for a token list, or None when it is not an instance."""
    if len(tokens) < 4 or tokens[0] != "<bos>" or tokens[-2] != "<sep>":
        return None
    context, q = tokens[1:-2], tokens[-1]
    if q not in SYMS or any(t not in SYMS for t in context):
        return None
    hits = [p for p, t in enumerate(context) if t == q]
    if len(hits) != 1 or hits[0] + 2 >= len(context):
        return None
    return context[hits[0] + 2]


def generate(n, count, seed):
    rng = random.Random("%d:%d" % (seed, n))
    if n < 4:
        return
    for _ in range(count):
        q = rng.choice(SYMS)
        others = [s for s in SYMS if s != q]
        context = [rng.choice(others) for _ in range(n - 1)]
        context[rng.randrange(n - 3)] = q  # 0-based index p, p + 2 <= n - 2
        tokens = ["<bos>"] + context + ["<sep>", q]
        print(json.dumps({"input": " ".join(tokens), "answer": answer(tokens)}))


def oracle():
    for line in iter(sys.stdin.buffer.readline, b""):
        try:
            tokens = json.loads(line)["input"].split()
            result = answer(tokens)
        except Exception:  # malformed line: not an instance
            result = None
        reply = {"answer": result}
        if result is not None:
            reply["length"] = len(tokens) - 2  # N: context and query, as --length counts
        sys.stdout.write(json.dumps(reply) + "\n")
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
