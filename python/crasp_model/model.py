"""A compiled crasp model and its forward pass in numpy (docs/model-format.md, "Forward pass").

`Model.load(path)` reads a `.safetensors` file written by `crasp compile`; `model.forward(ids)`
returns the scores at every position; `model.decoder()` runs a sequence incrementally (a
key/value cache: each appended token costs one position's work), which is how `generate` runs.
Arithmetic is done in the precision asked for, float64 or float32, with the weights cast once,
as crasp does; float16 and bfloat16 are refused (they break the construction: see
docs/model-format.md, "Precisions").
"""

import numpy as np

from . import safetensors

PRECISIONS = {"f64": np.float64, "f32": np.float32}
# The largest angle a rotary frequency may turn position max_len by, as crasp refuses past it:
# beyond 2^32 rad the angle's float64 rounding reaches a whole turn (docs/model-format.md).
MAX_ROTARY_ANGLE = 2.0 ** 32
ATTENTION_BLOCK = 256  # queries per block: memory O(block * n) per head
# Keys per running sum in the attention sums: crasp's model::attention_sum_block, whose order
# the certified lengths assume (docs/precision.md, "Careful summation").
SUM_BLOCK = 64


def _certified_sums(E, V1, first_query):
    """For each query r (absolute position first_query + r) the sums over keys j of E[r, j] * V1[:, j]
    (V1: the values with a row of ones below them, so the last entry is the softmax
    denominator), added in the order crasp's certificate assumes (src/model/attention.hpp): a
    running sum over the keys of each 64-key block, then the whole blocks before the query's own
    block added to its running sum as dyadic segments of balanced trees, smallest first. A key a
    query does not see has weight 0, which leaves every running sum as it is. Returns
    Q x rows(V1)."""
    Q, seen = E.shape
    rows = V1.shape[0]
    nblocks = (seen + SUM_BLOCK - 1) // SUM_BLOCK
    sums = np.empty((nblocks, Q, rows), dtype=E.dtype)
    for b in range(nblocks):
        j0, j1 = b * SUM_BLOCK, min(seen, (b + 1) * SUM_BLOCK)
        # Each product rounded, then added in key order: add.accumulate (cumsum) is a running
        # sum by definition, unlike sum(), which numpy adds pairwise.
        terms = E[:, j0:j1, None] * V1.T[None, j0:j1, :]
        sums[b] = np.add.accumulate(terms, axis=1)[:, -1, :]
    whole = (first_query + np.arange(Q)) // SUM_BLOCK  # whole blocks before each query's own
    out = np.empty((Q, rows), dtype=E.dtype)
    for K in np.unique(whole):
        sel = np.nonzero(whole == K)[0]
        acc = sums[K, sel].copy()
        B = sums[:K, sel].copy()
        k = int(K)
        while k:
            t = (k & -k).bit_length() - 1
            first = k - (1 << t)
            half = 1
            while half < (1 << t):
                for c in range(first, k, 2 * half):
                    B[c] += B[c + half]
                half *= 2
            acc += B[first]
            k &= k - 1
        out[sel] = acc
    return out


def _check_rotary(where, frequencies, max_len):
    """Refuses what crasp's loader refuses: a frequency that is not finite, not positive, or
    that turns position max_len by more than MAX_ROTARY_ANGLE (1e308 overflowed to inf at
    position 2 and answered wrongly without a word)."""
    for k, w in enumerate(frequencies):
        w = float(w)
        if not np.isfinite(w):
            raise safetensors.FormatError(f"{where}[{k}]: non-finite rotary frequency")
        if w <= 0:
            raise safetensors.FormatError(f"{where}[{k}]: rotary frequency {w:g} is not positive")
        if not w * max(max_len, 1) <= MAX_ROTARY_ANGLE:
            raise safetensors.FormatError(
                f"{where}[{k}]: rotary frequency {w:g} turns position max_len = {max_len} by "
                f"{w * max(max_len, 1):g} rad, more than 2^32 rad")


class Head:
    def __init__(self, name, wq, wk, wv, wo, rotary):
        self.name, self.wq, self.wk, self.wv, self.wo = name, wq, wk, wv, wo
        self.rotary = np.asarray(rotary, dtype=np.float64)


class Layer:
    def __init__(self, name, heads, ln_attn, ffn, ln_ffn):
        self.name, self.heads, self.ln_attn, self.ffn, self.ln_ffn = name, heads, ln_attn, ffn, ln_ffn


class Model:
    """The weights and metadata of one crasp model, as float64 arrays of the documented shapes
    (`embed` is d_model x vocab, `wq` is d_head x d_model, ...)."""

    def __init__(self, tensors, meta, path=None):
        self.path = path
        self.meta = meta
        self.vocab = list(meta["vocab"])
        self.bos = int(meta["bos"])
        self.max_len = int(meta["max_len"])
        self.pe = meta["positional"]
        self.residual_names = list(meta["residual_names"])
        self.output_labels = list(meta["output_labels"])
        self.info = dict(meta.get("info", {}))
        self.embed = tensors["embed"]
        self.unembed = tensors["unembed"]
        self.pos_embed = tensors.get("pos_embed")
        d = len(self.residual_names)
        self.pos_rows = list(meta.get("pos_rows", range(d))) if self.pe == "ape" else []
        self.layers = []
        for l, L in enumerate(meta["layers"]):
            heads = []
            for h, H in enumerate(L["heads"]):
                p = f"layers.{l}.heads.{h}."
                _check_rotary(p + "rotary", H["rotary"], self.max_len)
                heads.append(Head(H["name"], tensors[p + "wq"], tensors[p + "wk"], tensors[p + "wv"],
                                  tensors[p + "wo"], H["rotary"]))
            ln = {}
            for which in ("ln_attn", "ln_ffn"):
                cfg = dict(L[which])
                cfg["gain_w"] = tensors.get(f"layers.{l}.{which}.gain")
                cfg["bias_w"] = tensors.get(f"layers.{l}.{which}.bias")
                ln[which] = cfg
            f = L["ffn"]
            ffn = {"name": f["name"], "w1": tensors[f"layers.{l}.ffn.w1"],
                   "b1": tensors.get(f"layers.{l}.ffn.b1"), "w2": tensors[f"layers.{l}.ffn.w2"],
                   "b2": tensors.get(f"layers.{l}.ffn.b2")}
            self.layers.append(Layer(L["name"], heads, ln["ln_attn"], ffn, ln["ln_ffn"]))
        self._cast = {}

    @classmethod
    def load(cls, path):
        """Reads a model file; raises safetensors.FormatError (or OSError) on failure."""
        with open(path, "rb") as f:
            data = f.read()
        tensors, meta = safetensors.read(data)
        return cls(tensors, meta, path)

    @property
    def d_model(self):
        return len(self.residual_names)

    def token_id(self, token):
        """The id of a vocabulary entry (reserved names included), or None."""
        try:
            return self.vocab.index(token)
        except ValueError:
            return None

    def parameters(self):
        """Every stored tensor element, as `crasp info` counts them."""
        n = self.embed.size + self.unembed.size
        if self.pos_embed is not None:
            n += self.pos_embed.size
        for L in self.layers:
            for H in L.heads:
                n += H.wq.size + H.wk.size + H.wv.size + H.wo.size
            for cfg in (L.ln_attn, L.ln_ffn):
                for w in (cfg["gain_w"], cfg["bias_w"]):
                    n += 0 if w is None else w.size
            for k in ("w1", "b1", "w2", "b2"):
                n += 0 if L.ffn[k] is None else L.ffn[k].size
        return n

    def weights(self, precision):
        """The model with every weight cast to `precision` ("f64" or "f32"), computed once."""
        if precision not in PRECISIONS:
            raise ValueError(f"precision '{precision}': crasp models run in f64 or f32 only "
                             "(float16 and bfloat16 break them; docs/model-format.md)")
        if precision not in self._cast:
            t = PRECISIONS[precision]
            c = lambda a: None if a is None else a.astype(t)
            w = {"embed": c(self.embed), "unembed": c(self.unembed), "pos_embed": c(self.pos_embed),
                 "layers": []}
            for L in self.layers:
                heads = [(c(H.wq), c(H.wk), c(H.wv), c(H.wo), H.rotary) for H in L.heads]
                ffn = {k: c(v) for k, v in L.ffn.items() if k != "name"}
                lns = [dict(cfg, gain_w=c(cfg["gain_w"]), bias_w=c(cfg["bias_w"]))
                       for cfg in (L.ln_attn, L.ln_ffn)]
                w["layers"].append((heads, lns[0], ffn, lns[1]))
            self._cast[precision] = w
        return self._cast[precision]

    def decoder(self, precision="f64", keep_attention=False, keep_residuals=False):
        return Decoder(self, precision, keep_attention, keep_residuals)

    def run_with_cache(self, ids, precision="f64"):
        """Scores (n_out x n) and a cache of every intermediate value, named as TransformerLens
        names them, each indexed by position first:

          hook_embed                      n x d_model   token and position embedding
          blocks.{l}.attn.hook_pattern    heads x n x n attention weights (row: query, causal)
          blocks.{l}.hook_attn_out        n x d_model   the heads' summed output
          blocks.{l}.hook_resid_mid       n x d_model   after attention (and its layer norm)
          blocks.{l}.mlp.hook_pre         n x d_ff      FFN pre-activations
          blocks.{l}.hook_mlp_out         n x d_model   the FFN's output
          blocks.{l}.hook_resid_post      n x d_model   after the FFN (and its layer norm)

        The residual's last axis is named by `residual_names` (`model.residual_index(name)`),
        the heads by `head_names(l)`. `ids` start with BOS (model.bos)."""
        dec = self.decoder(precision, keep_attention=True, keep_residuals=True)
        scores = dec.append(ids)
        return scores, dec.hooks()

    def residual_index(self, name):
        """The residual dimension named `name` (e.g. 'tok:t0', 'read[i-1]:PREV["t0"].n0')."""
        return self.residual_names.index(name)

    def head_names(self, layer):
        """The names of layer `layer`'s heads, in order (e.g. 'L0.read[i-1]')."""
        return [h.name for h in self.layers[layer].heads]

    def forward(self, ids, precision="f64"):
        """Scores (n_out x n) at every position of `ids` (BOS included, first)."""
        return self.decoder(precision).append(ids)


def _layer_norm(X, cfg):
    if not cfg["enabled"]:
        return X
    mu = X.mean(axis=0)
    var = ((X - mu) ** 2).mean(axis=0)
    Y = (X - mu) / np.sqrt(var + X.dtype.type(cfg["eps"]))
    if cfg["gain_w"] is not None:
        Y = Y * cfg["gain_w"][:, None]
    if cfg["bias_w"] is not None:
        Y = Y + cfg["bias_w"][:, None]
    return Y


def _rotate(M, omegas, positions, dtype):
    """Interleaved RoPE: pair (2k, 2k+1) turned by position * omega_k; angles in double."""
    if len(omegas) == 0:
        return M
    M = M.copy()
    for k, w in enumerate(omegas):
        angle = positions.astype(np.float64) * w
        c, s = np.cos(angle).astype(dtype), np.sin(angle).astype(dtype)
        u, v = M[2 * k].copy(), M[2 * k + 1].copy()
        M[2 * k], M[2 * k + 1] = u * c - v * s, u * s + v * c
    return M


class Decoder:
    """Runs a sequence incrementally: append() takes the next ids (BOS first, in the first call)
    and returns the scores at those positions, attending to everything appended before."""

    def __init__(self, model, precision="f64", keep_attention=False, keep_residuals=False):
        self.model = model
        self.dtype = PRECISIONS[precision] if precision in PRECISIONS else None
        self.w = model.weights(precision)
        self.n = 0
        self.cache = [[(None, None) for _ in L.heads] for L in model.layers]
        # keep_attention: per layer and head, the attention rows of every appended query
        # (for pictures of the heads; memory O(n^2)).
        self.attention = [[[] for _ in L.heads] for L in model.layers] if keep_attention else None
        # keep_residuals: the intermediate values of every appended position, per hook name
        # (Model.run_with_cache lists them), as lists of (d x t) blocks.
        self.residuals = {} if keep_residuals else None

    def _keep(self, name, block):
        if self.residuals is not None:
            self.residuals.setdefault(name, []).append(block.copy())

    def hooks(self):
        """What keep_attention and keep_residuals kept, as run_with_cache returns it."""
        out = {}
        for name, blocks in (self.residuals or {}).items():
            out[name] = np.concatenate(blocks, axis=1).T
        if self.attention is not None:
            for l, heads in enumerate(self.attention):
                pattern = np.zeros((len(heads), self.n, self.n), dtype=self.dtype)
                for h, rows in enumerate(heads):
                    for i, row in enumerate(rows):
                        pattern[h, i, :len(row)] = row
                out[f"blocks.{l}.attn.hook_pattern"] = pattern
        return out

    def append(self, ids):
        m, w, dt = self.model, self.w, self.dtype
        ids = np.asarray(ids, dtype=np.int64)
        t = len(ids)
        positions = np.arange(self.n, self.n + t)
        if m.pe == "ape" and self.n + t > m.max_len:
            raise ValueError(f"an APE model has {m.max_len} positions; {self.n + t} requested")
        X = w["embed"][:, ids].copy()
        if m.pe == "ape":
            X[m.pos_rows] += w["pos_embed"][:, self.n:self.n + t]
        self._keep("hook_embed", X)
        for l, (heads, ln_attn, ffn, ln_ffn) in enumerate(w["layers"]):
            D = np.zeros_like(X)
            for h, (wq, wk, wv, wo, rotary) in enumerate(heads):
                q = _rotate(wq @ X, rotary, positions, dt)
                k = _rotate(wk @ X, rotary, positions, dt)
                v = wv @ X
                K0, V0 = self.cache[l][h]
                K = k if K0 is None else np.concatenate([K0, k], axis=1)
                V = v if V0 is None else np.concatenate([V0, v], axis=1)
                self.cache[l][h] = (K, V)
                out = np.empty((v.shape[0], t), dtype=dt)
                for b0 in range(0, t, ATTENTION_BLOCK):
                    b1 = min(t, b0 + ATTENTION_BLOCK)
                    seen = self.n + b1  # keys visible to the block's last query
                    S = q[:, b0:b1].T @ K[:, :seen]
                    # query at absolute position n + r sees keys 0 .. n + r
                    visible = np.arange(seen)[None, :] <= (self.n + np.arange(b0, b1))[:, None]
                    S = np.where(visible, S, -np.inf)
                    E = np.exp(S - S.max(axis=1, keepdims=True))
                    V1 = np.vstack([V[:, :seen], np.ones((1, seen), dtype=dt)])
                    sums = _certified_sums(E, V1, self.n + b0)
                    total = sums[:, -1]
                    out[:, b0:b1] = (sums[:, :-1] / total[:, None]).T
                    if self.attention is not None:
                        self.attention[l][h].extend(E[r, :self.n + b0 + r + 1] / total[r]
                                                    for r in range(b1 - b0))
                D += wo @ out
            self._keep(f"blocks.{l}.hook_attn_out", D)
            X = _layer_norm(X + D, ln_attn)
            self._keep(f"blocks.{l}.hook_resid_mid", X)
            H = ffn["w1"] @ X
            if ffn["b1"] is not None:
                H += ffn["b1"][:, None]
            self._keep(f"blocks.{l}.mlp.hook_pre", H)
            F = ffn["w2"] @ np.maximum(H, dt(0))
            if ffn["b2"] is not None:
                F += ffn["b2"][:, None]
            self._keep(f"blocks.{l}.hook_mlp_out", F)
            X = _layer_norm(X + F, ln_ffn)
            self._keep(f"blocks.{l}.hook_resid_post", X)
        self.n += t
        return w["unembed"] @ X
