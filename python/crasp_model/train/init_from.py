"""`--init-from MODEL.safetensors`: train on from crasp's compiled weights, the exact solution.

The compiled model is loaded as a trainable `CraspTransformer` (the same forward pass, its weights
as parameters), and trained with the same recipe on the same task, the model's own outputs
taking the place of the language model's logits: at each answer position the loss is the
cross-entropy of the softmax over the model's output scores (`next:TOKEN`, or `accept` and
`reject`) against the right one. Accuracy is argmax over those scores, which at the start equals
crasp's own decision on every input the compiled model answers exactly (the right output scores
1, the others 0). The question asked: does training keep the exact solution, drift from it, or
break it at lengths past training? The run records the accuracy per bin before the first step
and after the last.

The framing follows the compiled model's conventions, not the language model's: the model's
BOS first, then the task's input; a generator answers token by token (`next:TOKEN` at the
position before each answer token), an acceptor at its last input token. Labels and count
tasks are refused (their compiled outputs are sets and numbers, not one class per position).
"""

from .. import safetensors
from ..model import Model
from . import data

ACCEPT_LABELS = ("accept", "reject")


class ModelVocabulary:
    """Encodes framed instances for a compiled model: tokens to the model's ids, targets to the
    index of the output that must win."""

    def __init__(self, model):
        self.model = model
        self.ids = {t: i for i, t in enumerate(model.vocab)}
        self.outputs = {l: i for i, l in enumerate(model.output_labels)}
        self.tokens = list(model.vocab)

    def __len__(self):
        return len(self.tokens)

    def encode(self, framed):
        tokens, targets = framed
        x = [self.model.bos]
        for t in tokens:
            if t not in self.ids:
                other = self.ids.get("<crasp:other>")
                if other is None:
                    raise ValueError(f"token '{t}' is not in the model's vocabulary")
                x.append(other)
            else:
                x.append(self.ids[t])
        y = [data.IGNORE] + [data.IGNORE if t is None else self.outputs[t] for t in targets]
        return x, y


def framing(model, kind):
    labels = model.output_labels
    if kind == "continuation":
        if not all(l.startswith("next:") for l in labels):
            raise ValueError("the task answers with a continuation, but the model has no "
                             "next:TOKEN outputs")
        return frame_continuation
    if kind == "accept":
        if sorted(labels) != sorted(ACCEPT_LABELS):
            raise ValueError("the task is an acceptor, but the model's outputs are not accept and "
                             "reject")
        return frame_accept
    raise ValueError(f"--init-from trains continuation and accept tasks; this task answers with "
                     f"{kind} (the compiled outputs are not one class per position)")


def frame_continuation(instance):
    x, answer = list(instance["input"]), [str(t) for t in instance["answer"]]
    tokens = x + answer[:-1]
    targets = [None] * (len(x) - 1) + [f"next:{t}" for t in answer]
    return tokens, targets


def frame_accept(instance):
    x = list(instance["input"])
    return x, [None] * (len(x) - 1) + ["accept" if instance["answer"] else "reject"]


def load(path):
    """The compiled model; raises ValueError with the reason for a file that is not one."""
    try:
        return Model.load(path)
    except (OSError, safetensors.FormatError) as e:
        raise ValueError(f"{path}: {e}") from None
