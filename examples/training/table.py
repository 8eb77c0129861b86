"""The table of docs/training.md from crasp_model train's metrics.json files: per task, crasp's
verdict and each positional encoding's mean accuracy (over seeds) per length bin, with the
number of seeds that fit their training lengths exactly, and the accuracy of always giving the
most frequent answer of each held-out set (the floor to read the others against).

    python3 examples/training/table.py runs/cpu/*/metrics.json
"""
import json
import sys


def main(paths):
    docs = [json.load(open(p, encoding="utf-8")) for p in paths]
    if not docs:
        sys.exit("usage: table.py METRICS.json...")
    bins = [f"{b['lo']}-{b['hi']}" for b in docs[0]["configs"][0]["mean"]["bins"]]
    print("| task | C-RASP[pos] | NoPE (C-RASP) | model | " + " | ".join(bins) + " | fit |")
    print("|---|---|---|---|" + "---|" * len(bins) + "---|")
    for doc in sorted(docs, key=lambda d: (d["verdicts"].get("ape") != "yes", d["task"])):
        v = doc["verdicts"]
        for k, r in enumerate(doc["configs"]):
            cells = " | ".join(f"{b['accuracy']:.3f}" for b in r["mean"]["bins"])
            first = k == 0
            print(f"| {doc['task'] if first else ''} | {v.get('ape', '') if first else ''} | "
                  f"{v.get('nope', '') if first else ''} | {r['label']} | {cells} | "
                  f"{r['mean']['converged']}/{len(r['runs'])} |")
        if doc.get("baseline"):
            cells = " | ".join(f"{b['accuracy']:.3f}" for b in doc["baseline"])
            print(f"| | | | *majority answer* | {cells} | |")


if __name__ == "__main__":
    main(sys.argv[1:])
