"""Training data from crasp's own task generators, framed as the papers frame it.

Every instance comes from `crasp.generate` (the catalogue's generators, or a task spec's
generator, data or regular language), so a trained model sees exactly the instances `crasp check`
judges. Each is turned into a token sequence and a target per position (docs/training.md,
"Framing"); the loss and the accuracy cover the answer positions only, and an instance counts as
right when every answer position is (teacher-forced argmax, which is what greedy decoding
produces when every step is right):

  continuation  (catalogue generators: UR, parity, sort, ...)  `input answer`: the prompt as the
                task writes it (`<bos> x <sep> q`), then the answer tokens, predicted one by one
  accept        (acceptors: dyck1, tomita3, ...)                 `<bos> x <sep>` then `<accept>`
                or `<reject>`
  count         (a spec with answer = "count")                   `<bos> x <sep>` then the
                decimal digits `<#d>` and `<eos>`
  labels        (per-token answers: D2_next, tomita5_prefix)     `<bos> x`: position i predicts
                the label of token i (`<label:{a,b}>`, `<label:True>`)

Lengths are what the task's `--length` counts (docs/tasks.md), so a bin 51-100 is the same bin
`crasp check` reports.
"""

import hashlib
import random

PAD, BOS, SEP, EOS, UNK = "<pad>", "<bos>", "<sep>", "<eos>", "<unk>"
ACCEPT, REJECT = "<accept>", "<reject>"
IGNORE = -100  # the target of a position without loss (torch's cross_entropy ignore_index)


def _crasp():
    try:
        import crasp
    except ImportError as e:  # the compiled module is missing: a build tree without pybind11
        raise RuntimeError("training needs the crasp Python module (`import crasp`): build it "
                           "(docs/python.md) or put the build tree's python folder on PYTHONPATH"
                           ) from e
    return crasp


def stream_seed(*parts):
    """A 63-bit seed from the run's seed and a purpose ("train", chunk, length): independent
    streams that do not depend on how many batches came before."""
    h = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "little") >> 1 or 1


_KIND_OF_MODE = {"generator": "continuation", "acceptor": "accept", "labels": "labels"}


class Task:
    """A catalogue task or a task spec (.toml): its instances and how they are framed (`kind`:
    continuation, accept, labels or count)."""

    def __init__(self, name):
        crasp = _crasp()
        self.name = str(name)
        self.is_spec = self.name.lower().endswith(".toml")
        if self.is_spec:
            info = crasp.spec_info(self.name)
            self.label = info["name"]
            self.kind = info["format"]
            self.min_length = int(info["min_length"])
            self.verdicts = {}
        else:
            entry = next((t for t in crasp.tasks() if t["name"] == self.name), None)
            if entry is None:
                names = ", ".join(t["name"] for t in crasp.tasks())
                raise ValueError(f"unknown task '{self.name}' (the catalogue has: {names})")
            self.label = self.name
            self.kind = _KIND_OF_MODE[entry["mode"]]
            self.min_length = int(entry["min_length"])
            self.verdicts = {pe: entry[pe]["value"] for pe in ("ape", "nope")}

    def generate(self, length, count, seed):
        """`count` instances of `length`, exactly those of `crasp tasks TASK --generate` (or the
        spec's sources) for that seed."""
        return _crasp().generate(self.name, length=int(length), count=int(count), seed=int(seed))


def frame(kind, instance):
    """(tokens, answer_targets): the sequence fed to the model and, per position, the token it
    must predict there or None. Strings, not ids (Vocabulary.encode maps them)."""
    x, answer = list(instance["input"]), instance["answer"]
    if kind == "labels":
        tokens = ([] if x and x[0] == BOS else [BOS]) + x
        offset = len(tokens) - len(x)
        targets = [None] * offset + [f"<label:{a}>" for a in answer]
        return tokens, targets
    if kind == "continuation":
        prompt, out = x, [str(t) for t in answer]
    else:
        prompt = ([] if x and x[0] == BOS else [BOS]) + x + ([] if x and x[-1] == SEP else [SEP])
        if kind == "accept":
            out = [ACCEPT if answer else REJECT]
        else:  # count
            out = [f"<#{d}>" for d in str(int(answer))] + [EOS]
    seq = prompt + out
    tokens = seq[:-1]
    targets = [None] * (len(prompt) - 1) + out
    return tokens, targets


class Vocabulary:
    """Token strings to ids: <pad> = 0, <unk> = 1, then every token seen, in order of appearance."""

    def __init__(self, tokens=()):
        self.tokens = [PAD, UNK]
        self.ids = {PAD: 0, UNK: 1}
        for t in tokens:
            self.add(t)

    def add(self, t):
        if t not in self.ids:
            self.ids[t] = len(self.tokens)
            self.tokens.append(t)

    def __len__(self):
        return len(self.tokens)

    def encode(self, framed):
        tokens, targets = framed
        x = [self.ids.get(t, 1) for t in tokens]
        y = [IGNORE if t is None else self.ids.get(t, 1) for t in targets]
        return x, y


def bins_of(text):
    """'51-100,101-150' -> [(51, 100), (101, 150)]; a single number is a one-length bin."""
    out = []
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.replace("..", "-").partition("-")
        lo, hi = int(lo), int(hi or lo)
        if lo < 1 or hi < lo:
            raise ValueError(f"bad length bin '{part}' (expected LO-HI with 1 <= LO <= HI)")
        out.append((lo, hi))
    if not out:
        raise ValueError("no length bins given")
    return out


def sample(task, lo, hi, count, seed, rng=None):
    """`count` instances with lengths uniform in [max(lo, task.min_length), hi], generated per
    length from seeds derived from `seed`: the same arguments give the same instances."""
    lo = max(lo, task.min_length)
    if hi < lo:
        raise ValueError(f"{task.name}: no length in {lo}-{hi} (its shortest is {task.min_length})")
    rng = rng or random.Random(stream_seed(seed, "lengths", lo, hi, count))
    per_length = {}
    for _ in range(count):
        L = rng.randint(lo, hi)
        per_length[L] = per_length.get(L, 0) + 1
    out = []
    for L in sorted(per_length):
        for r in task.generate(L, per_length[L], stream_seed(seed, "instances", L)):
            out.append((L, r))
    rng.shuffle(out)
    return out
