#!/usr/bin/env python3
"""Open one of crasp's HTML pages in headless Chromium and check that a browser is happy with it.

    check_page.py PAGE [--count SELECTOR=N | --count SELECTOR>=N]... [--screenshot OUT.png]

The page must be self-contained (crasp writes trace and explain pages that are), so it is copied
alone into a temporary directory with a small probe script inserted as its first <script>. The
probe counts what a user would see as breakage: uncaught exceptions, failed resource loads and
console.error calls; once the load event has fired (and a short timeout after it) it writes the
count and the messages to <html data-browser-errors="N" data-browser-messages="[...]">.

Chromium runs twice, headless, with no network (every host name resolves to nothing):
  1. --dump-dom: the DOM after the scripts ran. Checked: the probe reported, with 0 errors; no
     element refers to an http(s) or protocol-relative resource (src, href, srcset, poster, data,
     xlink:href, CSS url()/@import; links a user would click, <a href>, are not loads); and each
     --count selector matches as many elements as asked.
  2. --screenshot (1280x1000): the PNG is decoded here (zlib; bit depth 8, colour types 2 and 6,
     every filter type) and must not be blank: at least 3 distinct colours and at least 2% of the
     pixels differing from the most common colour (--min-foreground changes the 2%).

Selectors: `tag`, `.class`, `tag.class`, `tag[attr]`, and any of these separated by spaces for a
descendant (`tbody tr`). `*` matches any tag.

Exit codes: 0 every check passed (one summary line), 1 a check failed (the reasons, and
Chromium's stderr when it may explain them), 77 Chromium not found (CTest's SKIP_RETURN_CODE).
Chromium is `$CHROMIUM`, else `chromium` or `chromium-browser` on PATH (Debian 12: apt-get
install chromium). Standard library only; the functions are used by test_pages.py too.
"""

import argparse
import collections
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
CHROMIUM_TIMEOUT = 60  # seconds per Chromium run; a page that needs more is broken anyway
WINDOW = (1280, 1000)
MIN_COLOURS = 3
MIN_FOREGROUND = 0.02

# The first script of the page, so that it sees errors raised by every later one. Capture phase:
# a failed <img>/<script>/<link> load fires 'error' on the element, and that event does not
# bubble to window. After the report is written, later errors update it (the DOM is dumped a
# little after that, when the virtual time budget runs out).
PROBE = """<script>
(function () {
  var messages = [], reported = false;
  function report() {
    var root = document.documentElement;
    root.setAttribute('data-browser-errors', String(messages.length));
    root.setAttribute('data-browser-messages', JSON.stringify(messages));
  }
  function note(message) {
    messages.push(String(message));
    if (reported) report();
  }
  window.addEventListener('error', function (e) {
    var t = e.target;
    if (t && t !== window && t.tagName) {
      note('failed to load <' + t.tagName.toLowerCase() + '> ' +
           (t.src || t.href || t.getAttribute('data') || ''));
    } else {
      note(e.message + ' (' + e.filename + ':' + e.lineno + ')');
    }
  }, true);
  window.addEventListener('unhandledrejection', function (e) {
    note('unhandled promise rejection: ' + e.reason);
  });
  var consoleError = console.error;
  console.error = function () {
    note('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
    return consoleError.apply(console, arguments);
  };
  window.addEventListener('load', function () {
    setTimeout(function () { reported = true; report(); }, 200);
  });
})();
</script>
"""

# Chromium flags for both runs. --no-sandbox: CI runs as root, where the sandbox refuses to start.
# The resolver rule keeps the check off the network even on a machine that has one, so a page that
# tries to load something from outside also shows up as a failed load.
COMMON_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--host-resolver-rules=MAP * ~NOTFOUND"]

# Attributes whose value the browser fetches. <a>/<area> href is a link, fetched only on a click.
RESOURCE_ATTRS = {"src", "href", "srcset", "poster", "data", "xlink:href", "action", "formaction",
                  "background", "manifest"}
LINK_TAGS = {"a", "area"}
EXTERNAL = re.compile(r"^\s*(https?:)?//", re.I)
SRCSET_EXTERNAL = re.compile(r"(^|,)\s*(https?:)?//", re.I)
CSS_EXTERNAL = re.compile(r"""(url\(\s*['"]?\s*|@import\s+['"]?)(https?:)?//""", re.I)

# Elements without an end tag: they never stay on the open-element stack.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


class Failure(Exception):
    """A check failed; the message says which and why."""


def find_chromium():
    """Chromium's path, or None: $CHROMIUM first, so that another build can be tried."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return shutil.which(explicit)
    return shutil.which("chromium") or shutil.which("chromium-browser")


# ---------------------------------------------------------------------------------------------
# The page and the probe


def inject_probe(text):
    """The page with PROBE as its first script: right after <head>, else after the doctype (a
    script before it would put the page in quirks mode), else at the very start. On one line and
    without a line break, so that line numbers in error messages are the original page's."""
    probe = " ".join(line.strip() for line in PROBE.splitlines())  # no // comments in PROBE
    for pattern in (r"<head(\s[^>]*)?>", r"<!doctype[^>]*>"):
        m = re.search(pattern, text, re.I)
        if m:
            return text[:m.end()] + probe + text[m.end():]
    return probe + text


def prepare(page, workdir):
    """Copy the page, probe inserted, into workdir; return the copy's path. Alone in workdir on
    purpose: a page that needs files next to it is not self-contained, and fails the load check."""
    with open(page, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    copy = os.path.join(workdir, os.path.basename(page))
    with open(copy, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(inject_probe(text))
    return copy


def run_chromium(chromium, args, workdir, what):
    """Run Chromium with its own profile in workdir; return stdout. Its stderr is mostly noise
    here (no D-Bus, no GPU), so it is shown only when the run itself fails."""
    profile = tempfile.mkdtemp(prefix="profile-", dir=workdir)
    cmd = [chromium] + COMMON_FLAGS + ["--user-data-dir=" + profile] + args
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=CHROMIUM_TIMEOUT)
    except subprocess.TimeoutExpired as e:
        raise Failure(f"chromium {what}: no answer in {CHROMIUM_TIMEOUT} s\n"
                      + tail(e.stderr)) from None
    if done.returncode != 0:
        raise Failure(f"chromium {what}: exit code {done.returncode}\n" + tail(done.stderr))
    return done.stdout.decode("utf-8", errors="replace"), done.stderr


def tail(stderr, lines=30):
    """The last lines of Chromium's stderr, for a failure message."""
    text = (stderr or b"").decode("utf-8", errors="replace").rstrip()
    return "chromium stderr (last lines):\n" + "\n".join(text.splitlines()[-lines:])


# ---------------------------------------------------------------------------------------------
# The DOM


class Element:
    __slots__ = ("tag", "attrs", "classes", "parent")

    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = attrs
        self.classes = set((attrs.get("class") or "").split())
        self.parent = parent


class DomParser(html.parser.HTMLParser):
    """Every element of a serialized DOM with its ancestors, the <html> attributes, and the
    external references found on the way. Chromium's --dump-dom closes every non-void element
    explicitly, so a stack of open elements is enough to know the ancestors."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.stack = []
        self.root_attrs = {}
        self.external = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self._open(tag, attrs, void=tag in VOID)

    def handle_startendtag(self, tag, attrs):
        self._open(tag, attrs, void=True)  # <path/> in SVG

    def _open(self, tag, attrs, void):
        attrs = {k: (v if v is not None else "") for k, v in attrs}
        element = Element(tag, attrs, self.stack[-1] if self.stack else None)
        self.elements.append(element)
        if tag == "html" and not self.root_attrs:
            self.root_attrs = attrs
        self._scan_references(tag, attrs)
        if not void:
            self.stack.append(element)
            self.in_style = tag == "style"

    def handle_endtag(self, tag):
        # Pop to the matching element; a stray end tag (none open) is ignored.
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                break
        self.in_style = bool(self.stack) and self.stack[-1].tag == "style"

    def handle_data(self, data):
        if self.in_style and CSS_EXTERNAL.search(data):
            self.external.append("<style>: " + CSS_EXTERNAL.search(data).group(0) + "...")

    def _scan_references(self, tag, attrs):
        for name, value in attrs.items():
            if name.startswith("xmlns"):
                continue  # a namespace name (http://www.w3.org/2000/svg) is never fetched
            link = tag in LINK_TAGS and name in ("href", "xlink:href")
            if name in RESOURCE_ATTRS and not link:
                # srcset is a list ("a.png 1x, b.png 2x"): any of its URLs counts.
                if EXTERNAL.match(value) or (name == "srcset" and SRCSET_EXTERNAL.search(value)):
                    self.external.append(f"<{tag} {name}=\"{value}\">")
            if name == "style" and CSS_EXTERNAL.search(value):
                self.external.append(f"<{tag} style=\"{value}\">")


def parse_dom(text):
    parser = DomParser()
    parser.feed(text)
    parser.close()
    return parser


SIMPLE = re.compile(r"^(?P<tag>[A-Za-z][\w-]*|\*)?(?:\.(?P<cls>[\w-]+))?"
                    r"(?:\[(?P<attr>[\w:-]+)\])?$")


def parse_selector(selector):
    """'tbody tr.x' -> [('tbody', None, None), ('tr', 'x', None)]; Failure if unsupported."""
    parts = []
    for simple in selector.split():
        m = SIMPLE.match(simple)
        if not m or not any(m.groups()):
            raise Failure(f"selector {selector!r}: unsupported (use tag, .class, tag.class, "
                          "tag[attr], separated by spaces for descendants)")
        tag = m.group("tag")
        parts.append((None if tag in (None, "*") else tag.lower(), m.group("cls"), m.group("attr")))
    if not parts:
        raise Failure("empty selector")
    return parts


def matches_simple(element, part):
    tag, cls, attr = part
    return ((tag is None or element.tag == tag) and (cls is None or cls in element.classes)
            and (attr is None or attr.lower() in element.attrs))


def matches(element, parts):
    """The last part matches the element, the earlier ones its ancestors in order (greedy from
    the nearest ancestor is exact for descendant-only selectors)."""
    if not matches_simple(element, parts[-1]):
        return False
    ancestor = element.parent
    for part in reversed(parts[:-1]):
        while ancestor is not None and not matches_simple(ancestor, part):
            ancestor = ancestor.parent
        if ancestor is None:
            return False
        ancestor = ancestor.parent
    return True


def count(dom, selector):
    parts = parse_selector(selector)
    return sum(1 for e in dom.elements if matches(e, parts))


def parse_expectation(text):
    """'SELECTOR=N' or 'SELECTOR>=N' -> (selector, op, N)."""
    m = re.match(r"^(.+?)\s*(>=|=)\s*(\d+)$", text)
    if not m:
        raise Failure(f"--count {text!r}: expected SELECTOR=N or SELECTOR>=N")
    parse_selector(m.group(1))  # refuse an unsupported selector before starting Chromium
    return m.group(1).strip(), m.group(2), int(m.group(3))


def check_dom(dom, expectations):
    """The failures of the dumped DOM (list of strings) and the element counts found."""
    failures = []
    if "data-browser-errors" not in dom.root_attrs:
        failures.append("the error probe never reported: the load event did not fire within the "
                        "virtual time budget, or the page blocks inline scripts")
    else:
        errors = int(dom.root_attrs["data-browser-errors"])
        if errors:
            messages = json.loads(dom.root_attrs.get("data-browser-messages") or "[]")
            failures.append(f"{errors} error(s) in the browser:\n  " + "\n  ".join(messages))
    if dom.external:
        failures.append("the page refers to resources outside itself (a network request):\n  "
                        + "\n  ".join(dom.external))
    found = {}
    for selector, op, want in expectations:
        got = found[selector] = count(dom, selector)
        if (got != want) if op == "=" else (got < want):
            wanted = f"at least {want}" if op == ">=" else str(want)
            failures.append(f"selector {selector!r}: {got} element(s), expected {wanted}")
    return failures, found


# ---------------------------------------------------------------------------------------------
# The screenshot


def read_png(path):
    """(width, height, channels, pixel rows as bytes) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length  # length, type, body, CRC
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise Failure(f"{path}: no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise Failure(f"{path}: unsupported PNG (bit depth {depth}, colour type {colour}, "
                      f"interlace {interlace}); expected 8-bit RGB or RGBA, not interlaced")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise Failure(f"{path}: {len(raw)} bytes of image data, expected {height * (stride + 1)}")
    rows, prior = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = unfilter(raw[start], raw[start + 1:start + 1 + stride], prior, channels)
        rows.append(row)
        prior = row
    return width, height, channels, rows


def unfilter(kind, line, prior, bpp):
    """Undo one row's PNG filter (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth; PNG spec 9.2)."""
    if kind == 0:
        return bytes(line)
    if kind == 2:
        return bytes((a + b) & 0xFF for a, b in zip(line, prior))
    out = bytearray(line)
    n = len(out)
    if kind == 1:
        for i in range(bpp, n):
            out[i] = (out[i] + out[i - bpp]) & 0xFF
    elif kind == 3:
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + ((left + prior[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(n):
            a = out[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            out[i] = (out[i] + predictor) & 0xFF
    else:
        raise Failure(f"PNG filter type {kind} is not one of 0..4")
    return bytes(out)


def colour_stats(path):
    """(distinct colours, fraction of pixels not of the most common colour) of a PNG."""
    width, height, channels, rows = read_png(path)
    histogram = collections.Counter()
    for row in rows:
        # Pixels as int keys: bytes slices are slower to hash in bulk.
        histogram.update(int.from_bytes(row[i:i + channels], "big")
                         for i in range(0, len(row), channels))
    background = histogram.most_common(1)[0][1]
    return len(histogram), 1 - background / (width * height)


def check_screenshot(path, min_foreground=MIN_FOREGROUND):
    colours, foreground = colour_stats(path)
    failures = []
    if colours < MIN_COLOURS or foreground < min_foreground:
        failures.append(f"the screenshot looks blank: {colours} colour(s), "
                        f"{foreground:.2%} of the pixels not background (need at least "
                        f"{MIN_COLOURS} colours and {min_foreground:.1%})")
    return failures, colours, foreground


# ---------------------------------------------------------------------------------------------
# Everything


def check_page(page, expectations=(), screenshot=None, chromium=None,
               min_foreground=MIN_FOREGROUND):
    """Run every check on one page. Returns the summary line; raises Failure with every reason.
    expectations: (selector, '=' or '>=', N) tuples. screenshot: where to keep the PNG.
    min_foreground: the fraction of non-background pixels below which the page counts as blank."""
    chromium = chromium or find_chromium()
    if chromium is None:
        raise FileNotFoundError("chromium not found")
    # ignore_cleanup_errors: a Chromium helper process may still be closing files in the profile.
    with tempfile.TemporaryDirectory(prefix="crasp-browser-",
                                     ignore_cleanup_errors=True) as workdir:
        copy = prepare(page, workdir)
        url = "file://" + os.path.abspath(copy)
        dom_text, dom_stderr = run_chromium(chromium, ["--virtual-time-budget=3000", "--dump-dom",
                                                       url], workdir, "--dump-dom")
        failures, found = check_dom(parse_dom(dom_text), expectations)
        if failures and "probe never reported" in failures[0]:
            failures.append(tail(dom_stderr))
        png = os.path.abspath(screenshot or os.path.join(workdir, "screenshot.png"))
        os.makedirs(os.path.dirname(png), exist_ok=True)
        if os.path.exists(png):
            os.remove(png)  # a stale screenshot must not stand in for a missing one
        run_chromium(chromium, ["--hide-scrollbars", "--window-size=%d,%d" % WINDOW,
                                "--screenshot=" + png, url], workdir,
                     "--screenshot")
        colours = foreground = None
        if not os.path.isfile(png):
            failures.append("chromium wrote no screenshot")
        else:
            shot_failures, colours, foreground = check_screenshot(png, min_foreground)
            if shot_failures and screenshot:
                shot_failures[-1] += f"; see {screenshot}"
            failures += shot_failures
    if failures:
        raise Failure(f"{page}:\n" + "\n".join("- " + f for f in failures))
    counted = ", ".join(f"{s}: {n}" for s, n in found.items()) or "none asked"
    return (f"{os.path.basename(page)}: ok: elements ({counted}), errors 0, {colours} colours, "
            f"{foreground:.1%} non-background")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("page")
    ap.add_argument("--count", action="append", default=[], metavar="SELECTOR=N",
                    help="expect N elements (SELECTOR>=N: at least N); repeatable")
    ap.add_argument("--screenshot", metavar="PATH", help="keep the screenshot here")
    ap.add_argument("--min-foreground", type=float, default=MIN_FOREGROUND, metavar="FRACTION",
                    help="least fraction of non-background pixels (default %(default)s)")
    args = ap.parse_args(argv)
    chromium = find_chromium()
    if chromium is None:
        print("check_page: chromium not found (set CHROMIUM, or apt-get install chromium); "
              "skipped", file=sys.stderr)
        return SKIP
    try:
        expectations = [parse_expectation(c) for c in args.count]
        print(check_page(args.page, expectations, args.screenshot, chromium,
                         args.min_foreground))
    except Failure as e:
        print(f"check_page: FAILED: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
