"""What an experiment leaves in its folder (docs/training.md, "Output"):

  metrics.json     every run: config, seed, accuracy and loss per bin, steps, steps to
                   convergence, the learning curve; the mean per config; the selected config;
                   the majority-answer baseline per bin
  trained.toml     `[[trained]]` blocks (mean accuracy per bin of each config) to paste into a
                   task spec; `crasp check --trained metrics.json` reads the JSON directly
  accuracy.svg     accuracy per length bin, one line per config (mean) with each seed's points
  learning.svg     training loss and held-out training-range accuracy against steps, per run
  <label>_s<seed>.safetensors   the weights: crasp's model format for arch "crasp" (opens in
                   `crasp explain` and crasp_model), else the state dict ("crasp-trained")
"""

import json
import math
import os
import re
import struct

import numpy as np

from .. import __version__

FORMAT = "crasp-training-metrics"


def _mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else float("nan")


def summarize(config, runs):
    """One config's runs and their mean accuracy per bin (the train bin first)."""
    keys = [(b["lo"], b["hi"], b["train"]) for b in runs[0]["bins"]]
    mean_bins = []
    for k, (lo, hi, train) in enumerate(keys):
        mean_bins.append({"lo": lo, "hi": hi, "train": train,
                          "accuracy": _mean(r["bins"][k]["accuracy"] for r in runs),
                          "min": min(r["bins"][k]["accuracy"] for r in runs),
                          "max": max(r["bins"][k]["accuracy"] for r in runs)})
    test = [b for b in mean_bins if not b["train"]]
    conv = [r["steps_to_convergence"] for r in runs]
    return {"label": config.label(), "config": _config_json(config), "runs": runs,
            "mean": {"bins": mean_bins,
                     "train": mean_bins[0]["accuracy"],
                     "first_test": test[0]["accuracy"] if test else float("nan"),
                     "converged": sum(c is not None for c in conv)},
            "simplicity": list(config.simplicity())}


def _config_json(config):
    d = dict(config.__dict__)
    d["train_lengths"] = list(d["train_lengths"])
    d["bins"] = [list(b) for b in d["bins"]]
    return d


def metrics_document(task, config, seeds, vocab, results, selected, baseline=None):
    return {
        "format": FORMAT, "format_version": 1, "written_by": f"crasp_model {__version__}",
        "task": task.label, "task_argument": task.name, "framing": task.kind,
        "verdicts": task.verdicts,
        "train_lengths": list(config.train_lengths), "bins": [list(b) for b in config.bins],
        "seeds": list(seeds), "vocabulary": vocab.tokens,
        "configs": results,
        # The accuracy of always answering the held-out set's most frequent answer, per bin.
        "baseline": baseline,
        "selected": selected,
    }


def _toml_string(s):
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a TOML basic string here


def trained_toml(doc):
    """The [[trained]] blocks of a metrics document: one per config, mean accuracy per bin."""
    lines = [f"# crasp_model train {doc['task_argument']}: mean accuracy over seeds "
             f"{', '.join(str(s) for s in doc['seeds'])} ({doc['written_by']})"]
    for r in doc["configs"]:
        lines.append("[[trained]]")
        lines.append(f"label = {_toml_string(r['label'] + ' (crasp_model train)')}")
        bins = ", ".join(f"{{ lo = {b['lo']}, hi = {b['hi']}, accuracy = {b['accuracy']:.4f} }}"
                         for b in r["mean"]["bins"])
        lines.append(f"bins = [ {bins} ]")
    return "\n".join(lines) + "\n"


def _xml(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


def _svg_head(W, H, L, title, heading):
    """The opening lines of a plot: the svg element, its title and the heading at the top left."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
            f'font-family="sans-serif" font-size="12">',
            f"<title>{_xml(title)}</title>",
            f'<text x="{L}" y="20" font-size="14">{_xml(heading)}</text>']


def accuracy_svg(doc):
    """Accuracy against length: each bin at its midpoint, one line per config (the mean over
    seeds) and one dot per seed; the training range shaded."""
    W, H, L, R, T, B = 640, 360, 56, 200, 36, 44
    configs = doc["configs"]
    hi_len = max(b["hi"] for r in configs for b in r["mean"]["bins"])
    x = lambda v: L + (W - L - R) * v / hi_len
    y = lambda a: T + (H - T - B) * (1 - a)
    out = _svg_head(W, H, L, f'{doc["task"]}: trained accuracy per length',
                    f'{doc["task"]}: accuracy per length bin (crasp_model train)')
    lo, hi = doc["train_lengths"]
    out.append(f'<rect x="{x(lo - 0.5):.1f}" y="{T}" width="{x(hi + 0.5) - x(lo - 0.5):.1f}" '
               f'height="{H - T - B}" fill="#eee"/>')
    out.append(f'<text x="{x((lo + hi) / 2):.1f}" y="{H - B - 6}" text-anchor="middle" '
               f'fill="#666">training lengths</text>')
    for a in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{y(a):.1f}" y2="{y(a):.1f}" stroke="#ccc"/>')
        out.append(f'<text x="{L - 6}" y="{y(a) + 4:.1f}" text-anchor="end">{a:g}</text>')
    step = 10 ** max(0, int(math.log10(max(hi_len, 1))))
    step = step // 2 if hi_len / step < 4 and step >= 10 else step
    for t in range(0, hi_len + 1, max(step, 1)):
        out.append(f'<text x="{x(t):.1f}" y="{H - B + 16}" text-anchor="middle">{t}</text>')
    out.append(f'<text x="{(L + W - R) / 2:.1f}" y="{H - 8}" text-anchor="middle">length</text>')
    for k, r in enumerate(configs):
        c = _COLORS[k % len(_COLORS)]
        pts = [(x((b["lo"] + b["hi"]) / 2), y(b["accuracy"])) for b in r["mean"]["bins"]]
        out.append('<polyline fill="none" stroke="{}" stroke-width="2" points="{}"/>'.format(
            c, " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)))
        for run in r["runs"]:
            for b in run["bins"]:
                out.append(f'<circle cx="{x((b["lo"] + b["hi"]) / 2):.1f}" cy="{y(b["accuracy"]):.1f}" '
                           f'r="3" fill="{c}" fill-opacity="0.5"><title>{_xml(r["label"])}, seed '
                           f'{run["seed"]}, lengths {b["lo"]}-{b["hi"]}: {b["accuracy"]:.3f}</title></circle>')
        ly = T + 16 * k + 8
        out.append(f'<line x1="{W - R + 12}" x2="{W - R + 30}" y1="{ly}" y2="{ly}" stroke="{c}" stroke-width="2"/>')
        out.append(f'<text x="{W - R + 36}" y="{ly + 4}">{_xml(r["label"])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def learning_svg(doc):
    """Per run: the training loss (log scale, left) and the held-out training-range accuracy
    (right, dashed) against steps."""
    W, H, L, R, T, B = 640, 360, 56, 200, 36, 44
    runs = [(r["label"], run) for r in doc["configs"] for run in r["runs"] if run["curve"]]
    last = max((p["step"] for _, run in runs for p in run["curve"]), default=1)
    losses = [p["loss"] for _, run in runs for p in run["curve"] if p["loss"] > 0]
    lmin = math.floor(math.log10(min(losses))) if losses else -3
    lmax = math.ceil(math.log10(max(losses))) if losses else 1
    lmax = max(lmax, lmin + 1)
    x = lambda s: L + (W - L - R) * s / last
    ly = lambda v: T + (H - T - B) * (lmax - math.log10(max(v, 10.0 ** lmin))) / (lmax - lmin)
    ay = lambda a: T + (H - T - B) * (1 - a)
    out = _svg_head(W, H, L, f'{doc["task"]}: learning curves',
                    f'{doc["task"]}: training loss (solid, log) and training-range accuracy (dashed)')
    for e in range(lmin, lmax + 1):
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{ly(10.0 ** e):.1f}" y2="{ly(10.0 ** e):.1f}" stroke="#ccc"/>')
        out.append(f'<text x="{L - 6}" y="{ly(10.0 ** e) + 4:.1f}" text-anchor="end">1e{e}</text>')
    for a in (0, 0.5, 1):
        out.append(f'<text x="{W - R + 6}" y="{ay(a) + 4:.1f}" fill="#666">{a:g}</text>')
    out.append(f'<text x="{(L + W - R) / 2:.1f}" y="{H - 8}" text-anchor="middle">step</text>')
    out.append(f'<text x="{L}" y="{H - B + 16}">0</text><text x="{W - R}" y="{H - B + 16}" '
               f'text-anchor="end">{last}</text>')
    for k, (label, run) in enumerate(runs):
        c = _COLORS[k % len(_COLORS)]
        pts = " ".join(f"{x(p['step']):.1f},{ly(p['loss']):.1f}" for p in run["curve"])
        acc = " ".join(f"{x(p['step']):.1f},{ay(p['train_accuracy']):.1f}" for p in run["curve"])
        out.append(f'<polyline fill="none" stroke="{c}" stroke-width="1.5" points="{pts}"/>')
        out.append(f'<polyline fill="none" stroke="{c}" stroke-dasharray="4 3" points="{acc}"/>')
        if k < 18:
            yy = T + 16 * k + 8
            out.append(f'<line x1="{W - R + 30}" x2="{W - R + 46}" y1="{yy}" y2="{yy}" stroke="{c}" stroke-width="2"/>')
            out.append(f'<text x="{W - R + 50}" y="{yy + 4}">{_xml(label)} s{run["seed"]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _write_safetensors(path, tensors, metadata, dtype="F32"):
    """A safetensors file of float32 (or float64) tensors, row-major and little-endian, with
    string metadata."""
    header, offset, blobs = {}, 0, []
    for name, array in tensors.items():
        a = np.ascontiguousarray(array, dtype="<f4" if dtype == "F32" else "<f8")
        blobs.append(a.tobytes())
        header[name] = {"dtype": dtype, "shape": list(a.shape), "data_offsets": [offset, offset + a.nbytes]}
        offset += a.nbytes
    header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - (8 + len(text)) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)


def _slug(label):
    return re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_").lower()


def save_checkpoint(model, vocab, task, config, seed, out_dir):
    """Writes the weights; returns the file name (relative to out_dir)."""
    name = f"{_slug(config.label())}_s{seed}.safetensors"
    path = os.path.join(out_dir, name)
    if config.arch == "crasp":
        from .export import to_crasp_tensors
        tensors, meta = to_crasp_tensors(model, vocab, task, config, seed)
        _write_safetensors(path, tensors, {"crasp": json.dumps(meta, separators=(",", ":"))})
    else:
        tensors = {k: v.detach().cpu().numpy() for k, v in model.state_dict().items()}
        meta = {"format": "crasp-trained", "format_version": 1, "task": task.label,
                "seed": seed, "config": _config_json(config), "vocab": vocab.tokens}
        _write_safetensors(path, tensors, {"crasp-trained": json.dumps(meta, separators=(",", ":"))})
    return name


def save_trained_compiled(net, compiled, task, config, seed, source, out_dir):
    """A compiled model trained on (--init-from), in crasp's format with its original metadata
    (names, conventions) and float64 weights; `info` says where it came from."""
    name = f"{_slug(os.path.splitext(os.path.basename(source))[0])}_trained_s{seed}.safetensors"
    meta = json.loads(json.dumps(compiled.meta))
    info = {k: v for k, v in meta.get("info", {}).items() if not k.startswith(("certified", "check"))}
    info.update({"trained_from": os.path.basename(source), "trained_by": f"crasp_model {__version__}",
                 "task": task.label, "seed": str(seed), "steps": str(config.steps)})
    meta["info"] = info  # the certificate was for the compiled weights: not carried over
    _write_safetensors(os.path.join(out_dir, name), net.weights(),
                       {"crasp": json.dumps(meta, separators=(",", ":"))}, dtype="F64")
    return name


def write_all(doc, out_dir):
    with open(os.path.join(out_dir, "metrics.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    with open(os.path.join(out_dir, "trained.toml"), "w", encoding="utf-8") as f:
        f.write(trained_toml(doc))
    with open(os.path.join(out_dir, "accuracy.svg"), "w", encoding="utf-8") as f:
        f.write(accuracy_svg(doc))
    with open(os.path.join(out_dir, "learning.svg"), "w", encoding="utf-8") as f:
        f.write(learning_svg(doc))
