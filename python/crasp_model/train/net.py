"""The transformers trained here: a GPT-2-style decoder (the papers' architecture) and a layout
crasp's model format can hold, so that a trained model opens in `crasp explain` and crasp_model.

  gpt2   pre-LayerNorm blocks, GELU MLP (4 x d_model), a final LayerNorm, attention scaled by
         1/sqrt(d_head), tied input and output embeddings. Huang et al. (2025, arXiv 2410.02140)
         and Jobanputra, Veitsman et al. (2025, arXiv 2505.21785) train this (GPT-2 from
         Hugging Face) from scratch.
  crasp  crasp's forward pass (docs/model-format.md): post-LayerNorm after attention and after
         the FFN (or none), ReLU FFN with biases, no final norm, no attention scale, an untied
         unembedding. Exportable with `to_crasp_model`.

Positions: `ape` (a learned table, one row per position), `rope` (interleaved pairs as in
crasp's RoPE, base 10000, on every head dimension pair) or `nope` (none: the causal mask alone).
"""

import math

import torch
from torch import nn
from torch.nn import functional as F


def rope_frequencies(d_head, base=10000.0):
    return [base ** (-2.0 * k / d_head) for k in range(d_head // 2)]


def _rotate(x, omegas):
    """x: batch x heads x n x d_head; interleaved pairs (2k, 2k+1) turned by position * omega_k."""
    if omegas is None:
        return x
    n = x.shape[2]
    angle = torch.arange(n, dtype=torch.float64, device=x.device)[:, None] * omegas[None, :]
    c, s = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
    k = omegas.shape[0]
    u, v = x[..., 0:2 * k:2], x[..., 1:2 * k:2]
    turned = torch.stack((u * c - v * s, u * s + v * c), dim=-1).flatten(-2)
    return torch.cat((turned, x[..., 2 * k:]), dim=-1)


class Attention(nn.Module):
    def __init__(self, d_model, heads, pe, scaled):
        super().__init__()
        if d_model % heads:
            raise ValueError(f"d_model {d_model} is not a multiple of heads {heads}")
        self.heads, self.d_head = heads, d_model // heads
        self.wq = nn.Linear(d_model, d_model, bias=False)
        self.wk = nn.Linear(d_model, d_model, bias=False)
        self.wv = nn.Linear(d_model, d_model, bias=False)
        self.wo = nn.Linear(d_model, d_model, bias=False)
        self.scale = 1.0 / math.sqrt(self.d_head) if scaled else 1.0
        omegas = torch.tensor(rope_frequencies(self.d_head), dtype=torch.float64)
        self.register_buffer("omegas", omegas if pe == "rope" else None, persistent=False)

    def split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.heads, self.d_head).transpose(1, 2)

    def forward(self, x, keep=None):
        q = _rotate(self.split(self.wq(x)), self.omegas)
        k = _rotate(self.split(self.wk(x)), self.omegas)
        v = self.split(self.wv(x))
        n = x.shape[1]
        s = (q @ k.transpose(-1, -2)) * self.scale
        mask = torch.ones(n, n, dtype=torch.bool, device=x.device).tril()
        p = torch.softmax(s.masked_fill(~mask, float("-inf")), dim=-1)
        if keep is not None:
            keep.append(p.detach())
        out = (p @ v).transpose(1, 2).reshape(x.shape)
        return self.wo(out)


class Block(nn.Module):
    def __init__(self, d_model, heads, pe, arch):
        super().__init__()
        self.arch = arch
        gpt2 = arch == "gpt2"
        self.attn = Attention(d_model, heads, pe, scaled=gpt2)
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        d_ff = 4 * d_model
        self.w1 = nn.Linear(d_model, d_ff)
        self.w2 = nn.Linear(d_ff, d_model)
        self.act = nn.GELU() if gpt2 else nn.ReLU()

    def forward(self, x, keep=None):
        if self.arch == "gpt2":  # pre-norm
            x = x + self.attn(self.ln1(x), keep)
            return x + self.w2(self.act(self.w1(self.ln2(x))))
        x = self.ln1(x + self.attn(x, keep))  # post-norm, as crasp's format
        return self.ln2(x + self.w2(self.act(self.w1(x))))


class Transformer(nn.Module):
    """A causal language model over `vocab` token ids: logits at every position."""

    def __init__(self, vocab, *, layers=2, heads=2, d_model=32, pe="ape", max_len=512,
                 arch="gpt2"):
        super().__init__()
        if pe not in ("ape", "rope", "nope"):
            raise ValueError(f"pe must be ape, rope or nope, not {pe!r}")
        if arch not in ("gpt2", "crasp"):
            raise ValueError(f"arch must be gpt2 or crasp, not {arch!r}")
        self.config = dict(vocab=vocab, layers=layers, heads=heads, d_model=d_model, pe=pe,
                           max_len=max_len, arch=arch)
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(max_len, d_model) if pe == "ape" else None
        self.blocks = nn.ModuleList(Block(d_model, heads, pe, arch) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d_model) if arch == "gpt2" else None
        self.unembed = None if arch == "gpt2" else nn.Linear(d_model, vocab, bias=False)
        self.apply(self._init)

    @staticmethod
    def _init(m):
        # GPT-2's initialization: normal(0, 0.02) weights, zero biases.
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def forward(self, ids, keep=None):
        n = ids.shape[1]
        x = self.embed(ids)
        if self.pos is not None:
            if n > self.pos.num_embeddings:
                raise ValueError(f"an APE model has {self.pos.num_embeddings} positions; {n} given")
            x = x + self.pos.weight[:n]
        for block in self.blocks:
            x = block(x, keep)
        if self.ln_f is not None:
            return self.ln_f(x) @ self.embed.weight.T
        return self.unembed(x)

    def positional_product_penalty(self, n):
        """A penalty on the positional attention product, after Huang et al. (arXiv 2410.02140):
        the squared entries of every head's (P W_Q)(P W_K)^T over the first n positions (P the
        APE table, scaled as the head scales scores), averaged over position pairs and heads.
        It pushes attention to depend on positions only through what the tokens carry. Zero
        without an APE table."""
        if self.pos is None:
            return self.embed.weight.new_zeros(())
        P = self.pos.weight[:n]
        total = P.new_zeros(())
        count = 0
        for block in self.blocks:
            a = block.attn
            q = a.split((P @ a.wq.weight.T)[None])[0]  # heads x n x d_head
            k = a.split((P @ a.wk.weight.T)[None])[0]
            total = total + ((q @ k.transpose(-1, -2)) * a.scale).pow(2).mean(dim=(1, 2)).sum()
            count += a.heads
        return total / max(count, 1)
