#!/usr/bin/env python3
"""The crasp synth targets of docs/synth.md, measured: runs `crasp synth TASK --json` on each
(the default 60 s search and the full final check) and prints the markdown table docs/synth.md
shows. Usage: python3 bench/synth_targets.py [--crasp build/release/src/cli/crasp] [TASK ...]
"""
import argparse
import json
import subprocess
import sys
import time

FOUND = ["dyck1", "anbn", "aa_star", "contains_ab", "bin_majority", "majority", "copy_every_2",
         "examples/tasks/first_last.toml", "examples/tasks/a_gt_2b.toml",
         "examples/tasks/prefix_dyck.toml", "UR", "NRFirst"]
NOT_FOUND = ["parity", "NRLast", "repeat_copy"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crasp", default="build/release/src/cli/crasp")
    ap.add_argument("tasks", nargs="*")
    args = ap.parse_args()
    tasks = args.tasks or FOUND + NOT_FOUND
    print("| task | format | result | size | depth | rounds | largest size searched | "
          "behaviours (last round) | search s | check s | wall s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for task in tasks:
        t0 = time.monotonic()
        run = subprocess.run([args.crasp, "synth", task, "--json"], capture_output=True, text=True)
        wall = time.monotonic() - t0
        try:
            r = json.loads(run.stdout)
        except json.JSONDecodeError:
            print(f"| {task} | - | error (exit {run.returncode}): {run.stderr.strip()[:80]} |"
                  + " - |" * 8)
            continue
        if r["found"]:
            result = "found, verified" if r["verified"] else "found, NOT exact in the check"
        else:
            result = f"none up to size {r['complete_size']} ({r['stopped']})"
        size = r["size"] if r["found"] else "-"
        depth = r["depth"] if r["found"] else "-"
        largest = r["rounds"][-1]["size"] if r["rounds"] else 0
        name = task.split("/")[-1]
        print(f"| {name} | {r['format']} | {result} | {size} | {depth} | {len(r['rounds'])} | "
              f"{largest} | {r['searched']:,} | {r['seconds']:.1f} | {r['check_seconds']:.1f} | "
              f"{wall:.1f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
