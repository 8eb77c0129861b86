"""crasp_model's own rules, without crasp: the safetensors reader's refusals, the decoding
conventions (count rounding, next-token order, thresholds), the precisions, and the forward pass
of a hand-written model against arithmetic done by hand."""

import json
import os
import struct
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import crasp_model  # noqa: E402
from crasp_model import model, safetensors  # noqa: E402


def file_bytes(tensors, meta, dtype="F64"):
    """A safetensors file as crasp writes it (tensors in order, header padded to 8 bytes)."""
    header, data = {}, b""
    fmt = "<f8" if dtype == "F64" else "<f4"
    for name, array in tensors.items():
        raw = np.asarray(array, dtype=fmt).tobytes()
        header[name] = {"dtype": dtype, "shape": list(np.shape(array)),
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    header["__metadata__"] = {"crasp": json.dumps(meta)}
    text = json.dumps(header)
    text += " " * ((8 - (8 + len(text)) % 8) % 8)
    return struct.pack("<Q", len(text)) + text.encode() + data


def counter():
    """A count acceptor by hand: residual (one, is_a), one uniform head (query and key 0) whose
    value is is_a and whose output adds the mean of is_a over the prefix to `one`; the count
    output reads `one`, so score = 1 + #a / N and the decoded count (score * N) is N + #a."""
    meta = {"format": "crasp-model", "format_version": 2, "vocab": ["<crasp:bos>", "a", "b"],
            "bos": 0, "max_len": 8, "positional": "nope", "residual_names": ["one", "is_a"],
            "output_labels": ["count"], "info": {"certified.f64": "3"},
            "layers": [{"name": "L0",
                        "heads": [{"name": "mean_a", "d_head": 1, "d_value": 1, "rotary": []}],
                        "ln_attn": {"enabled": False, "eps": 0.0, "gain": False, "bias": False},
                        "ffn": {"name": "none", "d_ff": 0, "b1": False, "b2": False},
                        "ln_ffn": {"enabled": False, "eps": 0.0, "gain": False, "bias": False}}]}
    t = {"embed": [[1, 1, 1], [0, 1, 0]],
         "layers.0.heads.0.wq": [[0, 0]], "layers.0.heads.0.wk": [[0, 0]],
         "layers.0.heads.0.wv": [[0, 1]], "layers.0.heads.0.wo": [[1], [0]],
         "layers.0.ffn.w1": np.zeros((0, 2)), "layers.0.ffn.w2": np.zeros((2, 0)),
         "unembed": [[1, 0]]}
    return t, meta


class Reader(unittest.TestCase):
    def test_round_trip_and_refusals(self):
        t, meta = counter()
        m = crasp_model.Model(*safetensors.read(file_bytes(t, meta)))
        self.assertEqual(m.d_model, 2)
        self.assertEqual(m.parameters(), 6 + 4 * 2 + 2)  # embed, wq wk wv wo, unembed
        data = file_bytes(t, meta)
        with self.assertRaisesRegex(safetensors.FormatError, "truncated"):
            safetensors.read(data[:-8])
        with self.assertRaisesRegex(safetensors.FormatError, "bytes after the last tensor"):
            safetensors.read(data + b"\0" * 8)
        with self.assertRaisesRegex(safetensors.FormatError, "not a crasp model"):
            safetensors.read(file_bytes(t, dict(meta, format="other")))
        with self.assertRaisesRegex(safetensors.FormatError, "format_version"):
            safetensors.read(file_bytes(t, dict(meta, format_version=3)))
        bad = dict(t, unembed=[[float("nan"), 0]])
        with self.assertRaisesRegex(safetensors.FormatError, "non-finite"):
            safetensors.read(file_bytes(bad, meta))
        f32 = crasp_model.Model(*safetensors.read(file_bytes(t, meta, "F32")))
        self.assertEqual(f32.embed.dtype, np.float64)

    def test_rotary_frequencies_refused_as_crasp_refuses_them(self):
        t, meta = counter()

        def with_rotary(frequencies):
            m = json.loads(json.dumps(meta))
            m["layers"][0]["heads"][0]["rotary"] = frequencies
            return crasp_model.Model(*safetensors.read(file_bytes(t, m)))

        with_rotary([0.5])  # 0.5 * 8 rad at max_len: fine
        for bad, why in (([1e308], "more than 2"), ([-1.0], "not positive"), ([0.0], "not positive"),
                         ([2.0 ** 30], "more than 2")):
            with self.assertRaisesRegex(safetensors.FormatError, why):
                with_rotary(bad)


class Decoding(unittest.TestCase):
    def setUp(self):
        t, meta = counter()
        self.m = crasp_model.Model(*safetensors.read(file_bytes(t, meta)))

    def test_forward_by_hand(self):
        # ids: BOS a b a -> is_a = 0 1 0 1; uniform attention: mean over the prefix
        s = self.m.forward([0, 1, 2, 1])[0]
        np.testing.assert_allclose(s, [1 + 0, 1 + 1 / 2, 1 + 1 / 3, 1 + 2 / 4])
        s32 = self.m.forward([0, 1, 2, 1], "f32")
        self.assertEqual(s32.dtype, np.float32)
        with self.assertRaisesRegex(ValueError, "f64 or f32 only"):
            self.m.forward([0, 1], "f16")

    def test_count_decoding_and_warning(self):
        d = crasp_model.Diagnostics()
        # count = score * N with N positions (BOS included): (1 + 2/4) * 4 = 6 = N + #a
        self.assertEqual(crasp_model.run(self.m, ["a", "b", "a"], "f64", d), 6)
        self.assertEqual(d, [])
        self.assertEqual(crasp_model.run(self.m, ["a", "b", "a", "b"], "f64", d), 7)
        self.assertIn("past the model's certified float64 range of 3 tokens", d[0][1])
        d = crasp_model.Diagnostics()
        self.assertIsNone(crasp_model.run(self.m, ["a", "c"], "f64", d))
        self.assertEqual(d, [("error", "token 'c' (position 2) is not in the model's vocabulary")])
        self.assertEqual(crasp_model.decide(self.m, "count", [2.5 / 2], 2), 3)   # half away from 0
        self.assertEqual(crasp_model.decide(self.m, "count", [-2.5 / 2], 2), -3)

    def test_next_tokens_in_vocabulary_order(self):
        m = self.m
        m.output_labels = ["next:b", "next:a"]
        self.assertEqual(crasp_model.output_kind(m), "next")
        self.assertEqual(crasp_model.decide(m, "next", [0.9, 0.6], 3), ["a", "b"])
        self.assertEqual(crasp_model.decide(m, "next", [0.5, 0.2], 3), [])
        m.output_labels = ["yes"]
        with self.assertRaisesRegex(ValueError, "follow no convention"):
            crasp_model.output_kind(m)


class CertifiedSums(unittest.TestCase):
    """The attention sums in the order crasp's certificate assumes (model._certified_sums)."""

    @staticmethod
    def one_query(e, v1, i):
        """The order of src/model/attention.hpp for query i, written out for one query."""
        dt = e.dtype.type
        n = i + 1
        whole = (n - 1) // 64
        def block(j0, j1):
            acc = np.zeros(v1.shape[0], dtype=e.dtype)
            for j in range(j0, j1):
                acc = acc + e[j] * v1[:, j]
            return acc
        blocks = [block(64 * b, 64 * (b + 1)) for b in range(whole)]
        acc = block(64 * whole, n)
        k = whole
        while k:
            t = (k & -k).bit_length() - 1
            first = k - (1 << t)
            half = 1
            while half < (1 << t):
                for c in range(first, k, 2 * half):
                    blocks[c] = blocks[c] + blocks[c + half]
                half *= 2
            acc = acc + blocks[first]
            k &= k - 1
        return acc

    def test_equals_the_order_written_out(self):
        rng = np.random.default_rng(1)
        for dt in (np.float32, np.float64):
            seen, first = 300, 200          # queries 200..299 over 300 keys
            E = rng.random((100, seen)).astype(dt)
            for r in range(100):
                E[r, first + r + 1:] = 0    # causal
            V1 = np.vstack([rng.standard_normal((3, seen)), np.ones((1, seen))]).astype(dt)
            got = model._certified_sums(E, V1, first)
            for r in range(0, 100, 7):
                want = self.one_query(E[r], V1, first + r)
                self.assertTrue(np.array_equal(got[r], want), (dt, r))

    def test_within_the_certified_bound(self):
        n = 16384
        E = np.ones((1, n), dtype=np.float32)
        V1 = np.vstack([np.full((1, n), 0.1), np.ones((1, n))]).astype(np.float32)
        got = model._certified_sums(E, V1, n - 1)[0]
        exact = float(np.float32(0.1)) * n
        k = 64 + int(np.ceil(np.log2(n // 64 - 1 + 1)))
        eps = 2.0 ** -24
        self.assertLessEqual(abs(float(got[0]) - exact), k * eps / (1 - k * eps) * exact)
        self.assertEqual(float(got[1]), n)       # a count of ones is exact
        running = abs(float(np.cumsum(V1[0])[-1]) - exact)
        self.assertGreater(running, 10 * abs(float(got[0]) - exact))


if __name__ == "__main__":
    unittest.main()
