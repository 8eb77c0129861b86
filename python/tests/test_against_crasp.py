"""crasp_model against crasp itself: every bundled program compiled by `crasp compile` (APE, RoPE,
and NoPE where the program allows it), then `python3 -m crasp_model run|generate` and
`crasp run|generate --engine transformer` on the same inputs, in float64 and float32, must print
the same stdout, the same stderr and exit alike. Inputs: the program's .examples lines, task
instances from `crasp tasks --generate` at lengths up to 4,000 tokens, and random token strings
(unknown tokens included, to reach the error paths).

Environment: CRASP (the crasp binary), CRASP_SOURCE (the source tree), CRASP_PE (a comma list of
encodings to test; default all), CRASP_WORK (a scratch directory), CRASP_SAMPLE (N: a fixed,
seeded sample of N inputs per program and encoding instead of every input; see SAMPLE_RULE).
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import unittest

CRASP = os.environ.get("CRASP", "crasp")
SOURCE = os.environ.get("CRASP_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
PROGRAMS = os.path.join(SOURCE, "programs")
PYTHON_DIR = os.path.join(SOURCE, "python")
PES = os.environ.get("CRASP_PE", "ape,rope,nope").split(",")

sys.path.insert(0, PYTHON_DIR)
import crasp_model  # noqa: E402  (from the source tree, as PYTHONPATH=python does)

# Instance lengths from the task generators: acceptors run one forward pass per instance, so
# they go to 4,000 tokens; generators run one step per generated token, so their prompts stay
# shorter (the continuation roughly doubles them).
ACCEPTOR_LENGTHS = (6, 40, 300, 4000)
GENERATOR_LENGTHS = (6, 40, 300, 1500)


def bundled():
    """(task, program file) for every catalogue task with a bundled program."""
    out = subprocess.run([CRASP, "tasks", "--json"], check=True, capture_output=True, text=True)
    tasks = json.loads(out.stdout)["tasks"]
    return [(t["name"], t["program"]) for t in tasks if t.get("program")]


def examples(program):
    path = os.path.join(PROGRAMS, os.path.splitext(program)[0] + ".examples")
    lines = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.lstrip().startswith("//") and "=>" in line:
                    lines.append(line.split("=>")[0].strip())
    return lines


def task_instances(task, lengths, symbols):
    """Instances over the model's own symbols (`--vocab`: the bundled programs declare 5, the
    task catalogue defaults to more); lengths the task cannot have give none."""
    lines = []
    vocab = ["--vocab", str(symbols)] if symbols > 0 else []
    for n in lengths:
        out = subprocess.run([CRASP, "tasks", "--generate", task, "--length", str(n), "--count", "2",
                              "--seed", str(n)] + vocab, capture_output=True, text=True)
        if out.returncode != 0:
            continue  # no instance of that length (a fixed-length task, say)
        lines += [json.loads(l)["input"] for l in out.stdout.splitlines() if l.strip()]
    return lines


def random_lines(vocab, rng, count=12):
    lines = []
    for k in range(count):
        n = rng.choice((1, 2, 3, 5, 8, 13, 30))
        toks = [rng.choice(vocab) for _ in range(n)]
        if k == count - 1:
            toks[rng.randrange(n)] = "unknown-token"  # an error (or <crasp:other>) path
        lines.append(" ".join(toks))
    return lines


# Inputs of at most this many tokens make up the sample, but for the one long program: 300
# tokens already span two attention query blocks (crasp_model.model.ATTENTION_BLOCK) and five
# key blocks of the running sums (SUM_BLOCK), the paths that long inputs take; a 4,000-token input
# costs crasp_model about 0.8 s per precision, one of 300 tokens little more than starting up.
SAMPLE_TOKENS = 300

SAMPLE_RULE = f"""per program and encoding, the longest input of at most {SAMPLE_TOKENS} tokens and
N - 1 other inputs of at most {SAMPLE_TOKENS} tokens drawn with a fixed seed; for one program per
encoding, drawn with the same seed, the longest input of all (up to 4,000 tokens) instead; the
same lines run in float64 and float32"""


def sample(lines, n, rng, cap):
    """n of lines, the longest of at most cap tokens (any length: cap None) always among them, the
    rest drawn by rng from those of at most cap tokens; order kept."""
    if n <= 0:
        return lines
    size = [len(l.split()) for l in lines]
    fits = [i for i in range(len(lines)) if cap is None or size[i] <= cap]
    if not fits:
        return []
    longest = max(fits, key=lambda i: size[i])
    others = [i for i in fits if i != longest]
    keep = set(rng.sample(others, min(n - 1, len(others)))) | {longest}
    return [lines[i] for i in sorted(keep)]


def run(cmd, stdin):
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


class AgainstCrasp(unittest.TestCase):
    maxDiff = 4000

    def test_every_bundled_program(self):
        scratch = tempfile.TemporaryDirectory(prefix="crasp_model_")
        self.addCleanup(scratch.cleanup)
        work = os.environ.get("CRASP_WORK") or scratch.name
        rng = random.Random(5)
        sample_size = int(os.environ.get("CRASP_SAMPLE", "0"))
        sample_rng = random.Random(11)
        compared = 0
        longest = 0
        per_program = []
        programs = bundled()
        # The program whose longest input stays in the sample, per encoding.
        long_one = {pe: sample_rng.randrange(len(programs)) for pe in PES}
        for index, (task, program) in enumerate(programs):
            source = os.path.join(PROGRAMS, program)
            for pe in PES:
                model = os.path.join(work, f"{os.path.splitext(program)[0]}_{pe}.safetensors")
                made = subprocess.run([CRASP, "compile", source, "-o", model, "--pe", pe,
                                       "--no-check"], capture_output=True, text=True)
                if made.returncode != 0:
                    # NoPE cannot express a C-RASP[pos] program: crasp refuses it, says why.
                    self.assertEqual(pe, "nope", made.stderr)
                    if long_one[pe] == index:
                        long_one[pe] = index + 1  # the long input goes to the next program
                    continue
                m = crasp_model.Model.load(model)
                generator = crasp_model.output_kind(m) == "next"
                command = "generate" if generator else "run"
                vocab = [t for t in m.vocab if not t.startswith("<crasp:")]
                lines = examples(program)
                symbols = sum(1 for t in vocab if t[:1] == "t" and t[1:].isdigit())
                lines += task_instances(task, GENERATOR_LENGTHS if generator else ACCEPTOR_LENGTHS,
                                        symbols)
                lines += random_lines(vocab, rng)
                available = len(lines)
                lines = sample(lines, sample_size, sample_rng,
                               None if index == long_one[pe] else SAMPLE_TOKENS)
                stdin = "\n".join(lines) + "\n"
                tokens = max(len(l.split()) for l in lines)
                started = time.monotonic()
                for precision in ("f64", "f32"):
                    with self.subTest(program=program, pe=pe, precision=precision):
                        want = run([CRASP, command, "--engine", "transformer", model,
                                    "--precision", precision], stdin)
                        got = run([sys.executable, "-m", "crasp_model", command, model,
                                   "--precision", precision], stdin)
                        self.assertEqual(got, want)
                        # Not only error paths: most lines must have been answered.
                        answered = len(want[1].splitlines())
                        self.assertGreater(answered, len(lines) // 2, want[2][:2000])
                        compared += len(lines)
                        longest = max(longest, tokens)
                per_program.append((program, pe, len(lines), available, tokens,
                                    time.monotonic() - started))
        if sample_size:
            print(f"sample of {sample_size} inputs per program and encoding ({SAMPLE_RULE}):",
                  file=sys.stderr)
        for program, pe, used, available, tokens, seconds in per_program:
            print(f"  {program} {pe}: {used} of {available} inputs, longest {tokens} tokens, "
                  f"{seconds:.1f} s", file=sys.stderr)
        print(f"compared {compared} runs (input x precision), longest input {longest} tokens",
              file=sys.stderr)
        self.assertGreater(compared, 0)


if __name__ == "__main__":
    unittest.main()
