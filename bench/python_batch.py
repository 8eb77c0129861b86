"""Throughput of import crasp against the library and the CLI (docs/performance.md, "Python").

  run_batch: Program.run_batch on 1,000 inputs of 1,000 tokens (uniform over the program's
             vocabulary), one thread and all cores, for dyck1 and UR: the shape of
             bench/bench_batch.cpp, whose C++ loop is the one each thread of run_batch runs.
  generate:  crasp.generate("UR", length=50, count=100000) against the CLI's
             `crasp tasks UR --generate --length 50 --count 100000` (JSON lines on stdout).

Run with the build tree's package: PYTHONPATH=build/release/python python3 bench/python_batch.py
[--crasp build/release/src/cli/crasp]. Best of three runs each.
"""
import argparse
import os
import random
import subprocess
import time

import crasp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crasp", default=os.path.join(ROOT, "build", "release", "src", "cli", "crasp"))
    args = ap.parse_args()
    for name in ("dyck1.cr", "ur.crasp"):
        p = crasp.parse(os.path.join(ROOT, "programs", name))
        rng = random.Random(1)
        vocab = list(p.vocabulary)
        inputs = [[rng.choice(vocab) for _ in range(1000)] for _ in range(1000)]
        for threads in (1, 0):
            s = best(lambda: p.run_batch(inputs, threads=threads))
            print(f"run_batch {name:9} threads={threads or 'all'}: {s:.3f} s, "
                  f"{1000 / s:,.0f} inputs/s, {1e6 / s:,.0f} tokens/s")
    n = 100_000
    s = best(lambda: crasp.generate("UR", length=50, count=n, seed=1), runs=1)
    print(f"crasp.generate UR length 50: {n / s:,.0f} instances/s")
    s = best(lambda: subprocess.run([args.crasp, "tasks", "UR", "--generate", "--length", "50",
                                     "--count", str(n), "--seed", "1"], check=True,
                                    stdout=subprocess.DEVNULL), runs=1)
    print(f"crasp tasks UR --generate --length 50 (CLI, JSON lines): {n / s:,.0f} instances/s")


if __name__ == "__main__":
    main()
