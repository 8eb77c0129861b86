"""`python3 -m crasp_model run|generate [--precision f64|f32] MODEL [TOKENS...]`: the lines (and
exit code) `crasp run|generate --engine transformer MODEL` prints, computed in numpy.

One instance from the TOKENS arguments, or one per stdin line (blank lines and `//` lines
skipped). run prints `<k> <tokens>: <value>` per instance; generate prints the continuation (or
`<none>`). Errors and warnings go to stderr as `<origin>: error: <message>`. Exit codes: 0 ok, 1 a
bad model or input (any instance), 2 usage.
"""

import argparse
import json
import sys

from . import decode, safetensors
from .model import Model


def _instances(args_tokens, stdin):
    if args_tokens:
        tokens = [t for arg in args_tokens for t in arg.split()]
        yield "<command line>", tokens
        return
    for number, line in enumerate(stdin, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        yield f"<stdin>:{number}", line.split()


def _print_diags(origin, diags, err):
    for level, message in diags:
        print(f"{origin}: {level}: {message}", file=err)


def _dump_rows(rows):
    if not rows:
        return "[]\n"
    body = ",\n".join("  " + json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rows)
    return "[\n" + body + "\n]\n"


def main(argv=None, stdin=None, out=None, err=None):
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "train":  # its own options (docs/training.md); needs PyTorch
        from .train.cli import main as train_main
        return train_main(argv[1:], out, err)
    parser = argparse.ArgumentParser(prog="python3 -m crasp_model",
                                     description="run crasp's compiled models in numpy; `train TASK` "
                                                 "trains transformers on a task (PyTorch)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "generate"):
        p = sub.add_parser(name)
        p.add_argument("model")
        p.add_argument("tokens", nargs="*")
        p.add_argument("--precision", choices=["f64", "f32"], default="f64")
        p.add_argument("--json", action="store_true")
        if name == "generate":
            p.add_argument("--max-new", type=int, default=10000)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        model = Model.load(args.model)
        kind = decode.output_kind(model)
    except (OSError, safetensors.FormatError, ValueError, KeyError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        print(f"{args.model}: error: {reason}", file=err)
        return 1
    if args.command == "generate" and kind != "next":
        print(f"{args.model}: error: model has no next-token outputs (use 'crasp run' for "
              "acceptors)", file=err)
        return 1
    failed = False
    rows = []
    count = 0
    for k, (origin, tokens) in enumerate(_instances(args.tokens, stdin), start=1):
        count = k
        text = " ".join(tokens)
        diags = decode.Diagnostics()
        if args.command == "run":
            answer = decode.run(model, tokens, args.precision, diags)
            _print_diags(origin, diags, err)
            if answer is None or diags.has_errors():
                failed = True
                first = next(m for level, m in diags if level == "error")
                if args.json:
                    rows.append({"instance": k, "input": text, "error": first})
                continue
            if args.json:
                if kind == "next":
                    typ, value = "next", (None if answer == "<none>" else answer)
                else:
                    typ, value = kind, answer
                rows.append({"instance": k, "input": text, "type": typ, "value": value})
            else:
                shown = answer if isinstance(answer, str) else (
                    ("True" if answer else "False") if isinstance(answer, bool) else str(answer))
                print(f"{k} {text}: {shown}", file=out)
        else:
            gen = decode.generate(model, tokens, args.max_new, args.precision, diags)
            _print_diags(origin, diags, err)
            ok = gen is not None and gen.stop != "ambiguous" and not diags.has_errors()
            if gen is not None and gen.stop == "max_new":
                print(f"{origin}: warning: stopped after {args.max_new} generated tokens "
                      "(--max-new); the continuation is cut", file=err)
            if not ok:
                failed = True
            if args.json:
                row = {"instance": k, "input": text}
                if gen is not None:
                    row["continuation"] = gen.continuation
                    row["stop"] = gen.stop
                    if gen.stop == "ambiguous":
                        row["ambiguous_position"] = gen.ambiguous_position
                        row["ambiguous_tokens"] = gen.ambiguous_tokens
                if not ok:
                    row["error"] = next(m for level, m in diags if level == "error")
                rows.append(row)
            elif ok:
                print(" ".join(gen.continuation) if gen.continuation else "<none>", file=out)
    if count == 0:
        what = "instance" if args.command == "run" else "prefix"
        print(f"<stdin>: error: no input: expected one {what} per line (or tokens as arguments)",
              file=err)
        failed = True
    if args.json:
        out.write(_dump_rows(rows))
    return 1 if failed else 0
