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
"""

import torch
from torch import nn


class CraspTransformer(nn.Module):
    def __init__(self, model, dtype=torch.float64):
        super().__init__()
        if dtype not in (torch.float64, torch.float32):
            raise ValueError("crasp models run in float64 or float32 only (float16 and bfloat16 "
                             "break them; docs/model-format.md)")
        self.model = model
        self.dtype = dtype
        t = lambda a: torch.tensor(a, dtype=dtype)
        self.register_buffer("embed", t(model.embed.T))          # vocab x d (nn.Embedding layout)
        self.register_buffer("unembed", t(model.unembed))        # n_out x d
        if model.pe == "ape":
            table = torch.zeros(model.max_len, model.d_model, dtype=dtype)
            table[:, model.pos_rows] = t(model.pos_embed.T)
            self.register_buffer("pos_embed", table)             # max_len x d, zero off pos_rows
        self.layers = []
        for l, L in enumerate(model.layers):
            heads = []
            for h, H in enumerate(L.heads):
                names = []
                for part in ("wq", "wk", "wv", "wo"):
                    name = f"l{l}_h{h}_{part}"
                    self.register_buffer(name, t(getattr(H, part)))
                    names.append(name)
                heads.append((names, torch.tensor(H.rotary, dtype=torch.float64)))
            ffn = {}
            for part in ("w1", "b1", "w2", "b2"):
                if L.ffn[part] is not None:
                    self.register_buffer(f"l{l}_{part}", t(L.ffn[part]))
                    ffn[part] = f"l{l}_{part}"
            lns = []
            for which, cfg in (("attn", L.ln_attn), ("ffn", L.ln_ffn)):
                entry = {"enabled": cfg["enabled"], "eps": cfg["eps"], "gain": None, "bias": None}
                for key, w in (("gain", cfg["gain_w"]), ("bias", cfg["bias_w"])):
                    if w is not None:
                        self.register_buffer(f"l{l}_ln_{which}_{key}", t(w))
                        entry[key] = f"l{l}_ln_{which}_{key}"
                lns.append(entry)
            self.layers.append((heads, lns[0], ffn, lns[1]))

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
        angle = torch.arange(n, dtype=torch.float64)[:, None] * omegas[None, :]
        c, s = torch.cos(angle).to(self.dtype), torch.sin(angle).to(self.dtype)
        k = len(omegas)
        u, v = M[..., 0:2 * k:2], M[..., 1:2 * k:2]
        out = M.clone()
        out[..., 0:2 * k:2] = u * c - v * s
        out[..., 1:2 * k:2] = u * s + v * c
        return out

    def forward(self, ids):
        """ids: batch x n token ids (BOS first); returns scores, batch x n x n_out."""
        ids = torch.as_tensor(ids)
        if ids.dim() == 1:
            ids = ids[None, :]
        n = ids.shape[1]
        X = self.embed[ids]
        if self.model.pe == "ape":
            if n > self.model.max_len:
                raise ValueError(f"an APE model has {self.model.max_len} positions; {n} given")
            X = X + self.pos_embed[:n]
        causal = torch.ones(n, n, dtype=torch.bool).tril()
        for heads, ln_attn, ffn, ln_ffn in self.layers:
            D = torch.zeros_like(X)
            for (wq, wk, wv, wo), omegas in heads:
                q = self._rotate(X @ getattr(self, wq).T, omegas)
                k = self._rotate(X @ getattr(self, wk).T, omegas)
                v = X @ getattr(self, wv).T
                S = (q @ k.transpose(1, 2)).masked_fill(~causal, float("-inf"))
                D = D + torch.softmax(S, dim=-1) @ v @ getattr(self, wo).T
            X = self._ln(X + D, ln_attn)
            H = X @ getattr(self, ffn["w1"]).T
            if "b1" in ffn:
                H = H + getattr(self, ffn["b1"])
            F = torch.relu(H) @ getattr(self, ffn["w2"]).T
            if "b2" in ffn:
                F = F + getattr(self, ffn["b2"])
            X = self._ln(X + F, ln_ffn)
        return X @ self.unembed.T
