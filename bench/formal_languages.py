#!/usr/bin/env python3
"""crasp synth on the 18 formal languages of Huang et al. (2025, arXiv 2410.02140), as
regular-language task specs, each program found checked outside crasp.

usage: formal_languages.py CRASP [--time-limit S] [--max-size N] [--max-memory-mib M]
                             [--only NAME,...] [--json OUT] [--max-len N]

For every language the script writes a spec (`regex = ...`, or `dfa = ...` for Tomita 3, 5
and 6) with format accept and no program, runs `CRASP synth SPEC --json`, and, when a program
is found, runs it with `CRASP run` on every word over the alphabet up to --max-len symbols
(default: the longest length whose words stay within 200,000, at most 15) and on hard long
words (depth 13 for D_12, a^k b^k runs, ...), comparing each verdict with a membership
predicate written here in Python, independently of crasp's automata. It prints one row per
language: the paper's verdict, what synth reported, the program's class and size, the search's
peak resident memory (the synth process's maximum RSS, from the kernel), and the number of words
on which the program is wrong (must be 0 for every program found). --max-size and
--max-memory-mib are passed to synth when given (otherwise synth's defaults apply).
"""
import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time

# --- membership, written independently of crasp -------------------------------------------


def runs(w):
    out = []
    for c in w:
        if out and out[-1][0] == c:
            out[-1][1] += 1
        else:
            out.append([c, 1])
    return out


def tomita3(w):
    # No odd run of 1s immediately followed by an odd run of 0s.
    r = runs(w)
    for (c1, n1), (c2, n2) in zip(r, r[1:]):
        if c1 == "1" and c2 == "0" and n1 % 2 == 1 and n2 % 2 == 1:
            return False
    return True


def dyck(n):
    def member(w):
        d = 0
        for c in w:
            d += 1 if c == "a" else -1
            if d < 0 or d > n:
                return False
        return d == 0
    return member


def blocks(letters):
    def member(w):
        r = runs(w)
        return [c for c, _ in r] == list(letters)
    return member


def ab_d_bc(w):
    if w.count("d") != 1:
        return False
    k = w.index("d")
    return all(c in "ab" for c in w[:k]) and all(c in "bc" for c in w[k + 1:])


def ends_02star(w):
    s = "".join(w).rstrip("2")
    return s.endswith("0")


# name, alphabet, regex or dfa text, member, paper verdict (C-RASP[pos]), NoPE verdict
LANGUAGES = [
    ("tomita1", "01", "1*", lambda w: all(c == "1" for c in w), "yes", "yes"),
    ("tomita2", "01", "(10)*", lambda w: len(w) % 2 == 0 and all(
        c == ("1" if i % 2 == 0 else "0") for i, c in enumerate(w)), "yes", "?"),
    ("tomita3", "01", "dfa:alphabet 0 1\nstart A\naccept A B E\nA 0 A\nA 1 B\nB 1 A\nB 0 D\n"
                      "D 0 E\nE 0 D\nE 1 B\n", tomita3, "no", "no"),
    ("tomita4", "01", "(1|01|001)*(|0|00)", lambda w: "000" not in "".join(w), "yes", "?"),
    ("tomita5", "01", "dfa:alphabet 0 1\nstart ee\naccept ee\nee 0 oe\noe 0 ee\neo 0 oo\n"
                      "oo 0 eo\nee 1 eo\neo 1 ee\noe 1 oo\noo 1 oe\n",
     lambda w: w.count("0") % 2 == 0 and w.count("1") % 2 == 0, "no", "no"),
    ("tomita6", "01", "dfa:alphabet 0 1\nstart r0\naccept r0\nr0 0 r1\nr1 0 r2\nr2 0 r0\n"
                      "r0 1 r2\nr1 1 r0\nr2 1 r1\n",
     lambda w: (w.count("0") - w.count("1")) % 3 == 0, "no", "no"),
    ("tomita7", "01", "0*1*0*1*", lambda w: len(runs(w)) <= 4 and (not w or w[0] == "0" or
                                                                    len(runs(w)) <= 3), "yes", "?"),
    ("D2", "ab", "(a(ab)*b)*", dyck(2), "yes", "?"),
    ("D3", "ab", "(a(a(ab)*b)*b)*", dyck(3), "yes", "?"),
    ("D4", "ab", "(a(a(a(ab)*b)*b)*b)*", dyck(4), "yes", "?"),
    ("D12", "ab", "(a(a(a(a(a(a(a(a(a(a(a(ab)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*b)*", dyck(12),
     "yes", "?"),
    ("aa_star", "a", "(aa)*", lambda w: len(w) % 2 == 0, "yes", "no"),
    ("aaaa_star", "a", "(aaaa)*", lambda w: len(w) % 4 == 0, "yes", "no"),
    ("abab_star", "ab", "(abab)*", lambda w: len(w) % 4 == 0 and all(
        c == "ab"[i % 2] for i, c in enumerate(w)), "yes", "no"),
    ("a_to_e", "abcde", "aa*bb*cc*dd*ee*", blocks("abcde"), "yes", "?"),
    ("ab_d_bc", "abcd", "(a|b)*d(b|c)*", ab_d_bc, "yes", "?"),
    ("012_02star", "012", "(0|1|2)*02*", ends_02star, "no", "no"),
    ("parity", "01", "(0*10*1)*0*", lambda w: w.count("1") % 2 == 0, "no", "no"),
]


def hard_words(name, sigma):
    """Long words where a wrong program is likely to fail: deep nesting, runs, near misses."""
    out = []
    if name.startswith("D"):
        n = int(name[1:])
        for k in (n, n + 1, n + 2):
            out.append(["a"] * k + ["b"] * k)
            out.append(["a", "b"] * 3 + ["a"] * k + ["b"] * k + ["a", "b"])
        out.append(["a"] * n + ["b", "a"] + ["b"] * n)
    for c in sigma:
        for k in (50, 51, 100, 101, 997):
            out.append([c] * k)
    for a, b in itertools.permutations(sigma, 2):
        for k in (1, 2, 3, 49, 50):
            out.append([a] * k + [b] * (100 - k))
    if name == "a_to_e":
        out.append(list("aabbccddee") * 1)
        out.append(list("abcde") + list("e") * 50)
        out.append(list("abcdea"))
        out.append(list("aabbccdde") + list("d"))
    return out


def words_up_to(sigma, max_len):
    for n in range(1, max_len + 1):
        for w in itertools.product(sigma, repeat=n):
            yield list(w)


def run_program(crasp, program, words):
    with tempfile.NamedTemporaryFile("w", suffix=".crasp", delete=False) as f:
        f.write(program)
        path = f.name
    try:
        text = "\n".join(" ".join(w) for w in words) + "\n"
        out = subprocess.run([crasp, "run", path], input=text, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    finally:
        os.unlink(path)
    return [line.endswith("True") for line in out]


def peak_rss_mib(path):
    """The peak RSS /usr/bin/time wrote (KiB) in MiB, or '?'."""
    try:
        with open(path) as f:
            return int(f.read().split()[-1]) // 1024
    except (OSError, ValueError, IndexError):
        return "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("crasp")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--only", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--max-len", type=int, default=0)
    ap.add_argument("--max-size", type=int, default=0)
    ap.add_argument("--max-memory-mib", type=int, default=0)
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    rows = []
    work = tempfile.mkdtemp(prefix="crasp_languages_")
    print("| language | paper C-RASP[pos] | synth | class | size | rounds | search s | check s "
          "| peak RSS MiB | words checked | wrong |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    limits = []
    if args.max_size:
        limits += ["--max-size", str(args.max_size)]
    if args.max_memory_mib:
        limits += ["--max-memory-mib", str(args.max_memory_mib)]
    for name, sigma, spec, member, paper, paper_nope in LANGUAGES:
        if only and name not in only:
            continue
        toml = [f'name = "{name}"', 'format = "accept"', f'vocabulary = "{" ".join(sigma)}"']
        if spec.startswith("dfa:"):
            with open(os.path.join(work, name + ".dfa"), "w") as f:
                f.write(spec[4:])
            toml.append(f'dfa = "{name}.dfa"')
        else:
            toml.append(f'regex = "{spec}"')
        path = os.path.join(work, name + ".toml")
        with open(path, "w") as f:
            f.write("\n".join(toml) + "\n")
        t0 = time.time()
        # GNU time writes the process's peak RSS (%M, KiB) to a file of its own.
        rss_path = os.path.join(work, name + ".rss")
        timer = ["/usr/bin/time", "-f", "%M", "-o", rss_path] if os.path.exists("/usr/bin/time") else []
        res = subprocess.run(timer + [args.crasp, "synth", path, "--json", "--time-limit",
                                      str(args.time_limit)] + limits, capture_output=True, text=True)
        rss_mib = peak_rss_mib(rss_path)
        wall = time.time() - t0
        if res.returncode not in (0, 1):
            print(f"| {name} | {paper} | error: {res.stderr.strip()[:80]} |", flush=True)
            continue
        r = json.loads(res.stdout)
        checked = wrong = 0
        if r["found"]:
            max_len = args.max_len
            if max_len == 0:
                max_len, total = 0, 0
                while max_len < 15 and total + len(sigma) ** (max_len + 1) <= 200000:
                    max_len += 1
                    total += len(sigma) ** max_len
            words = list(words_up_to(sigma, max_len)) + hard_words(name, sigma)
            got = run_program(args.crasp, r["program"], words)
            checked = len(words)
            wrong = sum(1 for w, g in zip(words, got) if g != member(w))
        status = ("found, verified" if r["verified"] else "found, NOT verified") if r["found"] \
            else f"none up to size {r['complete_size']} ({r['stopped']})"
        print(f"| {name} | {paper} | {status} | {r['class'] or '-'} | {r['size'] or '-'} | "
              f"{len(r['rounds'])} | {r['seconds']:.1f} | {r['check_seconds']:.1f} | "
              f"{rss_mib} | {checked} | {wrong if r['found'] else '-'} |", flush=True)
        rows.append({"language": name, "paper": paper, "paper_nope": paper_nope,
                     "found": r["found"], "verified": r["verified"], "class": r["class"],
                     "size": r["size"], "stopped": r["stopped"], "plain_first": r.get("plain_first"),
                     "rounds": len(r["rounds"]), "seconds": r["seconds"],
                     "check_seconds": r["check_seconds"], "wall": wall, "peak_rss_mib": rss_mib,
                     "complete_size": r["complete_size"], "searched": r["searched"],
                     "furthest_complete_size": max((x.get("complete_size", 0) for x in r["rounds"]),
                                                   default=0),
                     "behaviours_per_size": r["behaviours_per_size"], "checked": checked,
                     "wrong": wrong, "program": r["program"]})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    bad = [x["language"] for x in rows if x["found"] and x["wrong"] > 0]
    if bad:
        print("WRONG PROGRAMS FOUND: " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
