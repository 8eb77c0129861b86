"""import crasp: parsing with diagnostics, traces as numpy arrays, batches and generation, checked
against the crasp command line on every bundled program. Run by ctest with PYTHONPATH set to
the build tree's python/ folder and CRASP_BIN / CRASP_SOURCE_DIR in the environment."""
import gc
import json
import os
import pathlib
import random
import subprocess
import threading
import zlib

import numpy as np
import pytest

import crasp

ROOT = pathlib.Path(os.environ.get("CRASP_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CRASP = os.environ.get("CRASP_BIN", "crasp")
PROGRAMS = sorted(p for p in (ROOT / "programs").iterdir() if p.suffix in (".crasp", ".cr"))

DYCK = 'OPEN = #[j <= i] "("\nCLOSE = #[j <= i] ")"\nOK = OPEN >= CLOSE\n'


def cli(*args, stdin=""):
    return subprocess.run([CRASP, *args], input=stdin, capture_output=True, text=True)


# --- parsing and diagnostics ------------------------------------------------------------------

def test_parse_text_and_statements():
    p = crasp.parse(DYCK)
    assert p.statements == [("OPEN", "count"), ("CLOSE", "count"), ("OK", "bool")]
    assert p.program_class == "C-RASP"
    assert not p.is_generator
    assert set(p.vocabulary) == {"(", ")"}
    assert "OK" in p.expand()
    assert p.info()["statements"][2] == {"name": "OK", "type": "bool"}


def test_parse_error_carries_every_diagnostic():
    with pytest.raises(crasp.Error) as e:
        crasp.parse('A = #[j <= i] "a"\nB = A +\nC = nope\n', name="bad.crasp")
    ds = [d for d in e.value.diagnostics if d.level == "error"]
    assert len(ds) >= 1
    first = ds[0]
    assert first.file == "bad.crasp"
    assert first.line == 2 and first.column >= 1
    assert "^" in first.rendered and first.rendered.startswith("bad.crasp:2:")
    assert str(e.value).startswith("bad.crasp:2:")


def test_parse_matches_cli_diagnostics(tmp_path):
    text = 'X = #[j <= i] "a" &&\n'
    path = tmp_path / "broken.crasp"
    path.write_text(text)
    with pytest.raises(crasp.Error) as e:
        crasp.parse(str(path))
    out = cli("run", str(path), "a")
    assert out.returncode == 1
    assert "".join(d.rendered for d in e.value.diagnostics) == out.stderr


def test_path_and_alphabets():
    p = crasp.parse(str(ROOT / "programs" / "ur.crasp"), alphabets={"Sym": "t0..t9"})
    assert dict(p.alphabets)["Sym"] == [f"t{k}" for k in range(10)]
    assert "t9" in p.vocabulary
    q = crasp.load(ROOT / "programs" / "ur.crasp", alphabets={"Sym": ["x", "y"]})
    assert dict(q.alphabets)["Sym"] == ["x", "y"]
    with pytest.raises(crasp.Error):
        crasp.parse(str(ROOT / "programs" / "ur.crasp"), alphabets={"Sym": "t9..t2"})


def test_dialect_by_name():
    cr = (ROOT / "programs" / "dyck1.cr").read_text()
    assert crasp.parse(cr, name="dyck1.cr").run("( ( ) )").output is True


def test_wrong_types_are_type_errors():
    p = crasp.parse(DYCK)
    with pytest.raises(TypeError):
        crasp.parse(42)
    with pytest.raises(TypeError):
        p.run(["(", 3])
    with pytest.raises(TypeError):
        p.run(b"( )")


# --- running ----------------------------------------------------------------------------------

def test_trace_arrays():
    t = crasp.parse(DYCK).run("( ) )")
    assert t.tokens == ["(", ")", ")"]
    assert t["CLOSE"].dtype == np.int64 and t["CLOSE"].tolist() == [0, 1, 2]
    assert t["OK"].dtype == np.bool_ and t["OK"].tolist() == [True, True, False]
    assert t.output is False
    assert [n for n, _ in t.statements] == ["OPEN", "CLOSE", "OK"]
    assert "<table" in t._repr_html_()
    with pytest.raises(KeyError):
        t["NOPE"]


def test_input_errors_raise():
    p = crasp.parse(str(ROOT / "programs" / "ur.crasp"))  # declares its alphabet
    with pytest.raises(crasp.Error) as e:
        p.run("<bos> zz <sep> t0")
    assert "zz" in str(e.value)
    with pytest.raises(crasp.Error):
        p.run("")


def test_non_utf8_input_is_refused():
    p = crasp.parse(DYCK)
    with pytest.raises((crasp.Error, UnicodeError, TypeError)):
        p.run(["\udcff"])  # a lone surrogate cannot become UTF-8


def test_huge_input_is_refused_like_the_cli():
    p = crasp.parse(DYCK)
    with pytest.raises(ValueError) as e:
        p.run(["(" * (crasp.MAX_INPUT_BYTES // 2)] * 2)   # 64 MiB + 1 byte with the space
    assert "67108864 bytes" in str(e.value)
    with pytest.raises(ValueError):
        p.run_batch([["x" * (crasp.MAX_INPUT_BYTES + 1)]])


def test_run_batch_equals_run():
    p = crasp.parse(DYCK)
    rng = random.Random(1)
    inputs = [[rng.choice("()") for _ in range(rng.randint(1, 30))] for _ in range(500)]
    out = p.run_batch(inputs)
    assert out.dtype == np.bool_ and out.shape == (500,)
    assert out.tolist() == [p.run(x).output for x in inputs]
    assert p.run_batch(inputs, threads=1).tolist() == out.tolist()
    counts = crasp.parse('N = #[j <= i] "a"').run_batch(["a b a", "b"])
    assert counts.dtype == np.int64 and counts.tolist() == [2, 0]


def test_run_batch_error_names_the_input():
    p = crasp.parse(str(ROOT / "programs" / "ur.crasp"))
    with pytest.raises(crasp.Error) as e:
        p.run_batch(["<bos> t1 t0 <sep> t1", "<bos> t1 oops <sep> t1"])
    assert "input 1" in str(e.value)


def test_generate_matches_cli():
    p = crasp.parse(str(ROOT / "programs" / "ur.crasp"))
    assert p.generate("<bos> t1 t3 t2 <sep> t3") == ["t2"]
    out = cli("generate", str(ROOT / "programs" / "ur.crasp"), "<bos> t1 t3 t2 <sep> t3")
    assert out.stdout.split()[-1] == "t2"


def sample_inputs(p, count, seed):
    """Inputs over the program's vocabulary (what the CLI also accepts)."""
    rng = random.Random(seed)
    vocab = list(p.vocabulary) or ["a"]
    return [[rng.choice(vocab) for _ in range(rng.randint(1, 12))] for _ in range(count)]


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.name)
def test_every_bundled_program_agrees_with_the_cli(path, tmp_path):
    p = crasp.parse(str(path))
    inputs = sample_inputs(p, 5, zlib.crc32(path.name.encode()))
    for k, tokens in enumerate(inputs):
        trace = tmp_path / f"trace{k}.json"
        out = cli("run", str(path), "--trace", str(trace), " ".join(tokens))
        if out.returncode != 0:
            with pytest.raises(crasp.Error):
                p.run(tokens)
            continue
        want = json.loads(trace.read_text())
        got = p.run(tokens)
        assert got.tokens == want["tokens"]
        assert [n for n, _ in got.statements] == [s["name"] for s in want["statements"]]
        for (_, values), s in zip(got.statements, want["statements"]):
            assert values.tolist() == s["values"]
    info = json.loads(cli("info", str(path), "--json").stdout)
    mine = p.info()
    for key in ("class", "mode", "depth", "size", "vocabulary", "statements"):
        if key == "statements":
            assert [(s["name"], s["type"]) for s in info[key]] == [(s["name"], s["type"]) for s in mine[key]]
        else:
            assert mine[key] == info[key], key


# --- lifetime and threads ---------------------------------------------------------------------

def test_no_leak_over_many_calls():
    p = crasp.parse(DYCK)
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1])
    for _ in range(2000):  # warm up allocators
        p.run("( ( ) )")
    gc.collect()
    before = rss()
    for _ in range(10_000):
        p.run("( ( ) )")
        crasp.parse(DYCK)
    gc.collect()
    grown_kib = (rss() - before) * os.sysconf("SC_PAGE_SIZE") // 1024
    assert grown_kib < 8 * 1024, f"resident memory grew by {grown_kib} KiB over 10^4 calls"


def test_trace_outlives_program():
    t = crasp.parse(DYCK).run("( )")
    gc.collect()
    assert t["OK"].tolist() == [True, True]


def test_two_threads_at_once():
    p = crasp.parse(DYCK)
    inputs = [["("] * 500 + [")"] * k for k in range(0, 600, 7)]
    want = p.run_batch(inputs, threads=1).tolist()
    results = [None, None]
    def work(k):
        results[k] = [p.run_batch(inputs, threads=1).tolist() for _ in range(5)]
    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == [want] * 5 and results[1] == [want] * 5


# --- compiling, tasks, check ------------------------------------------------------------------

def test_compile_in_memory_equals_the_cli_file(tmp_path):
    path = ROOT / "programs" / "ur.crasp"
    c = crasp.parse(str(path)).compile(pe="ape", max_len=64)
    assert c.model.pe == "ape" and c.model.max_len == 65
    assert c.certified["f64"] >= 1 and c.size["d_model"] == c.model.d_model
    mine = tmp_path / "mine.safetensors"
    c.save(mine)
    theirs = tmp_path / "cli.safetensors"
    assert cli("compile", str(path), "--pe", "ape", "--max-len", "64", "-o", str(theirs)).returncode == 0
    # The same weights and metadata; the CLI's file also notes where it came from ("info").
    from crasp_model import safetensors
    t_mine, m_mine = safetensors.read(mine.read_bytes())
    t_cli, m_cli = safetensors.read(theirs.read_bytes())
    assert sorted(t_mine) == sorted(t_cli)
    for k in t_mine:
        assert np.array_equal(t_mine[k], t_cli[k]), k
    m_mine.pop("info"), m_cli.pop("info")
    assert m_mine == m_cli
    import crasp_model
    got = crasp_model.generate(c.model, "<bos> t1 t3 t2 <sep> t3".split()).continuation
    assert got == ["t2"]


def test_compile_errors():
    p = crasp.parse(str(ROOT / "programs" / "ur.crasp"))   # needs positions
    with pytest.raises(crasp.Error) as e:
        p.compile(pe="nope")
    assert "nope" in str(e.value).lower() or "position" in str(e.value).lower()
    with pytest.raises(crasp.Error):
        p.compile(pe="alibi")
    with pytest.raises(crasp.Error):
        p.compile(max_len=0)


def test_tasks_and_generate_match_the_cli():
    names = {t["name"]: t for t in crasp.tasks()}
    assert names["UR"]["ape"]["value"] == "yes" and names["NF"]["ape"]["value"] == "no"
    for task, length in (("UR", 6), ("dyck1", 8), ("tomita3_next", 5), ("parity", 7)):
        mine = crasp.generate(task, length=length, count=4, seed=5)
        out = cli("tasks", task, "--generate", "--length", str(length), "--count", "4", "--seed", "5")
        theirs = [json.loads(line) for line in out.stdout.splitlines()]
        assert [m["input"] for m in mine] == [t["input"].split() for t in theirs]
        for m, t in zip(mine, theirs):
            answer = t["answer"].split() if isinstance(t["answer"], str) else t["answer"]
            assert m["answer"] == answer
    with pytest.raises(crasp.Error):
        crasp.generate("no_such_task", length=3)
    with pytest.raises(crasp.Error):
        crasp.generate("parity", length=3, vocab=7)


def test_generate_from_specs():
    rows = crasp.generate(ROOT / "examples" / "tasks" / "even_ab.toml", length=9, count=20, seed=3)
    assert len(rows) == 20
    for r in rows:
        w = r["input"]
        assert len(w) == 9 and r["answer"] == (sum(1 for x, y in zip(w, w[1:]) if (x, y) == ("a", "b")) % 2 == 0)
    d2 = crasp.generate(ROOT / "examples" / "tasks" / "d2.toml", length=8, count=10)   # a regex
    assert d2 and all(isinstance(r["answer"], bool) for r in d2)
    counts = crasp.generate(ROOT / "examples" / "tasks" / "bigram_count.toml", length=6, count=5)
    assert counts and all(isinstance(r["answer"], int) for r in counts)
    with pytest.raises(crasp.Error):
        crasp.generate(ROOT / "tests" / "no_such.toml", length=3)


def test_check_report_and_progress():
    seen = []
    r = crasp.check("UR", "NF", train=(4, 8), test=(9, 12), far=(2,), pe=["ape"], precision=["f64"],
                    samples=3, communication=False, plot=True,
                    progress=lambda d, t, w: seen.append((d, t)))
    assert r["plot"].startswith("<svg") or "<svg" in r["plot"][:200]
    verdicts = {t["task"]: t["ape"]["value"] for t in r["tasks"]}
    assert verdicts == {"UR": "yes", "NF": "no"}
    assert seen and seen[-1][0] == seen[-1][1]
    out = cli("check", "UR", "NF", "--train-len", "4:8", "--test-len", "9:12", "--far", "2",
              "--pe", "ape", "--prec", "f64", "--samples", "3", "--no-communication", "--json")
    theirs = json.loads(out.stdout)
    assert [(t["task"], t["ape"], t["nope"]) for t in theirs["tasks"]] == \
        [(t["task"], t["ape"], t["nope"]) for t in r["tasks"]]
    with pytest.raises(crasp.Error):
        crasp.check("no_such_task")


def test_synth_report():
    lines = []
    r = crasp.synth("dyck1", time_limit=30, samples=3, progress=lines.append)
    assert r["found"] and r["verified"]
    assert crasp.parse(r["program"]).run("( ( ) )").output is True   # the program found runs
    assert r["check"]["tasks"][0]["task"] == "dyck1"
    assert lines
    with pytest.raises(crasp.Error):
        crasp.synth("no_such_task")


def test_explain_ur_against_ul():
    ur = crasp.parse(str(ROOT / "programs" / "ur.crasp"))
    ul = crasp.parse(str(ROOT / "programs" / "ul.crasp"))
    e = crasp.explain(ur, "<bos> t2 t1 t2 t1 t0 t1 <sep> t0", compare=[ul], max_len=64)
    html = e._repr_html_()
    assert "<svg" in html and "ur.crasp" in html and "ul.crasp" in html
    roles = {role for _, _, _, role in e.heads}
    assert roles, "every compiled head has a role"
    panels = json.loads(e.json())["panels"]
    assert len(panels) == 2 and len(panels[0]["tokens"]) == 10   # the model's BOS and 9 tokens
    alone = crasp.explain(ur, "<bos> t2 t1 t2 t1 t0 t1 <sep> t0").json()
    out = cli("explain", str(ROOT / "programs" / "ur.crasp"), "<bos> t2 t1 t2 t1 t0 t1 <sep> t0", "--json")
    assert json.loads(alone) == json.loads(out.stdout)   # the same report as the CLI's
    with pytest.raises(crasp.Error):
        crasp.explain(ur, "<bos> nope <sep> t0")


def test_verify_equals_the_cli():
    path = ROOT / "programs" / "majority.crasp"
    buckets = []
    mine = crasp.parse(str(path)).verify(pe="ape", max_len=64, samples=2,
                                         progress=lambda done, total: buckets.append((done, total)))
    assert buckets and buckets[-1][0] == buckets[-1][1]
    out = cli("verify", str(path), "--pe", "ape", "--max-len", "64", "--samples", "2", "--json")
    theirs = json.loads(out.stdout)
    theirs["program"] = mine["program"] = ""
    assert mine == theirs
    assert mine["ok"] and mine["mismatches"] == 0
    with pytest.raises(crasp.Error):
        crasp.parse(str(path)).verify(precision="f16")
    # The module-level entry point takes a path (or text) as well as a Program.
    top = crasp.verify(path, pe="ape", max_len=64, samples=2)
    top["program"] = ""
    assert top == theirs
    with pytest.raises(crasp.Error):
        crasp.verify("ACCEPT = #(", pe="ape")


# --- crasp_model for interpretability ---------------------------------------------------------

def test_run_with_cache_names_and_agrees_with_explain():
    import crasp_model
    tokens = "<bos> t2 t1 t2 t1 t0 t1 <sep> t0".split()
    ur = crasp.parse(str(ROOT / "programs" / "ur.crasp"))
    m = ur.compile(pe="ape", max_len=64).model
    ids = crasp_model.encode(m, tokens, crasp_model.Diagnostics())
    scores, cache = m.run_with_cache(ids)
    n, d = len(ids), m.d_model
    assert np.array_equal(scores, m.forward(ids))
    L = len(m.layers)
    assert cache["hook_embed"].shape == (n, d)
    assert np.allclose(m.unembed @ cache[f"blocks.{L - 1}.hook_resid_post"].T, scores, atol=0, rtol=0)
    one = m.residual_index("one")
    assert np.all(cache["hook_embed"][:, one] == 1)
    panels = json.loads(crasp.explain(ur, tokens, max_len=64).json())["panels"][0]["heads"]
    for head in panels:
        pattern = cache[f"blocks.{head['layer']}.attn.hook_pattern"][head["index"]]
        assert m.head_names(head["layer"])[head["index"]] == head["name"]
        assert np.allclose(pattern.sum(axis=1), 1)
        assert np.all(np.triu(pattern, 1) == 0)                     # causal
        theirs = np.zeros_like(pattern)
        for i, row in enumerate(head["attention"]):                # explain's rows are ragged
            theirs[i, :len(row)] = row
        assert np.allclose(pattern, theirs, atol=1e-9)


def test_the_package_docstring_runs():
    import doctest
    failures, tried = doctest.testmod(crasp)
    assert tried >= 3 and failures == 0
