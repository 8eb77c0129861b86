"""One training run: a config, a seed, a task; evaluation per length bin.

The recipe's defaults are the papers' (docs/training.md, "The recipe"): AdamW with weight decay
0.01, batch 64, lengths drawn uniformly from the training range at every step, loss on the
answer positions only, a run stopped at its step budget or, by default, as soon as it is exactly
right on a held-out set from the training range (the step is reported as its convergence).
"""

import dataclasses
import math
import random
import time

import torch
from torch.nn import functional as F

from . import data
from .net import Transformer


@dataclasses.dataclass
class Config:
    pe: str = "ape"
    arch: str = "gpt2"
    layers: int = 2
    heads: int = 2
    d_model: int = 32
    lr: float = 1e-3
    steps: int = 30000
    batch: int = 64
    warmup: int = 0
    weight_decay: float = 0.01
    regularizer: float = 0.0
    train_lengths: tuple = (1, 50)
    bins: tuple = ((51, 100), (101, 150))
    eval_count: int = 256        # instances per bin
    eval_every: int = 500        # steps between held-out evaluations of the training range
    early_stop: bool = True      # stop once the training range is exactly right
    device: str = "cpu"

    def label(self):
        pe = {"ape": "APE", "rope": "RoPE", "nope": "NoPE"}[self.pe]
        return f"{pe}, {self.layers}L {self.heads}H d{self.d_model}"

    def simplicity(self):
        """The papers' tie-break among configurations: fewer layers, then heads, then width."""
        return (self.layers, self.heads, self.d_model, -self.lr)


def _batch(vocab, framed, device):
    encoded = [vocab.encode(f) for f in framed]
    n = max(len(x) for x, _ in encoded)
    X = torch.zeros((len(encoded), n), dtype=torch.long)
    Y = torch.full((len(encoded), n), data.IGNORE, dtype=torch.long)
    for r, (x, y) in enumerate(encoded):
        X[r, :len(x)] = torch.tensor(x)
        Y[r, :len(y)] = torch.tensor(y)
    return X.to(device), Y.to(device)


class TrainingStream:
    """Fresh training instances, `chunk` at a time (per-instance lengths uniform in the range),
    each chunk from its own derived seed: the same run seed gives the same batches."""

    def __init__(self, task, lo, hi, seed, chunk=4096):
        self.task, self.lo, self.hi, self.seed, self.chunk = task, lo, hi, seed, chunk
        self.pool, self.index = [], 0

    def take(self, k):
        out = []
        while len(out) < k:
            if not self.pool:
                self.pool = data.sample(self.task, self.lo, self.hi, self.chunk,
                                        data.stream_seed(self.seed, "train", self.index))
                self.index += 1
            take = min(k - len(out), len(self.pool))
            out.extend(self.pool[:take])
            self.pool = self.pool[take:]
        return out


def evaluate(model, vocab, framed, device, batch=128):
    """(accuracy, mean loss per answer token) over `framed` instances: an instance is right when
    every answer position's argmax is the target."""
    model.eval()
    right, loss_sum, tokens = 0, 0.0, 0
    with torch.no_grad():
        for b in range(0, len(framed), batch):
            X, Y = _batch(vocab, framed[b:b + batch], device)
            logits = model(X)
            mask = Y != data.IGNORE
            loss_sum += float(F.cross_entropy(logits[mask], Y[mask], reduction="sum"))
            tokens += int(mask.sum())
            ok = (logits.argmax(-1) == Y) | ~mask
            right += int(ok.all(dim=1).sum())
    model.train()
    return right / max(len(framed), 1), loss_sum / max(tokens, 1)


def run(task, config, seed, vocab, eval_sets, progress=None, init=None, frame=None):
    """Trains one model. `eval_sets`: {"train": framed, (lo, hi): framed, ...} held out and fixed
    for every run of the experiment. `init`: a model to start from (--init-from) instead of a
    fresh one, whose accuracy per bin before the first step is recorded too; `frame` turns an
    instance into (tokens, targets) (default: the language model's framing of the task).
    Returns (model, result dict)."""
    torch.manual_seed(seed)
    random.seed(seed)
    frame = frame or (lambda inst: data.frame(task.kind, inst))
    longest = max(len(t) for sets in eval_sets.values() for t, _ in sets)
    model = init if init is not None else Transformer(
        len(vocab), layers=config.layers, heads=config.heads, d_model=config.d_model,
        pe=config.pe, max_len=2 * longest + 8, arch=config.arch)
    model.to(config.device)
    at_start = None
    if init is not None:
        at_start = _bins(model, vocab, eval_sets, config)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": config.weight_decay},
                             {"params": no_decay, "weight_decay": 0.0}], lr=config.lr)
    warm = max(config.warmup, 0)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda step: min(1.0, (step + 1) / warm) if warm else 1.0)
    stream = TrainingStream(task, *config.train_lengths, seed)
    curve, converged, start = [], None, time.time()
    running, seen = 0.0, 0
    step = 0
    for step in range(1, config.steps + 1):
        framed = [frame(inst) for _, inst in stream.take(config.batch)]
        X, Y = _batch(vocab, framed, config.device)
        logits = model(X)
        mask = Y != data.IGNORE
        loss = F.cross_entropy(logits[mask], Y[mask])
        total = loss
        if config.regularizer and config.pe == "ape" and hasattr(model, "positional_product_penalty"):
            total = loss + config.regularizer * model.positional_product_penalty(X.shape[1])
        opt.zero_grad(set_to_none=True)
        total.backward()
        opt.step()
        sched.step()
        if not math.isfinite(float(loss)):
            raise FloatingPointError(f"the loss became {float(loss)} at step {step}")
        running += float(loss)
        seen += 1
        if step % config.eval_every == 0 or step == config.steps:
            acc, held_loss = evaluate(model, vocab, eval_sets["train"], config.device)
            curve.append({"step": step, "loss": running / seen, "train_accuracy": acc,
                          "train_loss": held_loss})
            running, seen = 0.0, 0
            if progress:
                progress(step, config.steps, curve[-1])
            if acc == 1.0 and converged is None:
                converged = step
                if config.early_stop:
                    break
    result = {"seed": seed, "steps": step, "steps_to_convergence": converged,
              "seconds": round(time.time() - start, 2), "bins": _bins(model, vocab, eval_sets, config),
              "curve": curve}
    if at_start is not None:
        result["bins_at_start"] = at_start
    return model, result


def _bins(model, vocab, eval_sets, config):
    bins = []
    for key, framed in eval_sets.items():
        acc, loss = evaluate(model, vocab, framed, config.device)
        lo, hi = config.train_lengths if key == "train" else key
        bins.append({"lo": lo, "hi": hi, "train": key == "train", "accuracy": acc, "loss": loss,
                     "instances": len(framed)})
    return bins
