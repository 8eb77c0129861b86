#!/usr/bin/env python3
"""A/B runs of Google Benchmark binaries on a noisy machine.

usage: minrun.py FILTER REPETITIONS BINARY...

Runs each binary REPETITIONS times, alternating between them, with --benchmark_filter=FILTER and
--benchmark_format=json, and prints the fastest CPU time of every benchmark per binary (and, for
two binaries, the first's time over the second's). The fastest run is the one least disturbed by
other work on a shared machine; alternating keeps both binaries under the same conditions.
"""
import collections
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    flt, reps, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    best = collections.defaultdict(dict)
    for _ in range(reps):
        for b in bins:
            out = subprocess.run([b, f"--benchmark_filter={flt}", "--benchmark_format=json"],
                                 capture_output=True, text=True, check=True).stdout
            for bm in json.loads(out)["benchmarks"]:
                k, t = bm["name"], bm["cpu_time"]
                if k not in best[b] or t < best[b][k][0]:
                    best[b][k] = (t, bm["time_unit"], bm.get("items_per_second"))
    for k in best[bins[0]]:
        row = [k]
        for b in bins:
            t, unit, rate = best[b][k]
            row.append(f"{t:.3g} {unit}" + (f" ({rate:.3g}/s)" if rate else ""))
        if len(bins) == 2:
            row.append(f"x{best[bins[0]][k][0] / best[bins[1]][k][0]:.2f}")
        print(" | ".join(row))


if __name__ == "__main__":
    main()
