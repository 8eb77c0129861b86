"""A model of arch "crasp" in crasp's model format (docs/model-format.md), so that `crasp explain`,
`crasp_model` and the torch module open a trained model as they open a compiled one.

The layouts match one to one: post-LayerNorms after attention and after the FFN, ReLU FFN with
biases, unscaled attention, no final norm, an untied unembedding; RoPE on interleaved pairs.
Heads are cut out of the d_model x d_model projections by rows (queries, keys, values) and by
columns (the output). The vocabulary is the training vocabulary; BOS is its `<bos>` token (the
reader puts it first, so inputs are given without it). The outputs are logits, one per token,
labelled `logit:TOKEN`: they are read by argmax, which is not one of crasp's output conventions,
so `crasp run --engine transformer` refuses such a model and `crasp explain` draws it.
"""

from .. import __version__
from . import data


def to_crasp_tensors(model, vocab, task, config, seed):
    c = model.config
    d, heads = c["d_model"], c["heads"]
    dh = d // heads
    t = lambda p: p.detach().cpu().double().numpy()
    tensors = {"embed": t(model.embed.weight).T}
    if model.pos is not None:
        tensors["pos_embed"] = t(model.pos.weight).T
    layers = []
    for l, block in enumerate(model.blocks):
        a = block.attn
        heads_meta = []
        for h in range(heads):
            rows = slice(h * dh, (h + 1) * dh)
            tensors[f"layers.{l}.heads.{h}.wq"] = t(a.wq.weight)[rows]
            tensors[f"layers.{l}.heads.{h}.wk"] = t(a.wk.weight)[rows]
            tensors[f"layers.{l}.heads.{h}.wv"] = t(a.wv.weight)[rows]
            tensors[f"layers.{l}.heads.{h}.wo"] = t(a.wo.weight)[:, rows]
            rotary = [float(w) for w in a.omegas.tolist()] if a.omegas is not None else []
            heads_meta.append({"name": f"L{l}.h{h}", "d_head": dh, "d_value": dh, "rotary": rotary})
        for which, ln in (("ln_attn", block.ln1), ("ln_ffn", block.ln2)):
            tensors[f"layers.{l}.{which}.gain"] = t(ln.weight)
            tensors[f"layers.{l}.{which}.bias"] = t(ln.bias)
        tensors[f"layers.{l}.ffn.w1"] = t(block.w1.weight)
        tensors[f"layers.{l}.ffn.b1"] = t(block.w1.bias)
        tensors[f"layers.{l}.ffn.w2"] = t(block.w2.weight)
        tensors[f"layers.{l}.ffn.b2"] = t(block.w2.bias)
        ln = lambda m: {"enabled": True, "eps": float(m.eps), "gain": True, "bias": True}
        layers.append({"name": f"L{l}", "heads": heads_meta, "ln_attn": ln(block.ln1),
                       "ln_ffn": ln(block.ln2),
                       "ffn": {"name": f"L{l}.ffn", "d_ff": block.w1.out_features, "b1": True, "b2": True}})
    tensors["unembed"] = t(model.unembed.weight)
    meta = {
        "format": "crasp-model", "format_version": 2,
        "vocab": vocab.tokens, "bos": vocab.ids[data.BOS],
        "max_len": c["max_len"], "positional": c["pe"],
        "residual_names": [f"r{k}" for k in range(d)],
        "output_labels": [f"logit:{tok}" for tok in vocab.tokens],
        "layers": layers,
        "info": {"trained_by": f"crasp_model {__version__}", "task": task.label,
                 "seed": str(seed), "config": config.label(), "decode": "argmax"},
    }
    return tensors, meta
