"""`python3 -m crasp_model train TASK|SPEC [options]`: train transformers on a task with the
papers' recipe and put their accuracy per length bin beside crasp's verdict (docs/training.md).

Exit codes: 0 done, 1 an error (unknown task, bad spec, a run that diverged), 2 usage.
"""

import argparse
import os
import sys
import time

from . import data, experiment, loop


def _lengths(text):
    lo, _, hi = text.replace("..", "-").partition("-")
    lo, hi = int(lo), int(hi or lo)
    if lo < 1 or hi < lo:
        raise argparse.ArgumentTypeError(f"'{text}' is not a length range LO..HI with 1 <= LO <= HI")
    return (lo, hi)


def _bins(text):
    try:
        return tuple(data.bins_of(text))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _ints(text):
    try:
        return [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a comma-separated list of integers") from None


def _pes(text):
    pes = [s.strip() for s in text.split(",") if s.strip()]
    bad = [p for p in pes if p not in ("ape", "rope", "nope")]
    if bad or not pes:
        raise argparse.ArgumentTypeError(f"positional encodings are ape, rope, nope (got '{text}')")
    return pes


def parser():
    p = argparse.ArgumentParser(
        prog="python3 -m crasp_model train",
        description="train transformers on a crasp task (catalogue name or task spec .toml) and "
                    "report accuracy per length bin beside crasp's verdict")
    p.add_argument("task", help="a catalogue task (crasp tasks lists them) or a task spec (.toml)")
    p.add_argument("--out", help="the run folder (default: runs/TASK)")
    p.add_argument("--pe", type=_pes, default=["ape"], help="ape, rope, nope or a list (default ape)")
    p.add_argument("--arch", choices=["gpt2", "crasp"], default="gpt2",
                   help="gpt2: the papers' pre-LN GPT-2; crasp: crasp's post-LN ReLU layout, saved "
                        "in crasp's model format (default gpt2)")
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--heads", type=int, default=2)
    p.add_argument("--d-model", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--steps", type=int, default=30000, help="step budget per run (default 30000)")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--warmup", type=int, default=0, help="linear warm-up steps (default 0)")
    p.add_argument("--weight-decay", type=float, default=0.01)
    p.add_argument("--train-lengths", type=_lengths, default=(1, 50), metavar="LO..HI",
                   help="training lengths, as the task's --length counts (default 1..50; "
                        "raised to the task's shortest)")
    p.add_argument("--bins", type=_bins, default=((51, 100), (101, 150)), metavar="A-B,C-D",
                   help="test bins (default 51-100,101-150)")
    p.add_argument("--regularizer", type=float, default=0.0, metavar="COEF",
                   help="weight of the penalty on the positional attention product (APE only)")
    p.add_argument("--seeds", type=_ints, default=[0, 1, 2], metavar="S,S,...")
    p.add_argument("--sweep", action="store_true",
                   help="the papers' grid {1,2,4} layers x {1,2,4} heads x {16,64,256} width x "
                        "{1e-3,1e-4} lr, and their selection rule")
    p.add_argument("--eval-count", type=int, default=256, help="held-out instances per bin")
    p.add_argument("--eval-every", type=int, default=500, help="steps between training-range checks")
    p.add_argument("--no-early-stop", action="store_true",
                   help="train for every step of the budget, even after the training range is exact")
    p.add_argument("--init-from", metavar="MODEL.safetensors",
                   help="start from a model compiled by crasp (the exact solution) instead of "
                        "random weights, and report whether training keeps it exact")
    p.add_argument("--device", default="cpu", help="cpu or cuda (default cpu)")
    p.add_argument("--threads", type=int, default=0, help="torch CPU threads (default: torch's)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return p


def _progress(err, quiet):
    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    state = {"bar": None, "key": None}

    def tick(done, total, config, seed, step, steps, point):
        if quiet:
            return
        key = (config.label(), seed)
        desc = f"[{done + 1}/{total}] {config.label()} seed {seed}"
        if tqdm is not None and err.isatty():
            if state["key"] != key:
                if state["bar"]:
                    state["bar"].close()
                state["bar"], state["key"] = tqdm(total=steps, desc=desc, file=err, leave=False), key
            bar = state["bar"]
            bar.update(step - bar.n)
            bar.set_postfix(loss=f"{point['loss']:.3g}", train_acc=f"{point['train_accuracy']:.3f}")
        else:
            print(f"{desc}: step {step}/{steps} loss {point['loss']:.4g} training-range accuracy "
                  f"{point['train_accuracy']:.3f}", file=err, flush=True)

    def close():
        if state["bar"]:
            state["bar"].close()

    return tick, close


def _table(doc, out):
    bins = [f"{b['lo']}-{b['hi']}" for b in doc["configs"][0]["mean"]["bins"]]
    print(f"{doc['task']} ({doc['framing']}): accuracy per length bin (training lengths "
          f"{doc['train_lengths'][0]}-{doc['train_lengths'][1]} first)", file=out)
    w = max([22] + [len(r["label"]) for r in doc["configs"]])
    head = f"  {'config':<{w}} {'seed':>4} {'steps':>6} {'conv':>6} " + " ".join(f"{b:>9}" for b in bins)
    print(head, file=out)
    for r in doc["configs"]:
        for run in r["runs"]:
            conv = run["steps_to_convergence"]
            print(f"  {r['label']:<{w}} {run['seed']:>4} {run['steps']:>6} "
                  f"{'-' if conv is None else conv:>6} " +
                  " ".join(f"{b['accuracy']:>9.3f}" for b in run["bins"]), file=out)
        print(f"  {r['label']:<{w}} {'mean':>4} {'':>6} {r['mean']['converged']:>3}/{len(r['runs']):<2} " +
              " ".join(f"{b['accuracy']:>9.3f}" for b in r["mean"]["bins"]), file=out)
    if doc.get("baseline"):
        print(f"  {'majority answer':<{w}} {'':>4} {'':>6} {'':>6} " +
              " ".join(f"{b['accuracy']:>9.3f}" for b in doc["baseline"]), file=out)
    for r in doc["configs"]:
        if "bins_at_start" in r["mean"]:
            print(f"  {'before training':<{w}} {'mean':>4} {'':>6} {'':>6} " +
                  " ".join(f"{b['accuracy']:>9.3f}" for b in r["mean"]["bins_at_start"]), file=out)
            print(f"outcome: {r['outcome']}", file=out)
    for pe, label in (doc.get("selected") or {}).items():
        print(f"selected for {pe} (100% on the training lengths, best on the first test bin, "
              f"simplest first): {label or 'none fits its training lengths'}", file=out)
    v = doc["verdicts"]
    if v:
        print(f"crasp's verdict: C-RASP[pos] (APE, RoPE) {v.get('ape', '?')}; C-RASP (NoPE) "
              f"{v.get('nope', '?')}", file=out)
    else:
        print("crasp's verdict: run `crasp check` on the spec (it decides from the spec's "
              "program, reductions and the communication bound)", file=out)


def main(argv=None, out=None, err=None):
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        import torch
    except ImportError:
        print("error: training needs PyTorch (Debian: python3-torch; pip: torch)", file=err)
        return 1
    if args.threads:
        torch.set_num_threads(args.threads)
    for name in ("layers", "heads", "d_model", "steps", "batch", "eval_count", "eval_every"):
        if getattr(args, name) < 1:
            print(f"error: --{name.replace('_', '-')} must be at least 1", file=err)
            return 2
    base = loop.Config(arch=args.arch, layers=args.layers, heads=args.heads, d_model=args.d_model,
                       lr=args.lr, steps=args.steps, batch=args.batch, warmup=args.warmup,
                       weight_decay=args.weight_decay, regularizer=args.regularizer,
                       train_lengths=args.train_lengths, bins=args.bins, eval_count=args.eval_count,
                       eval_every=args.eval_every, early_stop=not args.no_early_stop,
                       device=args.device)
    if args.init_from and (args.sweep or len(args.pe) > 1):
        print("error: --init-from trains the one model it is given (no --sweep, one --pe)", file=err)
        return 2
    configs = []
    for pe in args.pe:
        b = loop.Config(**{**base.__dict__, "pe": pe})
        configs.extend(experiment.sweep_configs(b) if args.sweep else [b])
    bad = [c.label() for c in configs if c.d_model % c.heads]
    if bad:
        print(f"error: d_model must be a multiple of heads ({', '.join(bad)})", file=err)
        return 2
    name = os.path.splitext(os.path.basename(args.task))[0]
    out_dir = args.out or os.path.join("runs", name)
    tick, close = _progress(err, args.quiet)
    start = time.time()
    try:
        if args.init_from:
            doc = experiment.run_from(args.init_from, args.task, configs[0], args.seeds, out_dir, tick)
        else:
            doc = experiment.run(args.task, configs, args.seeds, out_dir, tick, sweep=args.sweep)
    except Exception as e:  # crasp.Error, ValueError (unknown task), FloatingPointError
        close()
        print(f"{args.task}: error: {e}", file=err)
        return 1
    close()
    _table(doc, out)
    print(f"wrote {out_dir}/metrics.json, trained.toml, accuracy.svg, learning.svg and "
          f"{sum(len(r['runs']) for r in doc['configs'])} checkpoints in {time.time() - start:.0f} s",
          file=out)
    return 0
