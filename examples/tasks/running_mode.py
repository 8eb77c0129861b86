"""running_mode task: oracle only, for crasp task specs (running_mode.toml).

Input: a bare string x_1 .. x_N over {a, b, c}, N >= 1. Answer (labels): for every position i,
the most frequent symbol of x_1 .. x_i, ties broken toward the alphabetically smallest, as a
JSON array of tokens.

Oracle: python3 running_mode.py   (stdin {"input": ...} lines -> {"answer": ... | null})
There is no generator: crasp draws random strings over the program's alphabet.
"""
import json
import sys

SYMS = ["a", "b", "c"]


def answer(tokens):
    """The labels for a token list, or None when it is not an instance."""
    if not tokens or any(t not in SYMS for t in tokens):
        return None
    count = dict.fromkeys(SYMS, 0)
    labels = []
    for t in tokens:
        count[t] += 1
        # max keeps the first maximum in SYMS order: the smallest symbol wins ties
        labels.append(max(SYMS, key=count.get))
    return labels


def oracle():
    for line in iter(sys.stdin.buffer.readline, b""):
        try:
            result = answer(json.loads(line)["input"].split())
        except Exception:  # malformed line: not an instance
            result = None
        sys.stdout.write(json.dumps({"answer": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    oracle()
