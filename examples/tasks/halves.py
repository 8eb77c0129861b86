"""Tasks about the two halves of a string: generators and oracles for crasp task specs.

  palindrome    (palindrome.toml): a bare string over {a, b}; True iff it reads the same backwards.
  ww            (ww.toml): a bare string over {a, b}; True iff its length is even and its second
                half repeats its first.
  copy_repeats  (copy_repeats.toml): prompt `<bos> x_1 .. x_N <sep>` over {a, b} (symbols may
                repeat); the answer is x_1 .. x_N, after which nothing is generated.

None of them has a C-RASP[pos] program: each needs about 2^(N/2) prefix classes (the first half
must be remembered exactly), which `crasp communication` measures (docs/communication.md).

Generator: python3 halves.py TASK --length N --count K --seed S   (JSON lines {"input", "answer"})
Oracle:    python3 halves.py TASK --oracle   (stdin {"input": ...} lines -> {"answer": ... | null})
"""
import argparse
import json
import random
import sys

SYMBOLS = ("a", "b")


def answer(task, tokens):
    """The answer for a token list, or None when it is not an instance."""
    if task in ("copy_repeats", "reverse_repeats"):
        if len(tokens) < 3 or tokens[0] != "<bos>" or tokens[-1] != "<sep>":
            return None
        body = tokens[1:-1]
        if not all(t in SYMBOLS for t in body):
            return None
        return body if task == "copy_repeats" else body[::-1] + ["<sep>"]
    if not tokens or any(t not in SYMBOLS for t in tokens):
        return None
    if task == "palindrome":
        return tokens == tokens[::-1]
    half = len(tokens) // 2
    return len(tokens) % 2 == 0 and tokens[:half] == tokens[half:]


def draw(task, n, rng):
    """One input of length n: for the acceptors, a member or a near miss (one symbol flipped)
    with probability 1/2 each, so both answers occur at every length."""
    if task in ("copy_repeats", "reverse_repeats"):
        return ["<bos>"] + [rng.choice(SYMBOLS) for _ in range(n)] + ["<sep>"]
    half = [rng.choice(SYMBOLS) for _ in range(n // 2)]
    if task == "palindrome":
        middle = [rng.choice(SYMBOLS)] if n % 2 else []
        word = half + middle + half[::-1]
    else:
        word = half + half + ([rng.choice(SYMBOLS)] if n % 2 else [])
    if rng.random() < 0.5 and word:
        i = rng.randrange(len(word))
        word[i] = "b" if word[i] == "a" else "a"
    return word


def generate(task, n, count, seed):
    rng = random.Random("%s:%d:%d" % (task, seed, n))
    for _ in range(count if n >= 1 else 0):
        tokens = draw(task, n, rng)
        print(json.dumps({"input": " ".join(tokens), "answer": answer(task, tokens)}))


def oracle(task):
    for line in iter(sys.stdin.buffer.readline, b""):
        try:
            result = answer(task, json.loads(line)["input"].split())
        except Exception:  # malformed line: not an instance
            result = None
        sys.stdout.write(json.dumps({"answer": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task", choices=["palindrome", "ww", "copy_repeats", "reverse_repeats"])
    ap.add_argument("--oracle", action="store_true", help="answer stdin lines")
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.oracle:
        oracle(args.task)
    else:
        generate(args.task, args.length, args.count, args.seed)
