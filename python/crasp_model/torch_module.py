"""A crasp model as a PyTorch `nn.Module` (optional: needs torch; Debian `python3-torch`).

    import crasp_model, torch
    from crasp_model.torch_module import CraspTransformer
    net = CraspTransformer(crasp_model.Model.load("ur.safetensors"))
    scores = net(torch.tensor([[0, 2, 3]]))        # batch x positions x outputs, float64

The module computes the forward pass of docs/model-format.md with torch operations: token and
position embeddings, causal softmax heads without the 1/sqrt(d) scale (interleaved RoPE where
the model has it), ReLU FFNs, post-LayerNorms when enabled, the unembedding. Weights are frozen
buffers. Only float64 and float32 are accepted (float16 and bfloat16 break the construction);
decode the scores with `crasp_model.decide` (thresholds, not an argmax).

Hook points carry TransformerLens's names, the same as `Model.run_with_cache` (batch first here):

    hook_embed                      batch x n x d_model
    blocks.{l}.attn.hook_pattern    batch x heads x n x n (row: query; zero above the diagonal)
    blocks.{l}.hook_attn_out        batch x n x d_model
    blocks.{l}.hook_resid_mid       batch x n x d_model
    blocks.{l}.mlp.hook_pre         batch x n x d_ff
    blocks.{l}.hook_mlp_out         batch x n x d_model
    blocks.{l}.hook_resid_post      batch x n x d_model

Each is an `nn.Module` (`HookPoint`): `net.run_with_cache(ids)` returns the scores and every
value, `net.run_with_hooks(ids, fwd_hooks=[(name, fn)])` calls `fn(value, hook=point)` and uses
its return value, when not None, in place of the value (activation patching, head ablation);
plain `register_forward_hook` on `net.hook_points()[name]` works as well.
"""

import contextlib

import torch
from torch import nn


class HookPoint(nn.Module):
    """The identity, there to be hooked: its forward hooks see (and may replace) one value."""

    def __init__(self):
        super().__init__()
        self.name = None  # set by CraspTransformer: the TransformerLens name

    def forward(self, x):
        return x


class _Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hook_pattern = HookPoint()


class _MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hook_pre = HookPoint()


class _Block(nn.Module):
    """Hook points of one layer (the weights stay buffers of CraspTransformer)."""

    def __init__(self):
        super().__init__()
        self.attn = _Attention()
        self.hook_attn_out = HookPoint()
        self.hook_resid_mid = HookPoint()
        self.mlp = _MLP()
        self.hook_mlp_out = HookPoint()
        self.hook_resid_post = HookPoint()


class CraspTransformer(nn.Module):
    """`model`'s forward pass in torch. Weights are frozen buffers, or with trainable=True
    parameters (under the same names) that an optimizer can move: crasp_model train
    --init-from starts from a compiled model this way."""

    def __init__(self, model, dtype=torch.float64, trainable=False):
        super().__init__()
        self.trainable = trainable
        if dtype not in (torch.float64, torch.float32):
            raise ValueError("crasp models run in float64 or float32 only (float16 and bfloat16 "
                             "break them; docs/model-format.md)")
        self.model = model
        self.dtype = dtype
        t = lambda a: torch.tensor(a, dtype=dtype)
        self._store("embed", t(model.embed.T))          # vocab x d (nn.Embedding layout)
        self._store("unembed", t(model.unembed))        # n_out x d
        if model.pe == "ape":
            table = torch.zeros(model.max_len, model.d_model, dtype=dtype)
            table[:, model.pos_rows] = t(model.pos_embed.T)
            self._store("pos_embed", table)             # max_len x d, zero off pos_rows
        self.layers = []
        for l, L in enumerate(model.layers):
            heads = []
            for h, H in enumerate(L.heads):
                names = []
                for part in ("wq", "wk", "wv", "wo"):
                    name = f"l{l}_h{h}_{part}"
                    self._store(name, t(getattr(H, part)))
                    names.append(name)
                heads.append((names, torch.tensor(H.rotary, dtype=torch.float64)))
            ffn = {}
            for part in ("w1", "b1", "w2", "b2"):
                if L.ffn[part] is not None:
                    self._store(f"l{l}_{part}", t(L.ffn[part]))
                    ffn[part] = f"l{l}_{part}"
            lns = []
            for which, cfg in (("attn", L.ln_attn), ("ffn", L.ln_ffn)):
                entry = {"enabled": cfg["enabled"], "eps": cfg["eps"], "gain": None, "bias": None}
                for key, w in (("gain", cfg["gain_w"]), ("bias", cfg["bias_w"])):
                    if w is not None:
                        self._store(f"l{l}_ln_{which}_{key}", t(w))
                        entry[key] = f"l{l}_ln_{which}_{key}"
                lns.append(entry)
            self.layers.append((heads, lns[0], ffn, lns[1]))
        self.hook_embed = HookPoint()
        self.blocks = nn.ModuleList(_Block() for _ in model.layers)
        for name, module in self.named_modules():
            if isinstance(module, HookPoint):
                module.name = name

    def _store(self, name, tensor):
        if self.trainable:
            self.register_parameter(name, nn.Parameter(tensor))
        else:
            self.register_buffer(name, tensor)

    def weights(self):
        """The current weights in crasp's file layout, as float64 numpy arrays by tensor name
        (docs/model-format.md, "Tensor names"): what export writes back after training."""
        m = self.model
        get = lambda name: getattr(self, name).detach().cpu().double().numpy()
        out = {"embed": get("embed").T, "unembed": get("unembed")}
        if m.pe == "ape":
            out["pos_embed"] = get("pos_embed")[:, m.pos_rows].T
        for l, (heads, ln_attn, ffn, ln_ffn) in enumerate(self.layers):
            for h, (names, _) in enumerate(heads):
                for part, name in zip(("wq", "wk", "wv", "wo"), names):
                    out[f"layers.{l}.heads.{h}.{part}"] = get(name)
            for part, name in ffn.items():
                out[f"layers.{l}.ffn.{part}"] = get(name)
            for which, cfg in (("ln_attn", ln_attn), ("ln_ffn", ln_ffn)):
                for key in ("gain", "bias"):
                    if cfg[key]:
                        out[f"layers.{l}.{which}.{key}"] = get(cfg[key])
        return out

    def hook_points(self):
        """Every hook point by its TransformerLens name, in the order the forward pass reaches them."""
        return {name: m for name, m in self.named_modules() if isinstance(m, HookPoint)}

    @contextlib.contextmanager
    def hooks(self, fwd_hooks):
        """Within the block, `fn(value, hook=point)` runs at each (name, fn) of `fwd_hooks`; a
        value it returns replaces the activation. The hooks are removed on leaving, also on error."""
        points = self.hook_points()
        handles = []
        try:
            for name, fn in fwd_hooks:
                if name not in points:
                    raise KeyError(f"no hook point {name!r} (this model has {len(points)}: "
                                   f"{', '.join(list(points)[:3])}, ...)")
                handles.append(points[name].register_forward_hook(
                    lambda module, args, out, fn=fn: fn(out, hook=module)))
            yield self
        finally:
            for h in handles:
                h.remove()

    def run_with_hooks(self, ids, fwd_hooks=()):
        """Scores of `ids` with `fwd_hooks` ([(name, fn)], see hooks()) in place for this call."""
        with self.hooks(fwd_hooks):
            return self(ids)

    def run_with_cache(self, ids, names=None):
        """Scores and a dict of every hook point's value (or those in `names`), detached."""
        cache = {}

        def keep(value, hook):
            cache[hook.name] = value.detach()

        wanted = [n for n in self.hook_points() if names is None or n in names]
        scores = self.run_with_hooks(ids, [(n, keep) for n in wanted])
        return scores, cache

    def _ln(self, X, cfg):
        if not cfg["enabled"]:
            return X
        w = getattr(self, cfg["gain"]) if cfg["gain"] else None
        b = getattr(self, cfg["bias"]) if cfg["bias"] else None
        return nn.functional.layer_norm(X, (X.shape[-1],), w, b, cfg["eps"])

    def _rotate(self, M, omegas):
        """Interleaved pairs (2k, 2k+1) of M (batch x n x d_head) turned by position * omega_k."""
        if len(omegas) == 0:
            return M
        n = M.shape[1]
        omegas = omegas.to(M.device)
        angle = torch.arange(n, dtype=torch.float64, device=M.device)[:, None] * omegas[None, :]
        c, s = torch.cos(angle).to(self.dtype), torch.sin(angle).to(self.dtype)
        k = len(omegas)
        u, v = M[..., 0:2 * k:2], M[..., 1:2 * k:2]
        out = M.clone()
        out[..., 0:2 * k:2] = u * c - v * s
        out[..., 1:2 * k:2] = u * s + v * c
        return out

    def forward(self, ids):
        """ids: batch x n token ids (BOS first); returns scores, batch x n x n_out."""
        ids = torch.as_tensor(ids, device=self.embed.device)
        if ids.dim() == 1:
            ids = ids[None, :]
        n = ids.shape[1]
        X = self.embed[ids]
        if self.model.pe == "ape":
            if n > self.model.max_len:
                raise ValueError(f"an APE model has {self.model.max_len} positions; {n} given")
            X = X + self.pos_embed[:n]
        X = self.hook_embed(X)
        causal = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()
        for block, (heads, ln_attn, ffn, ln_ffn) in zip(self.blocks, self.layers):
            values, patterns = [], []
            for (wq, wk, wv, wo), omegas in heads:
                q = self._rotate(X @ getattr(self, wq).T, omegas)
                k = self._rotate(X @ getattr(self, wk).T, omegas)
                values.append((X @ getattr(self, wv).T, getattr(self, wo)))
                S = (q @ k.transpose(1, 2)).masked_fill(~causal, float("-inf"))
                patterns.append(torch.softmax(S, dim=-1))
            D = torch.zeros_like(X)
            # A layer without heads still shows its (empty) pattern, as Model.run_with_cache does.
            P = (torch.stack(patterns, dim=1) if patterns
                 else X.new_zeros((X.shape[0], 0, n, n)))
            P = block.attn.hook_pattern(P)
            for h, (v, wo) in enumerate(values):
                D = D + P[:, h] @ v @ wo.T
            D = block.hook_attn_out(D)
            X = block.hook_resid_mid(self._ln(X + D, ln_attn))
            H = X @ getattr(self, ffn["w1"]).T
            if "b1" in ffn:
                H = H + getattr(self, ffn["b1"])
            H = block.mlp.hook_pre(H)
            F = torch.relu(H) @ getattr(self, ffn["w2"]).T
            if "b2" in ffn:
                F = F + getattr(self, ffn["b2"])
            F = block.hook_mlp_out(F)
            X = block.hook_resid_post(self._ln(X + F, ln_ffn))
        return X @ self.unembed.T
