"""crasp_model.torch_module against the numpy forward pass (itself tested against crasp): every
bundled program compiled APE and RoPE, on its .examples inputs, float64 and float32: the same
decisions, and scores within 1e-9 (float64) / 1e-3 (float32) of numpy's; the hook points (names,
values against Model.run_with_cache, patching, removal). Skipped without torch.

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


def _compile(scratch, program, pe):
    path = os.path.join(scratch, f"{program}_{pe}.safetensors")
    subprocess.run([CRASP, "compile", os.path.join(SOURCE, "programs", program),
                    "-o", path, "--pe", pe, "--no-check"], check=True, capture_output=True)
    return crasp_model.Model.load(path)


@unittest.skipIf(torch is None, "PyTorch is not installed (Debian: python3-torch)")
class TorchHooks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory(prefix="crasp_torch_hooks_")
        cls.ur = _compile(cls.scratch.name, "ur.crasp", "ape")
        cls.ur_ids = crasp_model.encode(cls.ur, "t0 t1 t2 t3 <sep> t1".split(),
                                        crasp_model.Diagnostics())

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def test_cache_equals_numpy_run_with_cache(self):
        for program, pe, tokens in (("ur.crasp", "ape", "t0 t1 t2 t3 <sep> t1"),
                                    ("dyck1.cr", "rope", "( ( ) ( ) ) ("),
                                    ("majority.crasp", "ape", "a b a c c c a <sep>")):
            m = self.ur if program == "ur.crasp" else _compile(self.scratch.name, program, pe)
            ids = crasp_model.encode(m, tokens.split(), crasp_model.Diagnostics())
            want_scores, want = m.run_with_cache(ids)
            net = CraspTransformer(m)
            with torch.no_grad():
                scores, cache = net.run_with_cache(torch.tensor([ids]))
            with self.subTest(program=program, pe=pe):
                self.assertEqual(set(cache), set(want))
                self.assertEqual(list(cache), list(net.hook_points()))
                np.testing.assert_allclose(scores[0].numpy(), want_scores.T, rtol=0, atol=1e-9)
                for name, value in want.items():
                    got = cache[name][0].numpy()
                    self.assertEqual(got.shape, value.shape, name)
                    np.testing.assert_allclose(got, value, rtol=0, atol=1e-9, err_msg=name)

    def test_names_are_transformer_lens_names(self):
        net = CraspTransformer(self.ur)
        points = net.hook_points()
        layers = len(self.ur.layers)
        self.assertEqual(len(points), 1 + 6 * layers)
        for l in range(layers):
            for part in ("attn.hook_pattern", "hook_attn_out", "hook_resid_mid", "mlp.hook_pre",
                         "hook_mlp_out", "hook_resid_post"):
                self.assertIs(points[f"blocks.{l}.{part}"], net.get_submodule(f"blocks.{l}.{part}"))
                self.assertEqual(points[f"blocks.{l}.{part}"].name, f"blocks.{l}.{part}")
        # Hook points hold no weights: the state dict is the model's buffers alone.
        self.assertFalse(any(k.startswith("blocks.") for k in net.state_dict()))

    def test_patching_the_match_head_changes_the_answer(self):
        m, ids = self.ur, self.ur_ids
        net = CraspTransformer(m)
        kind = crasp_model.output_kind(m)
        with torch.no_grad():
            clean = net(torch.tensor([ids]))[0, -1].numpy()
            seen = []
            untouched = net.run_with_hooks(torch.tensor([ids]), [
                ("blocks.1.attn.hook_pattern", lambda p, hook: seen.append(hook.name))])[0, -1]
        self.assertEqual(seen, ["blocks.1.attn.hook_pattern"])
        np.testing.assert_array_equal(untouched.numpy(), clean)  # returning None keeps the value
        answer = crasp_model.decide(m, kind, clean, len(ids))
        self.assertEqual(answer, ["t2"])
        match = next(h for h, name in enumerate(m.head_names(1)) if "match" in name)

        def to_bos(pattern, hook):
            pattern = pattern.clone()
            pattern[:, match] = 0
            pattern[:, match, :, 0] = 1  # the match head reads nothing but BOS
            return pattern

        with torch.no_grad():
            ablated = net.run_with_hooks(torch.tensor([ids]),
                                         [("blocks.1.attn.hook_pattern", to_bos)])[0, -1].numpy()
        self.assertNotEqual(crasp_model.decide(m, kind, ablated, len(ids)), answer)
        # Hooks are gone after the call, also after a hook raised.
        for point in net.hook_points().values():
            self.assertEqual(len(point._forward_hooks), 0)

        def boom(value, hook):
            raise RuntimeError("hook failed")

        with self.assertRaisesRegex(RuntimeError, "hook failed"):
            net.run_with_hooks(torch.tensor([ids]), [("hook_embed", boom)])
        self.assertEqual(sum(len(p._forward_hooks) for p in net.hook_points().values()), 0)
        with self.assertRaisesRegex(KeyError, "no hook point 'blocks.9.hook_resid_post'"):
            net.run_with_hooks(torch.tensor([ids]), [("blocks.9.hook_resid_post", boom)])


if __name__ == "__main__":
    if torch is None:
        print("skipped: PyTorch is not installed (Debian: python3-torch)", file=sys.stderr)
        sys.exit(77)  # CTest's SKIP_RETURN_CODE
    unittest.main()
