"""crasp from Python: parse C-RASP programs, run them exactly, and read their traces.

    >>> import crasp
    >>> p = crasp.parse('OPEN = #[j <= i] "("\\nCLOSE = #[j <= i] ")"\\nOK = OPEN >= CLOSE')
    >>> p.run("( ( ) )").output
    True
    >>> p.run("( ) )")["CLOSE"].tolist()
    [0, 1, 2]

Everything runs in crasp's C++ library (the same code as the `crasp` command line): the
interpreter is exact (integer counts), and errors are the CLI's diagnostics, raised as
crasp.Error. See docs/python.md for the whole API.
"""
from __future__ import annotations

import json
import os
from typing import Iterable, Mapping, Optional, Sequence, Union

try:
    from . import _crasp
except ImportError as e:  # the source folder python/ has the Python files but not the extension
    raise ImportError(
        f"crasp's compiled extension (crasp._crasp) cannot be imported ({e}): use the package "
        "a build made (PYTHONPATH=build/ci/python after `bash .ci/bootstrap`) or install it "
        "(pip install --no-build-isolation ./python); docs/python.md") from e
from ._crasp import Diagnostic, Explanation, Trace

__all__ = ["Error", "Diagnostic", "Program", "Trace", "Compiled", "parse", "load",
           "expand_alphabet", "tasks", "generate", "check", "synth", "explain", "Explanation",
           "verify", "spec_info"]

Tokens = Union[str, Sequence[str]]

#: The longest input accepted, in bytes of its tokens joined by spaces: the limit of an input
#: line of the crasp command (64 MiB).
MAX_INPUT_BYTES = 64 * 1024 * 1024


class Error(Exception):
    """Raised for a program or input with errors; `diagnostics` holds every one of them (each a
    crasp.Diagnostic with file, line, column, message and the rendered caret text)."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.level == "error"]
        super().__init__("\n".join(d.rendered.rstrip("\n") for d in (errors or self.diagnostics)))


def _tokens(value: Tokens, what: str) -> list:
    """A token list from a string (split on whitespace, as the CLI reads a line) or a sequence
    of strings."""
    if isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{what}: tokens must be str, not bytes (decode them first)")
    out = value.split() if isinstance(value, str) else list(value)
    size = 0
    for t in out:
        if not isinstance(t, str):
            raise TypeError(f"{what}: every token must be a str, not {type(t).__name__}")
        size += len(t) + 1
    # Characters count at least one byte each; only a long input needs the exact count.
    if size > MAX_INPUT_BYTES // 4 and sum(len(t.encode("utf-8")) + 1 for t in out) - 1 > MAX_INPUT_BYTES:
        raise ValueError(f"{what}: the input is longer than {MAX_INPUT_BYTES} bytes (the limit "
                         "of an input line of the crasp command)")
    return out


def _alphabets(alphabets: Optional[Mapping[str, Union[str, Iterable[str]]]]) -> dict:
    """{"Sym": "t0..t4"} or {"Sym": ["a", "b"]} -> {"Sym": [...]}, as --alphabet NAME=SPEC."""
    out = {}
    for name, items in (alphabets or {}).items():
        out[name] = expand_alphabet(items) if isinstance(items, str) else _tokens(items, "alphabets")
    return out


def _unwrap(answer):
    value, diagnostics = answer
    if value is None or any(d.level == "error" for d in diagnostics):
        raise Error(diagnostics)
    return value


def expand_alphabet(spec: str) -> list:
    """The items of an alphabet written as on the command line: "a b c", "a..e", "t0..t149"."""
    return _unwrap(_crasp.expand_alphabet(spec))


class Program:
    """A parsed and checked program. Make one with crasp.parse or crasp.load.

    Attributes: name, statements [(name, 'bool'|'count')], vocabulary, closed_vocabulary,
    is_generator, next_tokens, program_class ('C-RASP' or 'C-RASP[pos]'), depth, size,
    alphabets [(name, items)], warnings [Diagnostic].
    """

    def __init__(self, native):
        self._p = native

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._p, name)

    def __repr__(self):
        return (f"<crasp.Program {self._p.name}: {self._p.program_class}, "
                f"{len(self._p.statements)} statements>")

    def info(self) -> dict:
        """What `crasp info --json` reports: class, mode, depth, size, alphabets, vocabulary,
        statements."""
        return {
            "program": self._p.name,
            "class": self._p.program_class,
            "mode": "generator" if self._p.is_generator else "acceptor",
            "depth": self._p.depth,
            "size": self._p.size,
            "alphabets": [{"name": n, "items": list(i)} for n, i in self._p.alphabets],
            "vocabulary": list(self._p.vocabulary),
            "closed_vocabulary": self._p.closed_vocabulary,
            "statements": [{"name": n, "type": t} for n, t in self._p.statements],
            "next": list(self._p.next_tokens),
        }

    def expand(self) -> str:
        """The program as plain .crasp statements, families expanded (`crasp expand`)."""
        return self._p.expand()

    def run(self, tokens: Tokens) -> Trace:
        """Runs the program on one input: a Trace with every statement's values (numpy arrays,
        bool or int64, one per position) and `output`, the last statement at the last position.
        A string is split on whitespace."""
        return _unwrap(_crasp.trace(self._p, _tokens(tokens, "run")))

    def run_batch(self, inputs: Iterable[Tokens], *, threads: int = 0):
        """Runs the program on many inputs and returns their outputs as one numpy array (bool or
        int64). The interpreter runs without the GIL, split over `threads` threads (0: one per
        core). Raises crasp.Error naming the input at the first error."""
        # Lists of str go to C++ as they are (it checks their tokens and the size limit);
        # strings are split here, as the CLI reads a line.
        batch = [t.split() if isinstance(t, str) else t if type(t) is list else
                 _tokens(t, "run_batch") for t in inputs]
        if threads < 0:
            raise ValueError("threads must be >= 0")
        return _unwrap(_crasp.run_batch(self._p, batch, threads))

    def compile(self, *, pe: str = "ape", max_len: int = 4096, booleans: str = "auto",
                max_model_mib: int = 2048, matching_heads: bool = True) -> "Compiled":
        """Compiles the program to a transformer, as `crasp compile`: pe 'ape', 'rope' or 'nope'
        (a C-RASP[pos] program needs positions), built for inputs of up to max_len tokens.
        Returns a crasp.Compiled whose `model` is a crasp_model.Model in memory (no file), with
        the certified lengths and the size; raises crasp.Error when the program cannot be
        compiled that way."""
        data, stats = _unwrap(_crasp.compile(self._p, pe, int(max_len), booleans,
                                             int(max_model_mib) << 20, bool(matching_heads)))
        return Compiled(data, stats)

    def verify(self, *, pe: str = "ape", max_len: int = 4096, precision: str = "f64",
               exhaustive_length: int = -1, samples: int = 8, seed: int = 1,
               progress=None) -> dict:
        """Compiles the program and compares the model with the interpreter, as `crasp verify
        --json`: every input up to the exhaustive length, then `samples` random inputs per
        length bucket up to max_len. A dict with buckets (inputs, decisions, mismatches, min
        slack and output margin, whether certified), totals, ok, and the shortest
        counterexample if any. `progress(done, total)` is called after each length bucket."""
        text = _unwrap(_crasp.verify(self._p, pe, int(max_len), precision, int(exhaustive_length),
                                     int(samples), int(seed), progress))
        report = {"program": self._p.name, "pe": pe, "precision": precision, "max_len": max_len}
        report.update(json.loads(text))
        return report

    def generate(self, prefix: Tokens, *, max_new: int = 256) -> list:
        """Greedy generation as `crasp generate`: at each step the one token whose next rule
        holds is appended, until none holds or max_new tokens. Returns the continuation; two
        rules holding at once raise crasp.Error."""
        if max_new < 0:
            raise ValueError("max_new must be >= 0")
        continuation, _reason = _unwrap(_crasp.generate(self._p, _tokens(prefix, "generate"), max_new))
        return continuation


class Compiled:
    """A compiled program: `model` (a crasp_model.Model, float64 weights), `certified` (the
    longest input a worst-case rounding analysis guarantees exact, per precision: {'f64': n,
    'f32': n}), `size` (d_model, layers, max_d_ff, parameters, bytes), `stats` (counts, guard
    reads, comparisons, ... as `crasp compile --json` reports them). `save(path)` writes the
    model file `crasp compile -o` would."""

    def __init__(self, data: bytes, stats: dict):
        import crasp_model
        from crasp_model import safetensors
        self._bytes = data
        self.model = crasp_model.Model(*safetensors.read(data))
        self.stats = dict(stats)
        self.size = dict(stats["size"])
        self.certified = {"f64": stats["certified_f64"], "f32": stats["certified_f32"]}

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the model as a safetensors file (float64), readable by crasp and crasp_model."""
        with open(path, "wb") as f:
            f.write(self._bytes)

    def __repr__(self):
        return (f"<crasp.Compiled {self.model.pe}: d_model {self.size['d_model']}, "
                f"{self.size['layers']} layers, certified f64 {self.certified['f64']} / "
                f"f32 {self.certified['f32']}>")


def tasks() -> list:
    """The task catalogue as dicts (name, mode, description, category, program, vocabulary
    sizes, control_tokens, and the 'ape' / 'nope' verdicts with their reasons), as `crasp tasks`
    lists them."""
    return [dict(t) for t in _crasp.tasks()]


def spec_info(path: Union[str, os.PathLike]) -> dict:
    """A task spec's head as crasp check reads it (nothing is run): name, description, format
    (accept, continuation, labels or count), min_length, max_length, expect and its [[trained]]
    series ({label, bins: [(lo, hi, accuracy)]}). Raises crasp.Error for a bad spec."""
    return dict(_unwrap(_crasp.spec_info(os.fspath(path))))


def _spec_answer(form: str, expected: list):
    if form == "accept":
        return expected == ["True"]
    if form == "count":
        return int(expected[0])
    if form == "labels":
        return [l == "True" if l in ("True", "False") else l for l in expected]
    return list(expected)


def generate(task: Union[str, os.PathLike], *, length: int, count: int = 1, seed: int = 1,
             vocab: int = 0, oracle_timeout: float = 10) -> list:
    """Random instances of a catalogue task, exactly those of `crasp tasks TASK --generate
    --length L --count C --seed S [--vocab K]`, or of a task spec (a .toml path: its generator,
    data or regular language, as crasp check draws them): dicts with `input` (tokens) and
    `answer` (a bool for an acceptor, the continuation's tokens for a generator, one label per
    token for a labels task, an int for a count). `length` counts what the task's --length
    counts."""
    if length < 1 or count < 0:
        raise ValueError("length must be >= 1 and count >= 0")
    if str(task).lower().endswith(".toml"):
        if vocab:
            raise ValueError("vocab applies to catalogue tasks; a spec names its own tokens")
        form, rows = _unwrap(_crasp.generate_spec(os.fspath(task), int(length), int(count),
                                                  int(seed), float(oracle_timeout)))
        return [{"input": list(i), "answer": _spec_answer(form, list(e))} for i, e in rows]
    return _unwrap(_crasp.generate_catalogue(task, int(length), int(count), int(seed), int(vocab)))


def check(*tasks: str, train: tuple = (4, 100), test: tuple = (101, 200), far: Sequence[int] = (10, 100),
          pe: Sequence[str] = ("ape", "rope", "nope"), precision: Sequence[str] = ("f64", "f32"),
          samples: int = 20, seed: int = 1, vocab: int = 0, programs: Optional[str] = None,
          communication: bool = True, threads: int = 0, plot: bool = False,
          progress=None) -> dict:
    """crasp check on catalogue tasks and task specs (paths ending in .toml): the report of
    `crasp check --json` as a dict (schema in docs/check.md); with plot=True its "plot" entry
    is the SVG of `crasp check --plot` (accuracy against length per task). `progress(done,
    total, what)` is called as work completes (a notebook can drive tqdm with it). `programs` is
    the folder of the catalogue's programs (default: the bundled ones)."""
    if not tasks:
        raise ValueError("check: name at least one task or spec")
    text, svg = _unwrap(_crasp.check(list(tasks), tuple(train), tuple(test), list(far), list(pe),
                                     list(precision), int(samples), int(seed), int(vocab),
                                     programs or _crasp.bundled_programs, bool(communication),
                                     int(threads), bool(plot), progress))
    report = json.loads(text)
    if plot:
        report["plot"] = svg
    return report


def synth(task: str, *, max_size: int = 14, time_limit: float = 60, pe: str = "ape",
          search_vocab: int = 3, check: bool = True, samples: int = 20, seed: int = 1,
          threads: int = 0, programs: Optional[str] = None, progress=None) -> dict:
    """crasp synth on a catalogue task or a task spec: the report of `crasp synth --json` as a
    dict (`found`, `verified`, `program` text, `rounds`, `stopped`, and `check`, the final
    check's report). `progress(line)` receives the search's progress lines."""
    text = _unwrap(_crasp.synth(task, int(max_size), float(time_limit), pe, int(search_vocab),
                                bool(check), int(samples), int(seed), int(threads),
                                programs or _crasp.bundled_programs, progress))
    return json.loads(text)


def explain(program: "Program", tokens: Tokens, *, pe: str = "ape", compare: Sequence = (),
            max_len: int = 4096) -> Explanation:
    """Compiles `program` (pe 'ape', 'rope' or 'nope') and runs one input through it, as
    `crasp explain`: an Explanation with the attention of every head, its role, the statements
    it computes and the residual stream. In a notebook it shows as the HTML report; `html()`,
    `svg()` and `json()` give the renderings. `compare` adds panels side by side: programs, or
    (program, pe) pairs."""
    panels = [(program._p, pe)]
    for c in compare:
        other, other_pe = c if isinstance(c, tuple) else (c, pe)
        panels.append((other._p, other_pe))
    for _, e in panels:
        if e not in ("ape", "rope", "nope"):
            raise ValueError(f"pe must be 'ape', 'rope' or 'nope', not {e!r}")
    return _unwrap(_crasp.explain(panels, _tokens(tokens, "explain"), int(max_len)))


def verify(program: Union["Program", str, os.PathLike], **options) -> dict:
    """`crasp verify --json` on a Program or a program file: the same as Program.verify(**options)
    (pe, max_len, precision, exhaustive_length, samples, seed, progress)."""
    if not isinstance(program, Program):
        program = load(program) if _is_program_path(program) else parse(program)
    return program.verify(**options)


def _is_program_path(source) -> bool:
    if isinstance(source, os.PathLike):
        return True
    return (isinstance(source, str) and "\n" not in source and
            source.endswith((".crasp", ".cr")) and os.path.isfile(source))


def parse(source: Union[str, os.PathLike], *, name: Optional[str] = None,
          alphabets: Optional[Mapping[str, Union[str, Iterable[str]]]] = None) -> Program:
    """Parses and checks a program: `source` is its text, or the path of a .crasp / .cr file.
    `name` names text in diagnostics and picks the dialect by its extension (default
    "<string>.crasp"; "x.cr" reads the public interpreter's dialect). `alphabets` replaces the
    items of declared alphabets, as --alphabet does: {"Sym": "t0..t149"}. Raises crasp.Error with
    every diagnostic when the program has errors; warnings are on Program.warnings."""
    over = _alphabets(alphabets)
    if _is_program_path(source):
        return Program(_unwrap(_crasp.load_file(os.fspath(source), over)))
    if not isinstance(source, str):
        raise TypeError(f"parse: expected program text or a path, not {type(source).__name__}")
    return Program(_unwrap(_crasp.load_text(name or "<string>.crasp", source, over)))


def load(path: Union[str, os.PathLike], *,
         alphabets: Optional[Mapping[str, Union[str, Iterable[str]]]] = None) -> Program:
    """Loads a program file (.crasp or .cr); crasp.parse(path) does the same."""
    return Program(_unwrap(_crasp.load_file(os.fspath(path), _alphabets(alphabets))))
