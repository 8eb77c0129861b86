"""An experiment: one task, one or more configurations (a sweep), several seeds; the same
held-out instances for every run; the papers' selection rule over a sweep.
"""

import dataclasses
import itertools
import json
import os

from . import data, loop, report

# The papers' grid (Huang et al., arXiv 2410.02140): layers x heads x width x learning rate.
SWEEP = {"layers": (1, 2, 4), "heads": (1, 2, 4), "d_model": (16, 64, 256), "lr": (1e-3, 1e-4)}


def sweep_configs(base):
    out = []
    for layers, heads, d, lr in itertools.product(*SWEEP.values()):
        if d % heads:
            continue
        out.append(loop.Config(**{**base.__dict__, "layers": layers, "heads": heads,
                                  "d_model": d, "lr": lr}))
    return out


def select(results):
    """The papers' rule: among configurations at 100% on the training range (mean over seeds),
    the best on the first test bin; ties go to the simplest (fewer layers, heads, width). None
    when no configuration fits its training range."""
    fitting = [r for r in results if r["mean"]["train"] == 1.0]
    if not fitting:
        return None
    return min(fitting, key=lambda r: (-r["mean"]["first_test"], r["simplicity"]))


def held_out(task, config, seed):
    """The fixed evaluation sets: the training range, then every test bin."""
    lo, hi = config.train_lengths
    sets = {"train": data.sample(task, lo, hi, config.eval_count, data.stream_seed(seed, "eval-train"))}
    for b in config.bins:
        sets[tuple(b)] = data.sample(task, b[0], b[1], config.eval_count,
                                     data.stream_seed(seed, "eval", *b))
    return sets


def baselines(framed_sets, config):
    """Per held-out set, the accuracy of always giving its most frequent whole answer: the
    floor a trained model's accuracy is read against (an acceptor's majority class)."""
    out = []
    for key, framed in framed_sets.items():
        counts = {}
        for _, targets in framed:
            answer = tuple(t for t in targets if t is not None)
            counts[answer] = counts.get(answer, 0) + 1
        lo, hi = config.train_lengths if key == "train" else key
        out.append({"lo": lo, "hi": hi, "train": key == "train",
                    "accuracy": max(counts.values()) / len(framed) if framed else 0.0})
    return out


def run(task_name, configs, seeds, out_dir, progress=None, sweep=False):
    """Trains every config x seed on the task; writes out_dir (metrics.json, trained.toml, the
    checkpoints, the plots) and returns the metrics document."""
    task = data.Task(task_name)
    os.makedirs(out_dir, exist_ok=True)
    # Held-out sets and the vocabulary come from a seed of their own: every run of the
    # experiment is judged on the same instances.
    raw = held_out(task, configs[0], "heldout")
    vocab = data.Vocabulary([data.BOS, data.SEP, data.EOS, data.ACCEPT, data.REJECT])
    framed_sets = {}
    for key, rows in raw.items():
        framed_sets[key] = [data.frame(task.kind, inst) for _, inst in rows]
        for tokens, targets in framed_sets[key]:
            for t in tokens + [t for t in targets if t is not None]:
                vocab.add(t)
    # The training range may hold tokens the held-out sample missed: a first chunk adds them.
    for _, inst in data.sample(task, *configs[0].train_lengths, 4096, data.stream_seed("vocab")):
        tokens, targets = data.frame(task.kind, inst)
        for t in tokens + [t for t in targets if t is not None]:
            vocab.add(t)
    results = []
    total = len(configs) * len(seeds)
    done = 0
    for config in configs:
        runs = []
        for seed in seeds:
            def tick(step, steps, point, config=config, seed=seed):
                if progress:
                    progress(done, total, config, seed, step, steps, point)
            model, result = loop.run(task, config, seed, vocab, framed_sets, tick)
            result["checkpoint"] = report.save_checkpoint(model, vocab, task, config, seed, out_dir)
            runs.append(result)
            done += 1
        results.append(report.summarize(config, runs))
    # The papers select per positional encoding: the best APE model, the best RoPE model, ...
    selected = None
    if sweep:
        selected = {}
        for pe in dict.fromkeys(c.pe for c in configs):
            best = select([r for r in results if r["config"]["pe"] == pe])
            selected[pe] = None if best is None else best["label"]
    doc = report.metrics_document(task, configs[0], seeds, vocab, results, selected,
                                  baselines(framed_sets, configs[0]))
    report.write_all(doc, out_dir)
    return doc


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def run_from(model_path, task_name, config, seeds, out_dir, progress=None):
    """--init-from: trains the compiled model at `model_path` on the task, once per seed (the
    seed orders the training data); records each run's accuracy per bin before and after, and
    writes the trained weights back in crasp's format (float64)."""
    import torch

    from ..torch_module import CraspTransformer
    from . import init_from

    task = data.Task(task_name)
    compiled = init_from.load(model_path)
    frame = init_from.framing(compiled, task.kind)
    vocab = init_from.ModelVocabulary(compiled)
    os.makedirs(out_dir, exist_ok=True)
    raw = held_out(task, config, "heldout")
    framed_sets = {key: [frame(inst) for _, inst in rows] for key, rows in raw.items()}
    config.pe = compiled.pe
    pe_name = {"ape": "APE", "rope": "RoPE", "nope": "NoPE"}[compiled.pe]
    label = f"{os.path.basename(model_path)} ({pe_name}, trained on)"
    shown = dataclasses.replace(config)
    shown.label = lambda: label  # progress names the model, not a fresh architecture
    runs = []
    for k, seed in enumerate(seeds):
        def tick(step, steps, point, seed=seed, k=k):
            if progress:
                progress(k, len(seeds), shown, seed, step, steps, point)
        net = CraspTransformer(compiled, torch.float64, trainable=True)
        net, result = loop.run(task, config, seed, vocab, framed_sets, tick, init=net, frame=frame)
        result["checkpoint"] = report.save_trained_compiled(net, compiled, task, config, seed,
                                                            model_path, out_dir)
        runs.append(result)
    summary = report.summarize(config, runs)
    summary["label"] = label
    summary["init_from"] = os.path.abspath(model_path)
    summary["mean"]["bins_at_start"] = [
        {**b, "accuracy": sum(r["bins_at_start"][i]["accuracy"] for r in runs) / len(runs)}
        for i, b in enumerate(runs[0]["bins_at_start"])]
    summary["outcome"] = outcome(summary["mean"]["bins_at_start"], summary["mean"]["bins"])
    doc = report.metrics_document(task, config, seeds, vocab, [summary], None,
                                  baselines(framed_sets, config))
    report.write_all(doc, out_dir)
    return doc


def outcome(before, after):
    """'kept exact' (every bin exact before stays exact), 'drifted' (an exact bin lost accuracy
    but the training lengths stayed exact) or 'broke' (the training lengths lost it too); and
    'not exact at the start' when the compiled model was not exact to begin with."""
    exact = [b["accuracy"] == 1.0 for b in before]
    if not all(exact):
        return "not exact at the start"
    if all(a["accuracy"] == 1.0 for a in after):
        return "kept exact"
    if after[0]["accuracy"] == 1.0:
        return "drifted (exact on the training lengths, not past them)"
    return "broke (not exact on the training lengths)"
