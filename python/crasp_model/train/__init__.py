"""Training transformers on crasp's tasks, beside crasp's verdicts (docs/training.md).

    python3 -m crasp_model train UR --pe ape,rope --steps 3000 --seeds 0,1,2

or from Python:

    from crasp_model.train import Config, run_experiment
    doc = run_experiment("UR", [Config(pe="ape", steps=3000)], seeds=[0], out_dir="runs/UR")

Needs PyTorch (optional, Debian `python3-torch`) and the `crasp` module (the instances come from
crasp's own generators).
"""

from .experiment import run as run_experiment
from .loop import Config

__all__ = ["Config", "run_experiment"]
