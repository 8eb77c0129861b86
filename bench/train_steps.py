"""Training steps per second of crasp_model train's transformer (docs/performance.md, "Training").

  small:  the CPU experiment's configuration (docs/training.md): 2 layers, 2 heads, width 32,
          batch 64, sequences of 42 tokens (NF at length 20: prompt and answer)
  papers: Huang et al.'s 2 layers, 4 heads, width 64, batch 64, sequences of 100 tokens

A step is forward, cross-entropy on every position, backward and AdamW, on random token ids
(the instances' cost is measured apart: crasp.generate in "Python"). GPT-2 architecture, APE
(RoPE adds the rotations); float32; torch's default threads unless --threads.

Run: PYTHONPATH=build/ci/python python3 bench/train_steps.py [--threads N] [--steps N]
"""
import argparse
import time

import torch
from torch.nn import functional as F

from crasp_model.train.net import Transformer

SHAPES = {"small": dict(layers=2, heads=2, d_model=32, n=42),
          "papers": dict(layers=2, heads=4, d_model=64, n=100)}


def steps_per_second(layers, heads, d_model, n, pe, steps, batch=64, vocab=16):
    torch.manual_seed(0)
    model = Transformer(vocab, layers=layers, heads=heads, d_model=d_model, pe=pe, max_len=n + 1)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    X = torch.randint(0, vocab, (batch, n))
    Y = torch.randint(0, vocab, (batch, n))

    def step():
        loss = F.cross_entropy(model(X).reshape(-1, vocab), Y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    for _ in range(5):  # warm-up
        step()
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(steps):
            step()
        best = min(best, time.perf_counter() - t0)
    return steps / best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--steps", type=int, default=50)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads")
    for name, shape in SHAPES.items():
        for pe in ("ape", "rope"):
            rate = steps_per_second(**shape, pe=pe, steps=args.steps)
            print(f"{name:<7} {pe:<5} {shape['layers']}L {shape['heads']}H d{shape['d_model']} "
                  f"batch 64 x {shape['n']} tokens: {rate:7.1f} steps/s")


if __name__ == "__main__":
    main()
