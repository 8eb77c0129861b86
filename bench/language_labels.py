#!/usr/bin/env python3
"""The bundled witnesses of the `_next` and `_prefix` catalogue tasks, checked outside crasp.

usage: language_labels.py CRASP [--programs DIR] [--max-len N] [--only NAME,...]

Huang et al.'s formal languages (2025, arXiv 2410.02140) posed as Bhattamishra et al. (2020,
arXiv 2009.11264) pose them: `<language>_next` labels every position of a member with the set
of symbols that can follow that prefix (and `<eos>` where the prefix is itself a member);
`<language>_prefix` labels every position of any word with whether that prefix is a member.

The references here are written from the languages' definitions in Python, independently of
crasp's automata: membership comes from formal_languages.py, and a next-symbol set is read off
membership by trying completions (bounded by the longest shortest completion the language
needs, argued per language below) or, for bounded Dyck, by the depth. Before any program runs,
those next-symbol sets are themselves cross-checked against a plain search over every
completion up to 8 symbols, on every prefix up to 6 symbols.

Every program is then run with `CRASP run` (its answer at the last position, which for a
program with next rules is the one token whose NEXT holds) on every word up to --max-len
symbols (default: the longest length whose words stay within 400,000, at most 14) that is a
prefix of a member (`_next`: these are exactly the positions of all members up to that length)
or on every word (`_prefix`), and on every longer prefix of long hard words (depth-12 Dyck
words, long runs; members only for `_next`). It prints one row per task: inputs checked, how
many of them are members, and wrong answers (must be 0).
"""
import argparse
import itertools
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from formal_languages import LANGUAGES, hard_words  # noqa: E402

MEMBER = {name: member for name, _, _, member, _, _ in LANGUAGES}
SIGMA = {name: sigma for name, sigma, _, _, _, _ in LANGUAGES}


def completions(sigma, bound):
    for n in range(bound + 1):
        yield from itertools.product(sigma, repeat=n)


def next_by_search(member, sigma, bound):
    """The next-symbol set read off membership: s is legal after p when p s c is a member for
    some completion c of at most `bound` symbols."""
    cs = list(completions(sigma, bound))

    def legal(p):
        out = [s for s in sigma if any(member(list(p) + [s] + list(c)) for c in cs)]
        return out + (["<eos>"] if member(list(p)) else [])
    return legal


def dyck_next(n):
    def legal(p):
        d = 0
        for c in p:
            d += 1 if c == "a" else -1
            if d < 0 or d > n:
                return []
        return (["a"] if d < n else []) + (["b"] if d > 0 else []) + (["<eos>"] if d == 0 else [])
    return legal


# task, language, program, next (else prefix membership), next-symbol reference.
# Completion bounds: Tomita 1, 4 and 7 are closed under prefixes, so a prefix is live exactly
# when it is a member (bound 0); a prefix of (10)* lacks at most its closing 0, and a prefix of
# {a,b}*d{b,c}* at most its d (bound 1).
TASKS = [
    ("tomita1_next", "tomita1", "tomita1_next.crasp", True,
     next_by_search(MEMBER["tomita1"], "01", 0)),
    ("tomita2_next", "tomita2", "tomita2_next.crasp", True,
     next_by_search(MEMBER["tomita2"], "01", 1)),
    ("tomita4_next", "tomita4", "tomita4_next.crasp", True,
     next_by_search(MEMBER["tomita4"], "01", 0)),
    ("tomita7_next", "tomita7", "tomita7_next.crasp", True,
     next_by_search(MEMBER["tomita7"], "01", 0)),
    ("D2_next", "D2", "d2_next.crasp", True, dyck_next(2)),
    ("D3_next", "D3", "d3_next.crasp", True, dyck_next(3)),
    ("D4_next", "D4", "d4_next.crasp", True, dyck_next(4)),
    ("D12_next", "D12", "d12_next.crasp", True, dyck_next(12)),
    ("ab_d_bc_next", "ab_d_bc", "ab_d_bc_next.crasp", True,
     next_by_search(MEMBER["ab_d_bc"], "abcd", 1)),
    ("aa_star_prefix", "aa_star", "aa_star.crasp", False, None),
    ("aaaa_star_prefix", "aaaa_star", "aaaa_star.crasp", False, None),
    ("abab_star_prefix", "abab_star", "abab_star.crasp", False, None),
    ("abcde_runs_prefix", "a_to_e", "abcde_runs.crasp", False, None),
]


def label_word(symbols):
    return "{" + ",".join(symbols) + "}"


def words_up_to(sigma, max_len):
    for n in range(1, max_len + 1):
        for w in itertools.product(sigma, repeat=n):
            yield list(w)


def default_max_len(sigma):
    cap = 200 if len(sigma) == 1 else 14
    n = total = 0
    while n < cap and total + len(sigma) ** (n + 1) <= 400000:
        n += 1
        total += len(sigma) ** n
    return n


def long_words(language, sigma, members_only):
    """Long words whose every prefix is checked: the deepest Dyck words, long runs, near
    misses (members only for a `_next` task)."""
    member = MEMBER[language]
    out = list(hard_words(language, sigma))
    if language.startswith("D"):
        n = int(language[1:])
        out.append((["a"] * n + ["b"] * n) * 4)
        out.append(["a", "b"] * 20 + ["a"] * n + ["b"] * (n - 1) + ["a", "b"] + ["b"])
    if language == "ab_d_bc":
        out.append(list("ab" * 30 + "d" + "bc" * 30))
    if language == "tomita7":
        out.append(list("0" * 30 + "1" * 30 + "0" * 30 + "1" * 30))
    if language == "tomita2":
        out.append(list("10" * 60))
    if language == "abab_star":
        out.append(list("abab" * 30))
        out.append(list("abab" * 15 + "abba" + "abab" * 15))
    return [w for w in out if member(w) or not members_only]


def run(crasp, program, words):
    text = "\n".join(" ".join(w) for w in words) + "\n"
    out = subprocess.run([crasp, "run", program], input=text, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    if len(out) != len(words):
        raise SystemExit(f"{program}: {len(out)} answers for {len(words)} inputs")
    return [line.rsplit(": ", 1)[1] for line in out]


def cross_check():
    """The next-symbol references against a plain search over completions up to 8 symbols on
    every prefix up to 6 symbols (enough for these languages: a prefix of 6 symbols of a Dyck
    word has depth at most 6)."""
    bad = 0
    for task, language, _, nxt, legal in TASKS:
        if not nxt:
            continue
        sigma = SIGMA[language]
        plain = next_by_search(MEMBER[language], sigma, 8 if len(sigma) == 2 else 3)
        for w in words_up_to(sigma, 6 if len(sigma) == 2 else 4):
            if legal(w) != plain(w):
                bad += 1
                print(f"{task}: reference {legal(w)} but search {plain(w)} after {w}",
                      file=sys.stderr)
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("crasp")
    ap.add_argument("--programs", default=os.path.join(os.path.dirname(__file__), "..",
                                                      "programs"))
    ap.add_argument("--max-len", type=int, default=0)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    if cross_check():
        print("the next-symbol references disagree with the plain search", file=sys.stderr)
        return 1
    print("| task | program | all words up to | inputs checked | of them members | wrong |")
    print("|---|---|---|---|---|---|")
    total_wrong = 0
    for task, language, program, nxt, legal in TASKS:
        if only and task not in only:
            continue
        sigma = SIGMA[language]
        member = MEMBER[language]
        max_len = args.max_len or default_max_len(sigma)
        words, expected = [], []
        members = 0
        # Every word up to max_len (for _next, the live ones: the positions of the members),
        # then every longer prefix of the long words.
        longs = long_words(language, sigma, nxt)
        pool = list(words_up_to(sigma, max_len))
        pool += [w[:k] for w in longs for k in range(max_len + 1, len(w) + 1)]
        pool = list(dict.fromkeys(tuple(w) for w in pool))
        pool = [list(w) for w in pool]
        for w in pool:
            if member(w):
                members += 1
            if nxt:
                labels = legal(w)
                if not labels:
                    continue
                expected.append(label_word(labels))
            else:
                expected.append("True" if member(w) else "False")
            words.append(w)
        got = run(args.crasp, os.path.join(args.programs, program), words)
        wrong = [(w, e, g) for w, e, g in zip(words, expected, got) if e != g]
        total_wrong += len(wrong)
        for w, e, g in wrong[:5]:
            print(f"{task}: {' '.join(w)} => {g} (expected {e})", file=sys.stderr)
        print(f"| {task} | {program} | {max_len} | {len(words)} | {members} | {len(wrong)} |",
              flush=True)
    if total_wrong:
        print(f"{total_wrong} WRONG ANSWERS", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
