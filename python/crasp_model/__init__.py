"""crasp_model: load, run and inspect transformers compiled by crasp, with numpy alone.

    from crasp_model import Model, run, generate
    m = Model.load("ur.safetensors")              # written by `crasp compile`
    generate(m, "<bos> t1 t2 t3 <sep> t2".split()).continuation   # ['t3']
    m.forward(ids)                                 # scores at every position (n_out x n)

`run` and `generate` answer exactly as `crasp run/generate --engine transformer` (same encoding,
decoding thresholds, stop reasons and warnings); `python3 -m crasp_model` prints the same lines.
"""

from .decode import Diagnostics, decide, encode, generate, output_kind, run
from .model import Decoder, Model
from .safetensors import FormatError

__all__ = ["Model", "Decoder", "FormatError", "Diagnostics", "encode", "decide", "output_kind",
           "run", "generate"]
__version__ = "0.1.0"
