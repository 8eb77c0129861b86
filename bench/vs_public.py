#!/usr/bin/env python3
"""crasp run against the public C-RASP interpreter, whole process, alternating.

usage: vs_public.py PUBLIC_DIR N[,N...] CRASP_RUNS PUBLIC_RUNS CRASP_BINARY...

PUBLIC_DIR holds the public interpreter (crasp.py and its antlr/ parser; not part of crasp).
For each N it writes one line of N random a/b/c tokens (seeded by N), runs every CRASP_BINARY
`run` on the trigram program below CRASP_RUNS times and the public interpreter PUBLIC_RUNS times
(0 skips it), alternating, checks that all of them give the same verdict, and prints the fastest
and median wall time of each with the load average. Python's own fork and exec are included
(about 1.5 ms for /bin/true here), the same for both sides.
"""
import os
import random
import subprocess
import sys
import tempfile
import time

TRIGRAM = """#import pred
PREV_A = (#[pred] "a") >= 1
PREV_AB = (#[pred] ("b" && PREV_A)) >= 1
N = # ("c" && PREV_AB)
L = N > 3
"""


def timed(cmd, input_path, cwd=None):
    with open(input_path) as f:
        start = time.perf_counter()
        r = subprocess.run(cmd, stdin=f, capture_output=True, text=True, cwd=cwd)
        elapsed = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"{cmd[0]} failed ({r.returncode}): {r.stderr}")
    # Both print "<id> <tokens>: <verdict>"; crasp says false/true, Python False/True.
    return elapsed, r.stdout.strip().rsplit(":", 1)[-1].strip().lower()


def summary(times):
    if not times:
        return "-"
    times = sorted(times)
    return f"{times[0] * 1e3:.2f} ms, {times[len(times) // 2] * 1e3:.2f} ms"


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    public_dir = os.path.abspath(sys.argv[1])
    sizes = [int(n) for n in sys.argv[2].split(",")]
    crasp_runs, public_runs = int(sys.argv[3]), int(sys.argv[4])
    binaries = [os.path.abspath(b) for b in sys.argv[5:]]
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, "trigram.cr")
        with open(program, "w") as f:
            f.write(TRIGRAM)
        for n in sizes:
            rng = random.Random(n)
            line = os.path.join(tmp, f"in_{n}.txt")
            with open(line, "w") as f:
                f.write(" ".join(rng.choice("abc") for _ in range(n)) + "\n")
            times = {b: [] for b in binaries}
            public, verdicts = [], set()
            for r in range(max(crasp_runs, public_runs)):
                for b in binaries:
                    if r < crasp_runs:
                        t, v = timed([b, "run", program], line)
                        times[b].append(t)
                        verdicts.add(v)
                if r < public_runs:
                    t, v = timed([sys.executable, "crasp.py", "-c", program, "-t", os.devnull],
                                 line, cwd=public_dir)
                    public.append(t)
                    verdicts.add(v)
            if len(verdicts) != 1:
                sys.exit(f"n = {n}: the verdicts differ: {sorted(verdicts)}")
            load = " ".join(open("/proc/loadavg").read().split()[:3])
            print(f"n = {n} (verdict {verdicts.pop()}, load {load})")
            print(f"  public interpreter: {summary(public)}")
            for b in binaries:
                lead = f", lead {min(public) / min(times[b]):.0f}x" if public else ""
                print(f"  {b}: {summary(times[b])}{lead}")


if __name__ == "__main__":
    main()
