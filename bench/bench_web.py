"""The phone app (`companion build-web`): what a first visit costs a phone, and how long
until the home screen can be used.

The site is built once into a temporary folder (or given with `--site DIR`) and served
on 127.0.0.1 by a small static server of this script that behaves as common static hosts
do: it compresses on the fly with gzip (level 6) what such hosts compress (scripts, JSON,
HTML, WebAssembly, fonts other than woff2), never images or archives (`--host
precompressed` serves the build's `.br`/`.gz` copies instead, as nginx's
`gzip_static`/`brotli_static` or Caddy's `precompressed` do; `--host plain` compresses
nothing, as `python -m http.server`).

Two conditions, each in fresh browser contexts (nothing cached):

- **phone**: the server itself paces every response as one Wi-Fi link would (30 ms before
  the first byte, then at most 2.5 MB/s shared by all responses at once) and the page's
  CPU is slowed 4 times (CDP `Emulation.setCPUThrottlingRate`). Pacing on the server
  covers the service worker's own fetches too, which the browser's network emulation
  does not. Chromium slows only the page's main thread: Python runs in a Web Worker,
  which keeps full speed (checked by a busy loop: 4 times slower on the page, unchanged
  in a worker), so the phone figures are optimistic for Python's part.
- **desktop**: no pacing, no slowdown.

Measured, from the navigation of the first visit:

- **wire**: every byte the server wrote (headers and bodies) until the page says the
  service worker keeps all it needs (`window.__companionOffline`, see
  `companion/webapp/site/python.js`); for a site without that promise (builds before
  it), until the network has been quiet for 3 s with the service worker in control;
- **kept**: `navigator.storage.estimate()` once the first visit is complete;
- **first visit / later visit**: from the navigation to the home screen's first
  interactive frame (the accessibility placeholder is in the page, a click turns on the
  accessibility tree, and the "Quick score" button is there), read in the page; the
  later visit is a reload once the service worker holds the site.

Targets: wire at most 12 MB, kept at most 30 MB, phone first visit at most 10 s and later
visit at most 3 s, desktop at most 4 s and 1.5 s.

Run from the repository root: `python bench/bench_web.py [--runs N] [--site DIR]
[--host gzip|precompressed|plain] [--files]`.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

MB = 1_000_000
TARGETS = {"wire": 12.0, "kept": 30.0, ("phone", "first"): 10.0, ("phone", "later"): 3.0,
           ("desktop", "first"): 4.0, ("desktop", "later"): 1.5}
LATENCY = 0.030
RATE = 2_500_000
CPU_SLOWDOWN = 4
TIMEOUT_MS = 180_000
BUTTON = "Quick score"
COMPRESSED_TYPES = (".js", ".mjs", ".json", ".html", ".wasm", ".otf", ".ttf", ".css",
                    ".svg", ".frag", ".txt", "NOTICES", ".bin")
"""What GitHub Pages, Netlify and Cloudflare compress on the fly (by type); `.bin` here is
Flutter's asset manifest (the memory snapshot is gzip inside already)."""
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".html": "text/html", ".bin": "application/octet-stream",
         ".zip": "application/zip", ".otf": "font/otf", ".woff2": "font/woff2",
         ".png": "image/png", ".frag": "application/octet-stream"}
STEPS = (
    ("offline copy ready (first visit)", None, "page: offline copy ready"),
    ("Python's worker started", None, "worker: started"),
    ("Pyodide started", "worker: started", "worker: pyodide ready"),
    ("app.zip opened", "worker: pyodide ready", "worker: app unpacked"),
    ("entry and Flet imported", "worker: app unpacked", "python: entry"),
    ("store opened, app imported", "python: storage loaded", "python: app imported"),
    ("Flet started", "python: app imported", "worker: python ready"),
    ("Flutter: first frame", None, "flutter: first frame"),
    ("both ready", None, "python: connected"),
    ("first page drawn and usable", "python: connected", "home"),
)


class Link:
    """One Wi-Fi link shared by every response: a pacing clock across threads."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, out: Any, data: bytes) -> None:
        if self.rate is None:
            out.write(data)
            return
        for start in range(0, len(data), 16_384):
            chunk = data[start:start + 16_384]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(self.free_at, now) + len(chunk) / self.rate
                wait = self.free_at - now
            if wait > 0:
                time.sleep(wait)
            out.write(chunk)


@dataclass
class Traffic:
    sent: Counter[str] = field(default_factory=Counter)
    last: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size
            self.last = time.monotonic()

    def total(self) -> int:
        with self.lock:
            return sum(self.sent.values())

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()


@functools.lru_cache(maxsize=256)
def gzipped(path: str, _mtime: int) -> bytes:
    """Compressed once per file, as a host's edge cache keeps it: the time is the link's."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6)


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static host: gzip on the fly, or the build's precompressed copies, paced."""

    site: ClassVar[Path]
    mode: ClassVar[str]
    link: ClassVar[Link]
    traffic: ClassVar[Traffic]
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        path = self.path.split("?")[0].split("#")[0].lstrip("/") or "index.html"
        file = (self.site / path).resolve()
        if not file.is_relative_to(self.site) or not file.is_file():
            self._answer(404, b"not found", {"Content-Type": "text/plain"}, path)
            return
        body = file.read_bytes()
        headers = {"Content-Type": TYPES.get(file.suffix, "application/octet-stream"),
                   "Cache-Control": "no-cache", "ETag": f'"{file.stat().st_mtime_ns}"'}
        if self.headers.get("If-None-Match") == headers["ETag"]:
            self._answer(304, b"", headers, path)
            return
        accepted = self.headers.get("Accept-Encoding", "")
        if self.mode == "precompressed":
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                copy = file.with_name(file.name + suffix)
                if encoding in accepted and copy.is_file():
                    body = copy.read_bytes()
                    headers["Content-Encoding"] = encoding
                    break
        elif (self.mode == "gzip" and "gzip" in accepted
              and file.name.endswith(COMPRESSED_TYPES) and file.name != "snapshot.bin"):
            body = gzipped(str(file), file.stat().st_mtime_ns)
            headers["Content-Encoding"] = "gzip"
        headers["Vary"] = "Accept-Encoding"
        self._answer(200, body, headers, path)

    def _answer(self, status: int, body: bytes, headers: dict[str, str], path: str) -> None:
        time.sleep(LATENCY if self.link.rate else 0)
        head = [f"HTTP/1.1 {status} {'OK' if status == 200 else 'X'}",
                *(f"{k}: {v}" for k, v in headers.items()), f"Content-Length: {len(body)}",
                "", ""]
        raw = "\r\n".join(head).encode() + body
        try:
            self.link.send(self.wfile, raw)
        except (BrokenPipeError, ConnectionResetError):
            return
        self.traffic.add(path, len(raw))


@contextmanager
def serving(site: Path, mode: str, paced: bool, traffic: Traffic) -> Any:
    handler = type("SiteHandler", (Handler,), {
        "site": site.resolve(), "mode": mode, "traffic": traffic,
        "link": Link(RATE if paced else None)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def home(page: Any) -> dict[str, float]:
    """Wait for the home screen; the page's marks with "home" (ms since navigation)."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=TIMEOUT_MS)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name=BUTTON, exact=True).wait_for(state="visible",
                                                                 timeout=TIMEOUT_MS)
    at = float(page.evaluate("performance.now()"))
    marks = {str(name): float(t) for name, t in page.evaluate("window.__companionMarks || []")}
    marks["home"] = at
    return marks


def wait_complete(page: Any, traffic: Traffic) -> None:
    """Until the service worker keeps all this browser needs (see the module's doc)."""
    if page.evaluate("typeof window.__companionOffline !== 'undefined'"):
        page.evaluate("window.__companionOffline")
        return
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    while time.monotonic() - traffic.last < 3.0:
        time.sleep(0.5)


@dataclass
class Run:
    wire: float
    kept: float
    first: dict[str, float]
    later: dict[str, float]
    files: Counter[str]


def one_run(browser: Any, url: str, paced: bool, traffic: Traffic) -> Run:
    from conftest import PHONE

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    if paced:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    traffic.reset()
    page.goto(url)
    first = home(page)
    wait_complete(page, traffic)
    wire = traffic.total() / MB
    files = Counter(traffic.sent)
    kept = float(page.evaluate("navigator.storage.estimate().then(e => e.usage)")) / MB
    page.reload()
    later = home(page)
    context.close()
    return Run(wire, kept, first, later, files)


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(condition: str, runs: list[Run], files: bool) -> bool:
    ok = True
    print(f"\n## {condition}: {len(runs)} run(s)")
    rows = [("bytes over the wire, first visit (MB)", "wire", [r.wire for r in runs]),
            ("storage kept (MB)", "kept", [r.kept for r in runs]),
            ("first visit to the home screen (s)", (condition, "first"),
             [r.first["home"] / 1000 for r in runs]),
            ("later visit, service worker (s)", (condition, "later"),
             [r.later["home"] / 1000 for r in runs])]
    print("| measure | median | runs | target |\n|---|---|---|---|")
    for label, key, values in rows:
        target = TARGETS[key]
        passed = median(values) <= target
        ok = ok and passed
        print(f"| {label} | {median(values):.2f} | {', '.join(f'{v:.2f}' for v in values)}"
              f" | ≤ {target:g} {'PASS' if passed else 'MISS'} |")
    for visit in ("first", "later"):
        print(f"where the time goes, {visit} visit (median):")
        for label, start, end in STEPS:
            spans = [getattr(r, visit)[end] - (getattr(r, visit)[start] if start else 0.0)
                     for r in runs if end in getattr(r, visit)
                     and (start is None or start in getattr(r, visit))]
            if spans:
                since = "" if start else "  (since navigation)"
                print(f"    {label:<34} {median(spans) / 1000:6.2f} s{since}")
    if files:
        print("bytes per file, first run:")
        for path, size in runs[0].files.most_common(25):
            print(f"    {size / MB:7.3f} MB  {path}")
    return ok


def site_size(site: Path) -> None:
    every = [path for path in site.rglob("*") if path.is_file()]
    own = [path for path in every if path.suffix not in (".br", ".gz")]
    print(f"site on disk: {sum(p.stat().st_size for p in own) / MB:.1f} MB in {len(own)} files"
          f" (with the precompressed copies: {sum(p.stat().st_size for p in every) / MB:.1f} MB"
          f" in {len(every)} files)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a site built before (default: build one)")
    parser.add_argument("--host", choices=("gzip", "precompressed", "plain"), default="gzip")
    parser.add_argument("--only", choices=("phone", "desktop"))
    parser.add_argument("--files", action="store_true", help="bytes per file")
    args = parser.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        site = args.site
        if site is None:
            from companion.webapp.build import build_site

            site = Path(folder) / "site"
            print(build_site(site).summary())
        site_size(site)
        print(f"host: {args.host}")
        ok = True
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for condition in ("phone", "desktop"):
                if args.only and args.only != condition:
                    continue
                traffic = Traffic()
                with serving(site, args.host, condition == "phone", traffic) as url:
                    runs = [one_run(browser, url, condition == "phone", traffic)
                            for _ in range(args.runs)]
                ok = report(condition, runs, args.files) and ok
            browser.close()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
