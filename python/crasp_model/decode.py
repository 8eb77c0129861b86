"""Tokens in, answers out, exactly as `crasp run/generate --engine transformer` (docs/model-format.md,
"Tokens and outputs"): the internal BOS, `<crasp:other>`, the output label conventions, the
decoding thresholds, greedy generation and its stop reasons, and the certificate warnings.

Problems are reported as crasp reports them: a list of (level, message) pairs, level "error" or
"warning", in crasp's order and wording, so the command line can print the same lines.
"""

import math

BOS_TOKEN = "<crasp:bos>"
OTHER_TOKEN = "<crasp:other>"
NEXT_PREFIX = "next:"
MAX_REPORTED = 10


class Diagnostics(list):
    """(level, message) pairs."""

    def error(self, message):
        self.append(("error", message))

    def warning(self, message):
        self.append(("warning", message))

    def has_errors(self):
        return any(level == "error" for level, _ in self)


def output_kind(model):
    """"bool", "count" or "next" from the output labels; ValueError if they follow none."""
    labels = model.output_labels
    if len(labels) == 2 and set(labels) == {"accept", "reject"}:
        return "bool"
    if labels == ["count"]:
        return "count"
    if labels and all(l.startswith(NEXT_PREFIX) and len(l) > len(NEXT_PREFIX) for l in labels):
        return "next"
    raise ValueError(f"the model's outputs [{', '.join(labels)}] follow no convention (expected "
                     "accept and reject, count, or next:TOKEN labels)")


def encode(model, tokens, diags):
    """ids with BOS first, or None (errors in diags) when a token is unknown and the model has
    no `<crasp:other>`."""
    index = {t: i for i, t in enumerate(model.vocab)
             if i != model.bos and t not in (BOS_TOKEN, OTHER_TOKEN)}
    other = model.token_id(OTHER_TOKEN)
    ids = [model.bos]
    bad = 0
    for pos, tok in enumerate(tokens):
        if tok in index:
            ids.append(index[tok])
        elif other is not None:
            ids.append(other)
        else:
            bad += 1
            if bad <= MAX_REPORTED:
                diags.error(f"token '{tok}' (position {pos + 1}) is not in the model's vocabulary")
    if bad > MAX_REPORTED:
        diags.error(f"{bad - MAX_REPORTED} more tokens are not in the model's vocabulary")
    return None if bad else ids


def _llround(x):
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def decide(model, kind, scores, n_positions):
    """The answer in one score column: True/False, an integer count, or the list of predicted
    next tokens (vocabulary order)."""
    s = [float(v) for v in scores]
    if kind == "bool":
        labels = model.output_labels
        return s[labels.index("accept")] > s[labels.index("reject")]
    if kind == "count":
        x = s[0] * n_positions
        if not math.isfinite(x) or abs(x) > 9e18:
            return 0
        return _llround(x)
    hits = []
    for k, label in enumerate(model.output_labels):
        if s[k] > 0.5:
            tok = label[len(NEXT_PREFIX):]
            tid = model.token_id(tok)
            hits.append((len(model.vocab) + k if tid is None else tid, tok))
    return [tok for _, tok in sorted(hits)]


def _designed(model):
    return model.max_len - 1 if model.max_len > 0 else math.inf


def warn_untrusted(model, length, what, precision, diags):
    """crasp's warning for a run past the certified range or the designed length."""
    name = "float32" if precision == "f32" else "float64"
    cert = model.info.get(f"certified.{precision}")
    if length > _designed(model):
        diags.warning(f"{what} of {length} tokens is longer than the model's designed maximum of "
                      f"{_designed(model)}; the answer may be wrong")
    elif cert is not None and length > int(cert):
        diags.warning(f"{what} of {length} tokens is past the model's certified {name} range of "
                      f"{int(cert)} tokens (worst-case rounding bound); the answer is not "
                      "guaranteed exact")


def _fits(model, n_positions, what, diags):
    if model.pe == "ape" and n_positions > model.max_len:
        diags.error(f"{what} of {n_positions - 1} tokens is longer than the model's designed "
                    f"maximum of {model.max_len - 1}")
        return False
    return True


def _ambiguity(position, tokens):
    listed = ", ".join(f"'{t}'" for t in tokens[:-1]) + f" and '{tokens[-1]}'"
    return (f"ambiguous next token at position {position}: {listed} "
            f"{'both' if len(tokens) == 2 else 'all'} hold")


def run(model, tokens, precision="f64", diags=None):
    """The answer of `crasp run --engine transformer` on one instance: True/False or a count for
    an acceptor, the predicted next token (or "<none>") for a next-token model; None on error."""
    diags = Diagnostics() if diags is None else diags
    kind = output_kind(model)
    if not tokens:
        diags.error("empty input")
        return None
    ids = encode(model, tokens, diags)
    if ids is None or not _fits(model, len(ids), "input", diags):
        return None
    scores = model.forward(ids, precision)[:, -1]
    answer = decide(model, kind, scores, len(ids))
    warn_untrusted(model, len(tokens), "input", precision, diags)
    if kind != "next":
        return answer
    if not answer:
        return "<none>"
    if len(answer) > 1:
        diags.error(_ambiguity(len(tokens), answer))
        return None
    return answer[0]


class Generation:
    def __init__(self):
        self.continuation = []
        self.stop = "no_next"
        self.ambiguous_position = None
        self.ambiguous_tokens = None


def generate(model, prefix, max_new=10000, precision="f64", diags=None):
    """Greedy generation as `crasp generate --engine transformer`: a Generation, or None on an
    input error. An ambiguity is stop "ambiguous" with an error in diags."""
    diags = Diagnostics() if diags is None else diags
    if not prefix:
        diags.error("empty input")
        return None
    if output_kind(model) != "next":
        diags.error("model is an acceptor (it has no next-token outputs); use run")
        return None
    ids = encode(model, prefix, diags)
    if ids is None:
        return None
    out = Generation()
    dec = model.decoder(precision)
    while True:
        if len(out.continuation) >= max_new:
            out.stop = "max_new"
            break
        if out.continuation and model.pe == "ape" and len(ids) > model.max_len:
            out.stop = "max_len"
            diags.warning(f"stopped after {len(out.continuation)} generated tokens: the next "
                          "prediction would run the model past its designed maximum of "
                          f"{model.max_len - 1} tokens; the continuation may be cut")
            break
        what = "prefix with its continuation" if out.continuation else "input"
        if not _fits(model, len(ids), what, diags):
            return None
        scores = dec.append(ids[dec.n:])[:, -1]
        nxt = decide(model, "next", scores, len(ids))
        if not nxt:
            out.stop = "no_next"
            break
        if len(nxt) > 1:
            out.stop = "ambiguous"
            out.ambiguous_position = len(ids) - 1
            out.ambiguous_tokens = nxt
            diags.error(_ambiguity(len(ids) - 1, nxt))
            break
        tid = model.token_id(nxt[0])
        if tid is None:
            diags.error(f"the model predicts '{nxt[0]}', which is not in its vocabulary")
            return None
        out.continuation.append(nxt[0])
        ids.append(tid)
    decided = len(ids) - 1
    if out.stop in ("max_new", "max_len") and out.continuation:
        decided -= 1
    warn_untrusted(model, decided, "prefix with its continuation", precision, diags)
    return out
