"""crasp_model.torch_module against the numpy forward pass (itself tested against crasp): every
bundled program compiled APE and RoPE, on its .examples inputs, float64 and float32: the same
decisions, and scores within 1e-9 (float64) / 1e-3 (float32) of numpy's. Skipped without torch.

Environment: CRASP (the crasp binary), CRASP_SOURCE (the source tree).
"""

import glob
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

CRASP = os.environ.get("CRASP", "crasp")
SOURCE = os.environ.get("CRASP_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "python"))
import crasp_model  # noqa: E402

try:
    import torch
    from crasp_model.torch_module import CraspTransformer
except ImportError:  # torch is optional
    torch = None


@unittest.skipIf(torch is None, "PyTorch is not installed (Debian: python3-torch)")
class TorchModule(unittest.TestCase):
    def test_bundled_programs(self):
        scratch = tempfile.TemporaryDirectory(prefix="crasp_torch_")
        self.addCleanup(scratch.cleanup)
        checked = 0
        programs = sorted(glob.glob(os.path.join(SOURCE, "programs", "*.cr*")))
        for source in programs:
            name = os.path.splitext(os.path.basename(source))[0]
            with open(os.path.join(SOURCE, "programs", name + ".examples"), encoding="utf-8") as f:
                inputs = [l.split("=>")[0].split() for l in f
                          if "=>" in l and not l.lstrip().startswith("//")]
            for pe in ("ape", "rope"):
                path = os.path.join(scratch.name, f"{name}_{pe}.safetensors")
                subprocess.run([CRASP, "compile", source, "-o", path, "--pe", pe, "--no-check"],
                               check=True, capture_output=True)
                m = crasp_model.Model.load(path)
                kind = crasp_model.output_kind(m)
                for precision, dtype, tol in (("f64", torch.float64, 1e-9),
                                              ("f32", torch.float32, 1e-3)):
                    net = CraspTransformer(m, dtype)
                    for tokens in inputs:
                        ids = crasp_model.encode(m, tokens, crasp_model.Diagnostics())
                        want = m.forward(ids, precision)[:, -1].astype(np.float64)
                        with torch.no_grad():
                            got = net(torch.tensor([ids]))[0, -1].double().numpy()
                        with self.subTest(program=name, pe=pe, precision=precision, input=tokens):
                            np.testing.assert_allclose(got, want, rtol=0, atol=tol)
                            self.assertEqual(crasp_model.decide(m, kind, got, len(ids)),
                                             crasp_model.decide(m, kind, want, len(ids)))
                        checked += 1
        with self.assertRaisesRegex(ValueError, "float64 or float32 only"):
            CraspTransformer(m, torch.float16)
        print(f"torch module: {checked} inputs checked", file=sys.stderr)
        self.assertGreater(checked, 0)


if __name__ == "__main__":
    if torch is None:
        print("skipped: PyTorch is not installed (Debian: python3-torch)", file=sys.stderr)
        sys.exit(77)  # CTest's SKIP_RETURN_CODE
    unittest.main()
