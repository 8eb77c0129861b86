"""Why crasp models refuse float16: every bundled program's APE model (compiled into MODELS, one
NAME.safetensors per programs/NAME.*) run on its .examples inputs with weights and arithmetic in
numpy float16, decoded as crasp decodes, against the same model in float64.

    mkdir -p /tmp/m && for f in programs/*.crasp programs/*.cr; do b=$(basename "${f%.*}");
      crasp compile "$f" -o /tmp/m/$b.safetensors --no-check; done
    PYTHONPATH=python python3 bench/half_precision.py /tmp/m programs
"""
import glob
import os
import sys

import numpy as np

import crasp_model
from crasp_model import model as model_module

model_module.PRECISIONS["f16"] = np.float16  # not offered by the package: measured here only
models, programs = sys.argv[1], sys.argv[2]
total_wrong = total = 0
for path in sorted(glob.glob(os.path.join(models, "*.safetensors"))):
    name = os.path.basename(path).split(".")[0]
    with open(os.path.join(programs, name + ".examples"), encoding="utf-8") as f:
        inputs = [l.split("=>")[0].split() for l in f if "=>" in l and not l.lstrip().startswith("//")]
    m = crasp_model.Model.load(path)
    kind = crasp_model.output_kind(m)
    wrong = 0
    for tokens in inputs:
        ids = crasp_model.encode(m, tokens, crasp_model.Diagnostics())
        want = crasp_model.decide(m, kind, m.forward(ids)[:, -1], len(ids))
        with np.errstate(all="ignore"):
            half = m.forward(ids, "f16")[:, -1].astype(np.float64)
        wrong += want != crasp_model.decide(m, kind, half, len(ids))
    total_wrong += wrong
    total += len(inputs)
    print(f"{name:26s} {wrong:3d} of {len(inputs)} wrong")
print(f"total {total_wrong} of {total} wrong")
