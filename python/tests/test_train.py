"""crasp_model train, end to end on CPU in a few minutes: one task C-RASP[pos] expresses
(bin_majority) and one it does not (NRLast), a few hundred steps each. The tests check the
pipeline, not a generalization outcome: the training-range accuracy rises well above chance,
every output file is written and reads back, `crasp check --trained` shows the numbers, a seed
reproduces a run exactly, a model of arch "crasp" exported to crasp's format computes what the
torch model computes. Run by ctest with PYTHONPATH = the build tree's python/ folder and
CRASP_BIN / CRASP_SOURCE_DIR in the environment; skipped without PyTorch."""
import io
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import crasp_model  # noqa: E402
from crasp_model.train import Config, cli, data, experiment, export, net  # noqa: E402

ROOT = pathlib.Path(os.environ.get("CRASP_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CRASP = os.environ.get("CRASP_BIN", "crasp")
SMALL = ["--train-lengths", "1..12", "--bins", "13-24", "--d-model", "32", "--eval-count", "128",
         "--eval-every", "100", "--seeds", "0", "--quiet"]


def train(*args):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("train")
    done = {}
    for task, steps in (("bin_majority", "300"), ("NRLast", "400")):
        folder = base / task
        code, out, err = train(task, "--steps", steps, "--out", str(folder), "--no-early-stop", *SMALL)
        assert code == 0, err
        done[task] = (folder, out)
    return done


@pytest.mark.parametrize("task,chance,floor", [("bin_majority", 0.5, 0.8), ("NRLast", 0.2, 0.4)])
def test_training_range_accuracy_rises_above_chance(runs, task, chance, floor):
    folder, out = runs[task]
    doc = json.loads((folder / "metrics.json").read_text())
    run = doc["configs"][0]["runs"][0]
    train_bin = run["bins"][0]
    assert train_bin["train"] and (train_bin["lo"], train_bin["hi"]) == (1, 12)
    # Well above chance (the answer among 2 labels, or among 5 symbols), not a learned outcome.
    assert train_bin["accuracy"] >= floor > chance
    first, last = run["curve"][0], run["curve"][-1]
    assert last["loss"] < first["loss"]
    assert f"{task} (continuation)" in out and "crasp's verdict: C-RASP[pos] (APE, RoPE)" in out


def test_files_are_written_and_read_back(runs):
    folder, _ = runs["bin_majority"]
    for name in ("metrics.json", "trained.toml", "accuracy.svg", "learning.svg",
                 "ape_2l_2h_d32_s0.safetensors"):
        assert (folder / name).stat().st_size > 0, name
    doc = json.loads((folder / "metrics.json").read_text())
    assert doc["format"] == "crasp-training-metrics" and doc["task"] == "bin_majority"
    assert doc["verdicts"] == {"ape": "yes", "nope": "yes"}
    assert [b["lo"] for b in doc["configs"][0]["mean"]["bins"]] == [1, 13]
    # bin_majority answers 0 or 1 (then <eos>): the majority answer is right about half the time.
    assert [b["lo"] for b in doc["baseline"]] == [1, 13]
    assert all(0.4 <= b["accuracy"] <= 0.75 for b in doc["baseline"])
    assert (folder / "accuracy.svg").read_text().startswith("<svg")
    toml = (folder / "trained.toml").read_text()
    assert "[[trained]]" in toml and "lo = 13, hi = 24" in toml
    # docs/training.md's table comes from examples/training/table.py over such files.
    table = subprocess.run([sys.executable, str(ROOT / "examples" / "training" / "table.py"),
                            str(folder / "metrics.json")], capture_output=True, text=True)
    assert table.returncode == 0, table.stderr
    assert "| bin_majority | yes | yes | APE, 2L 2H d32 |" in table.stdout
    assert "*majority answer*" in table.stdout


def test_crasp_check_reads_the_metrics(runs, tmp_path):
    folder, _ = runs["bin_majority"]
    doc = json.loads((folder / "metrics.json").read_text())
    mean = doc["configs"][0]["mean"]["bins"]
    args = [CRASP, "check", "bin_majority", "--trained", str(folder / "metrics.json"),
            "--train-len", "4:12", "--test-len", "13:20", "--far", "2", "--samples", "2",
            "--far-samples", "1", "--pe", "ape", "--prec", "f64", "--no-communication"]
    text = subprocess.run(args, capture_output=True, text=True)
    assert text.returncode == 0, text.stderr
    assert "Trained by crasp_model train" in text.stdout
    assert "APE, 2L 2H d32 (1 seed): 1-12" in text.stdout
    report = json.loads(subprocess.run(args + ["--json"], capture_output=True, text=True).stdout)
    ours = [s for s in report["tasks"][0]["published"] if s["source"] == "crasp_model train"]
    assert len(ours) == 1
    assert [p["accuracy"] for p in ours[0]["points"]] == pytest.approx([b["accuracy"] for b in mean])
    # The spec route: the [[trained]] block pasted into a spec reads back too.
    spec = tmp_path / "bm.toml"
    spec.write_text('name = "bm"\nformat = "accept"\nregex = "(a|b)*"\n' + (folder / "trained.toml").read_text())
    assert crasp_model_spec_trained(spec) == [(b["lo"], b["hi"]) for b in mean]
    # A metrics file for a task the check does not include is refused.
    other = subprocess.run([CRASP, "check", "dyck1", "--trained", str(folder / "metrics.json")],
                           capture_output=True, text=True)
    assert other.returncode != 0 and "trained on task 'bin_majority'" in other.stderr


def crasp_model_spec_trained(spec):
    import crasp
    return [(lo, hi) for lo, hi, _ in crasp.spec_info(str(spec))["trained"][0]["bins"]]


def test_a_seed_reproduces_a_run(tmp_path):
    docs = []
    for k in range(2):
        code, _, err = train("bin_majority", "--steps", "30", "--eval-every", "10", "--seeds", "3",
                             "--train-lengths", "1..8", "--bins", "9-12", "--d-model", "16",
                             "--eval-count", "32", "--out", str(tmp_path / f"r{k}"), "--quiet")
        assert code == 0, err
        doc = json.loads((tmp_path / f"r{k}" / "metrics.json").read_text())
        for run in doc["configs"][0]["runs"]:
            run.pop("seconds")
        docs.append(doc)
    assert docs[0] == docs[1]


@pytest.mark.parametrize("pe", ["ape", "rope", "nope"])
def test_crasp_layout_export_computes_the_same(pe, tmp_path):
    task = data.Task("UR")
    config = Config(pe=pe, arch="crasp", d_model=16, heads=2, layers=2)
    rows = data.sample(task, 4, 9, 8, seed=5)
    vocab = data.Vocabulary([data.BOS, data.SEP])
    framed = [data.frame(task.kind, r) for _, r in rows]
    for tokens, targets in framed:
        for t in tokens + [t for t in targets if t]:
            vocab.add(t)
    torch.manual_seed(1)
    model = net.Transformer(len(vocab), layers=2, heads=2, d_model=16, pe=pe, max_len=40,
                            arch="crasp")
    for p in model.parameters():  # move off the initialization's tiny weights
        torch.nn.init.normal_(p, std=0.3)
    name = experiment.report.save_checkpoint(model, vocab, task, config, 0, str(tmp_path))
    m = crasp_model.Model.load(str(tmp_path / name))
    assert m.pe == pe and m.output_labels[:2] == ["logit:<pad>", "logit:<unk>"]
    for tokens, _ in framed:
        ids = vocab.encode((tokens, [None] * len(tokens)))[0]
        assert ids[0] == m.bos
        with torch.no_grad():
            want = model(torch.tensor([ids]))[0].double().numpy()
        got = m.forward(ids, "f32").T
        np.testing.assert_allclose(got, want, rtol=0, atol=2e-4)
    # crasp explain opens it (its heads drawn, the argmax as the decision).
    out = subprocess.run([CRASP, "explain", str(tmp_path / name), "t0", "t1", "<sep>", "t0"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "L1.h1" in out.stdout


def test_framings():
    assert data.frame("accept", {"input": ["(", ")"], "answer": True}) == (
        ["<bos>", "(", ")", "<sep>"], [None, None, None, "<accept>"])
    assert data.frame("count", {"input": ["a"], "answer": 12}) == (
        ["<bos>", "a", "<sep>", "<#1>", "<#2>"], [None, None, "<#1>", "<#2>", "<eos>"])
    assert data.frame("labels", {"input": ["a", "b"], "answer": [True, False]}) == (
        ["<bos>", "a", "b"], [None, "<label:True>", "<label:False>"])
    assert data.frame("continuation", {"input": ["<bos>", "t0", "<sep>", "t0"], "answer": ["t1"]}) == (
        ["<bos>", "t0", "<sep>", "t0"], [None, None, None, "t1"])


def test_selection_rule():
    def result(label, train, first, simplicity):
        return {"label": label, "mean": {"train": train, "first_test": first}, "simplicity": simplicity}
    rs = [result("big", 1.0, 0.9, (4, 4, 256, -1e-3)), result("small", 1.0, 0.9, (1, 1, 16, -1e-3)),
          result("best", 1.0, 0.95, (2, 2, 64, -1e-3)), result("unfit", 0.99, 1.0, (1, 1, 16, -1e-3))]
    assert experiment.select(rs)["label"] == "best"
    assert experiment.select(rs[:2])["label"] == "small"
    assert experiment.select(rs[3:]) is None
    assert len(experiment.sweep_configs(Config())) == 3 * 3 * 3 * 2  # every width divides by 1, 2, 4


def test_errors():
    code, _, err = train("no_such_task", "--steps", "1", "--quiet")
    assert code == 1 and "unknown task 'no_such_task'" in err
    code, _, err = train("UR", "--bins", "20-10")
    assert code == 2
    code, _, err = train("UR", "--pe", "alibi")
    assert code == 2
    code, _, err = train("UR", "--heads", "3", "--d-model", "32")
    assert code == 2 and "multiple of heads" in err


def test_init_from_a_compiled_model(tmp_path):
    model = tmp_path / "bm.safetensors"
    made = subprocess.run([CRASP, "compile", str(ROOT / "programs" / "bin_majority.crasp"), "-o",
                           str(model), "--max-len", "64", "--no-check"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    code, out, err = train("bin_majority", "--init-from", str(model), "--steps", "40",
                           "--eval-every", "20", "--train-lengths", "1..12", "--bins", "13-30",
                           "--eval-count", "64", "--seeds", "0", "--out", str(tmp_path / "run"),
                           "--quiet", "--no-early-stop")
    assert code == 0, err
    doc = json.loads((tmp_path / "run" / "metrics.json").read_text())
    r = doc["configs"][0]
    # Before the first step the trainable copy is the compiled model: exact on every bin.
    assert [b["accuracy"] for b in r["mean"]["bins_at_start"]] == [1.0, 1.0]
    assert r["outcome"] in ("kept exact", "drifted (exact on the training lengths, not past them)",
                            "broke (not exact on the training lengths)")
    assert "before training" in out and "outcome:" in out
    trained = crasp_model.Model.load(str(tmp_path / "run" / r["runs"][0]["checkpoint"]))
    original = crasp_model.Model.load(str(model))
    assert trained.residual_names == original.residual_names
    assert trained.info["trained_from"] == "bm.safetensors" and "certified.f64" not in trained.info
    assert not np.array_equal(trained.embed, original.embed)  # training moved the weights
    # Refused: a labels task (its compiled outputs are sets), a file that is not a model.
    code, _, err = train("D2_next", "--init-from", str(model), "--steps", "1", "--quiet",
                         "--out", str(tmp_path / "x"))
    assert code == 1 and "continuation and accept tasks" in err
    junk = tmp_path / "junk.safetensors"
    junk.write_bytes(b"not a model")
    code, _, err = train("bin_majority", "--init-from", str(junk), "--steps", "1", "--quiet",
                         "--out", str(tmp_path / "y"))
    assert code == 1 and "junk.safetensors" in err


def test_sweep_selects_per_encoding(tmp_path, monkeypatch):
    # The papers' grid is 54 configurations; a two-width grid runs the same code path.
    monkeypatch.setattr(experiment, "SWEEP", {"layers": (1,), "heads": (1,), "d_model": (8, 16),
                                              "lr": (1e-3,)})
    code, out, err = train("bin_majority", "--sweep", "--pe", "ape,nope", "--steps", "20",
                           "--eval-every", "10", "--train-lengths", "1..6", "--bins", "7-9",
                           "--eval-count", "32", "--seeds", "0", "--out", str(tmp_path), "--quiet")
    assert code == 0, err
    doc = json.loads((tmp_path / "metrics.json").read_text())
    assert [r["label"] for r in doc["configs"]] == ["APE, 1L 1H d8", "APE, 1L 1H d16",
                                                    "NoPE, 1L 1H d8", "NoPE, 1L 1H d16"]
    assert set(doc["selected"]) == {"ape", "nope"}
    for pe, label in doc["selected"].items():
        fits = [r for r in doc["configs"] if r["config"]["pe"] == pe and r["mean"]["train"] == 1.0]
        assert (label is None) == (not fits)
        if label:
            assert label == experiment.select(fits)["label"]
    assert "selected for ape" in out


def test_regularizer_and_warmup(tmp_path):
    torch.manual_seed(0)
    ape = net.Transformer(8, pe="ape", d_model=16, max_len=12)
    assert float(ape.positional_product_penalty(10)) > 0
    assert float(net.Transformer(8, pe="nope", d_model=16).positional_product_penalty(10)) == 0
    # The penalty's gradient reaches the position table and the query/key weights.
    ape.positional_product_penalty(10).backward()
    assert ape.pos.weight.grad.abs().sum() > 0 and ape.blocks[0].attn.wq.weight.grad.abs().sum() > 0
    runs = []
    for coef in ("0", "1000"):
        code, _, err = train("bin_majority", "--regularizer", coef, "--warmup", "5", "--steps", "20",
                             "--eval-every", "10", "--train-lengths", "1..6", "--bins", "7-9",
                             "--d-model", "16", "--eval-count", "16", "--seeds", "0", "--quiet",
                             "--out", str(tmp_path / coef))
        assert code == 0, err
        runs.append(json.loads((tmp_path / coef / "metrics.json").read_text()))
    # A heavy penalty changes the run (same seed, same data).
    assert runs[0]["configs"][0]["runs"][0]["curve"] != runs[1]["configs"][0]["runs"][0]["curve"]
