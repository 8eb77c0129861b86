"""Reading crasp's safetensors files with numpy alone (docs/model-format.md, "File format").

Debian's torch has no safetensors support and `torch.load` reads pickles, not safetensors, so
the package reads the format itself: an 8-byte little-endian header length, a JSON header, and
row-major little-endian tensors. Only what crasp writes is accepted (F64 or F32 tensors tiling
the data section, a `crasp` metadata document of format_version 1 or 2); anything else raises
`FormatError` with the reason.
"""

import json
import struct

import numpy as np

_DTYPES = {"F64": np.dtype("<f8"), "F32": np.dtype("<f4")}


class FormatError(ValueError):
    """The file is not a crasp model file (the message says why)."""


def _no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise FormatError(f"bad header: duplicate key '{dup}'")
    return dict(pairs)


def read(data):
    """Splits the bytes of a file into (tensors, metadata): tensors as float64 numpy arrays of
    their stored shape (F32 widened exactly), metadata as the decoded `crasp` document."""
    if len(data) < 8:
        raise FormatError("truncated file: shorter than the 8-byte header length")
    (n,) = struct.unpack_from("<Q", data, 0)
    if n > len(data) - 8:
        raise FormatError(f"truncated file: header of {n} bytes but only {len(data) - 8} follow")
    try:
        header = json.loads(bytes(data[8:8 + n]).decode("utf-8"),
                            object_pairs_hook=_no_duplicates)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise FormatError(f"bad header: {e}") from None
    if not isinstance(header, dict):
        raise FormatError("bad header: not a JSON object")
    body = memoryview(data)[8 + n:]
    meta_strings = header.pop("__metadata__", {})
    if "crasp" not in meta_strings:
        raise FormatError('not a crasp model: no "crasp" entry in __metadata__')
    meta = json.loads(meta_strings["crasp"], object_pairs_hook=_no_duplicates)
    if meta.get("format") != "crasp-model":
        raise FormatError(f"not a crasp model: metadata format '{meta.get('format')}'")
    if meta.get("format_version") not in (1, 2):
        raise FormatError(f"unsupported crasp model format_version {meta.get('format_version')}")
    tensors = {}
    spans = []
    for name, entry in header.items():
        dtype = _DTYPES.get(entry.get("dtype"))
        if dtype is None:
            raise FormatError(f"tensor '{name}': unsupported dtype '{entry.get('dtype')}'")
        shape = tuple(int(s) for s in entry["shape"])
        begin, end = (int(x) for x in entry["data_offsets"])
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if end - begin != count * dtype.itemsize or begin < 0:
            raise FormatError(f"tensor '{name}': data_offsets [{begin}, {end}] do not match its "
                              f"shape {list(shape)}")
        if end > len(body):
            raise FormatError(f"tensor '{name}': truncated file: data_offsets end at {end}, the "
                              f"data section has {len(body)} bytes")
        spans.append((begin, end, name))
        array = np.frombuffer(body[begin:end], dtype=dtype).astype(np.float64)
        tensors[name] = array.reshape(shape)
    spans.sort()
    at = 0
    for begin, end, name in spans:
        if begin != at:
            raise FormatError(f"tensor '{name}': the tensors do not tile the data section")
        at = end
    if at != len(body):
        raise FormatError(f"{len(body) - at} bytes after the last tensor")
    for name, array in tensors.items():
        if not np.all(np.isfinite(array)):
            raise FormatError(f"invalid model: {name}: contains a non-finite value")
    return tensors, meta

