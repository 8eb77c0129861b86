#!/usr/bin/env python3
"""crasp's HTML pages in a real browser: each case writes pages with the built crasp into a
temporary directory and checks them with check_page.py (headless Chromium: no errors, no network,
the expected elements, a screenshot that is not blank).

    test_pages.py trace|explain|selftest [--keep DIR]

Cases (one CTest test each, label `browser`):
  trace     `crasp run programs/dyck1.cr "( ( ) )" --trace trace.html`: one <table>, the header
            rows (positions, tokens), and one <tbody> row per statement with one cell per
            position; the statement and token counts come from the same run's --trace .json.
  explain   `crasp explain programs/ur.crasp "<bos> t0 t1 t2 <sep> t1" -o report.html`, alone
            and with `--compare programs/ul.crasp`: one <figure class="head"> per attention head
            and at least as many <svg>; the head count is the sum of len(panel["heads"]) over the
            "panels" of the same command with --json (1 panel alone, 2 with --compare).
  selftest  the checker itself, without crasp: the PNG decoder on every filter type and both
            colour types, a good page that must pass, and pages that must fail (an exception,
            console.error, a missing and an external resource, a wrong count, a blank page).

Environment: CRASP (the crasp binary; default `crasp` on PATH), CRASP_SOURCE (the source tree;
default: two levels above this file), CHROMIUM (see check_page.py). --keep DIR writes the pages
and screenshots to DIR instead of a temporary directory.

Exit codes: 0 passed, 1 failed (with the reasons), 77 Chromium not found (skipped).
"""

import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_page as cp  # noqa: E402

CRASP = os.environ.get("CRASP", "crasp")
SOURCE = os.environ.get("CRASP_SOURCE",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CRASP_TIMEOUT = 120  # seconds per crasp command


def crasp(*args):
    """Run crasp; its stdout, or Failure with the exit code and stderr."""
    cmd = [CRASP] + [str(a) for a in args]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=CRASP_TIMEOUT,
                              cwd=SOURCE)
    except FileNotFoundError:
        raise cp.Failure(f"crasp not found: {CRASP} (set CRASP)") from None
    except subprocess.TimeoutExpired:
        raise cp.Failure(f"{' '.join(cmd)}: no answer in {CRASP_TIMEOUT} s") from None
    if done.returncode != 0:
        raise cp.Failure(f"{' '.join(cmd)}: exit code {done.returncode}\n{done.stderr.rstrip()}")
    return done.stdout


def program(name):
    """A bundled program, relative to SOURCE (crasp runs there): pages show the short name."""
    return os.path.join("programs", name)


# ---------------------------------------------------------------------------------------------
# trace


def case_trace(out, chromium):
    source, tokens = program("dyck1.cr"), "( ( ) )"
    page, data = os.path.join(out, "trace.html"), os.path.join(out, "trace.json")
    crasp("run", source, tokens, "--trace", page)
    crasp("run", source, tokens, "--trace", data)
    with open(data, encoding="utf-8") as f:
        trace = json.load(f)
    statements, positions = len(trace["statements"]), len(trace["tokens"])
    if not statements or not positions:
        raise cp.Failure(f"{data}: {statements} statements, {positions} tokens; expected some")
    expectations = [("table", "=", 1),
                    ("thead th", "=", 2 * (positions + 1)),  # positions row, tokens row
                    ("tbody tr", "=", statements),
                    ("tbody td", "=", statements * positions)]
    # A 4-token trace is small: its heading and table cover about 1.4% of the 1280x1000 window,
    # so 1% (a heading alone is about 0.5%) stands for "the table was drawn".
    return [cp.check_page(page, expectations, os.path.join(out, "trace.png"), chromium,
                          min_foreground=0.01)]


# ---------------------------------------------------------------------------------------------
# explain


def head_count(report_json, panels_expected):
    """Sum of len(panel["heads"]) over the --json output's panels; Failure if malformed."""
    try:
        panels = json.loads(report_json)["panels"]
        heads = [len(p["heads"]) for p in panels]
    except (ValueError, KeyError, TypeError) as e:
        raise cp.Failure(f"crasp explain --json: no panels[].heads[] ({e!r})") from None
    if len(panels) != panels_expected:
        raise cp.Failure(f"crasp explain --json: {len(panels)} panel(s), expected "
                         f"{panels_expected}")
    if not sum(heads):
        raise cp.Failure("crasp explain --json: no attention heads at all")
    return sum(heads)


def case_explain(out, chromium):
    source, tokens = program("ur.crasp"), "<bos> t0 t1 t2 <sep> t1"
    summaries, failures = [], []
    for name, extra, panels in (("single", [], 1),
                                ("compare", ["--compare", program("ul.crasp")], 2)):
        try:
            heads = head_count(crasp("explain", source, tokens, *extra, "--json"), panels)
            page = os.path.join(out, f"report-{name}.html")
            crasp("explain", source, tokens, *extra, "-o", page)
            summaries.append(cp.check_page(page, [("figure.head", "=", heads),
                                                  ("svg", ">=", heads)],
                                           os.path.join(out, f"report-{name}.png"), chromium))
        except cp.Failure as e:  # try the other variant too, then report both
            failures.append(f"[{name}] {e}")
    if failures:
        raise cp.Failure("\n".join(failures))
    return summaries


# ---------------------------------------------------------------------------------------------
# selftest: a checker that cannot fail checks nothing


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def encode_png(path, width, rows, channels, filters):
    """Write rows (bytes, width*channels each) as an 8-bit PNG, row y with filter
    filters[y % len(filters)]: the encoder side of PNG spec 9.2, written apart from the decoder."""
    raw, prior = bytearray(), bytes(width * channels)
    for y, row in enumerate(rows):
        kind = filters[y % len(filters)]
        raw.append(kind)
        for i, x in enumerate(row):
            a = row[i - channels] if i >= channels else 0
            b = prior[i]
            c = prior[i - channels] if i >= channels else 0
            predictor = (0, a, b, (a + b) >> 1, paeth(a, b, c))[kind]
            raw.append((x - predictor) & 0xFF)
        prior = row

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    colour = {3: 2, 4: 6}[channels]
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n"
                + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, colour, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))


def selftest_png(out):
    rng = random.Random(7)
    for channels in (3, 4):
        width = 9
        # Random rows, and smooth ones (where Sub/Up/Average/Paeth predict well).
        rows = [bytes(rng.randrange(256) for _ in range(width * channels)) for _ in range(10)]
        rows += [bytes((3 * i + 5 * y) & 0xFF for i in range(width * channels))
                 for y in range(10)]
        path = os.path.join(out, f"selftest-{channels}.png")
        encode_png(path, width, rows, channels, filters=[0, 1, 2, 3, 4, 4, 3, 2, 1, 0, 2])
        got_width, height, got_channels, got_rows = cp.read_png(path)
        if (got_width, height, got_channels, got_rows) != (width, len(rows), channels, rows):
            raise cp.Failure(f"PNG decoder: {path} decoded wrong")
    # 10x10: 80 white, 15 red, 5 blue pixels -> 3 colours, 20% not background.
    pixels = [b"\xff\xff\xff"] * 80 + [b"\xff\x00\x00"] * 15 + [b"\x00\x00\xff"] * 5
    rows = [b"".join(pixels[10 * y:10 * y + 10]) for y in range(10)]
    path = os.path.join(out, "selftest-stats.png")
    encode_png(path, 10, rows, 3, filters=[4, 1])
    colours, foreground = cp.colour_stats(path)
    if colours != 3 or abs(foreground - 0.2) > 1e-9:
        raise cp.Failure(f"colour_stats: {colours} colours, {foreground}; expected 3, 0.2")
    return "PNG decoder: filter types 0-4, colour types 2 and 6, colour statistics: ok"


GOOD_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>good</title></head>
<body>
<h1 class="t">a good page</h1>
<table><thead><tr><th>x</th></tr></thead>
<tbody><tr><td class="a">1</td><td>2</td></tr></tbody></table>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="600" height="400">
<rect width="600" height="400" fill="#36c"/><circle cx="50" cy="50" r="40" fill="#c63"/></svg>
<a href="https://example.org/">a link is not a load</a>
<script>document.body.appendChild(document.createElement('p')).className = 'made';</script>
</body></html>
"""
GOOD_COUNTS = [("table", "=", 1), ("tbody td", "=", 2), ("td.a", "=", 1), ("h1.t", "=", 1),
               (".made", "=", 1), ("svg rect", "=", 1), ("circle[cx]", "=", 1),
               ("table td", ">=", 2), ("body * td", "=", 2), ("thead td", "=", 0)]

# No <head> and no doctype: the probe goes first. Each line is one thing the check must catch.
BAD_PAGE = """<html><body style="background: url(https://example.org/bg.png)">
<p>bad</p>
<img src="missing-next-to-the-page.png">
<img src="https://example.org/x.png">
<script>console.error('something went wrong');</script>
<script>null.property;</script>
</body></html>
"""
BAD_FRAGMENTS = ["TypeError", "selftest-bad.html:6", "console.error: something went wrong",
                 "failed to load <img> file://", "failed to load <img> https://example.org/x.png",
                 "resources outside itself", "<body style=", "selector 'p': 1 element(s), "
                 "expected 5", "looks blank"]

BLANK_PAGE = "<!DOCTYPE html><title>blank</title><body></body>"


def expect_failure(page, expectations, fragments, chromium):
    try:
        cp.check_page(page, expectations, chromium=chromium)
    except cp.Failure as e:
        missing = [f for f in fragments if f not in str(e)]
        if missing:
            raise cp.Failure(f"{page} failed, but without {missing}:\n{e}") from None
        return (f"{os.path.basename(page)}: failed as it should "
                f"(all {len(fragments)} reasons seen)")
    raise cp.Failure(f"{page} passed; it should have failed with {fragments}")


def case_selftest(out, chromium):
    for bad in ("div > p", "p:first-child", "", "a[href=x]"):
        try:
            cp.parse_selector(bad)
        except cp.Failure:
            continue
        raise cp.Failure(f"selector {bad!r} was accepted; it is not supported")
    summaries = [selftest_png(out)]
    pages = {}
    for name, text in (("good", GOOD_PAGE), ("bad", BAD_PAGE), ("blank", BLANK_PAGE)):
        pages[name] = os.path.join(out, f"selftest-{name}.html")
        with open(pages[name], "w", encoding="utf-8") as f:
            f.write(text)
    summaries.append(cp.check_page(pages["good"], GOOD_COUNTS, chromium=chromium))
    summaries.append(expect_failure(pages["bad"], [("p", "=", 5)], BAD_FRAGMENTS, chromium))
    summaries.append(expect_failure(pages["blank"], [], ["looks blank"], chromium))
    return summaries


# ---------------------------------------------------------------------------------------------

CASES = {"trace": case_trace, "explain": case_explain, "selftest": case_selftest}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("case", choices=sorted(CASES))
    ap.add_argument("--keep", metavar="DIR", help="write pages and screenshots here")
    args = ap.parse_args()
    chromium = cp.find_chromium()
    if chromium is None:
        print("test_pages: chromium not found (set CHROMIUM, or apt-get install chromium); "
              "skipped", file=sys.stderr)
        return cp.SKIP
    out = os.path.abspath(args.keep or tempfile.mkdtemp(prefix=f"crasp-pages-{args.case}-"))
    os.makedirs(out, exist_ok=True)
    start = time.monotonic()
    try:
        for line in CASES[args.case](out, chromium):
            print(line)
    except cp.Failure as e:
        print(f"test_pages {args.case}: FAILED ({time.monotonic() - start:.1f} s)\n{e}",
              file=sys.stderr)
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
    print(f"test_pages {args.case}: ok ({time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
