"""The phone app (`companion build-web`): what a first visit costs a phone, and how long
until the home screen can be used.

The site is built from the working tree into a temporary folder, or given with `--site
DIR` (a site built before, e.g. from an older commit, to compare), and served on
127.0.0.1 by a small threaded static server of this script, because what a visit costs
depends on the host as much as on the site. The server behaves as common static hosts
do (`--host`):

- `gzip` (default), as GitHub Pages or Netlify: gzip level 6 on the fly when the
  request accepts it, decided by the response's type: text (HTML, CSS, JavaScript),
  JSON, WebAssembly, SVG and OTF/TTF fonts are compressed; `application/octet-stream`
  (Flutter's `.bin`, `.frag` and files without a suffix such as `NOTICES`), images,
  woff2, zip and the build's own `.gz`/`.br` copies are not. The build's precompressed
  copies are never used: such hosts ignore them. Each file is compressed once before
  the timed runs, as a host's edge cache keeps it, so the server's CPU is not timed.
- `precompressed`, as nginx's `gzip_static`/`brotli_static`: a request for X is
  answered with `X.br` (Brotli) or `X.gz` (gzip) when that copy exists and the request
  accepts it, else with X as it is;
- `plain`, as `python -m http.server`: nothing compressed.

Two conditions, each run in a fresh browser context (nothing cached, no service worker):

- **throttled** (a phone): the server paces every response as one Wi-Fi link would
  (30 ms before its first byte, then at most 2.5 MB/s shared by all responses at once:
  one pacing clock across the server's threads), and the page's CPU is slowed 4 times
  (CDP `Emulation.setCPUThrottlingRate`, set before the navigation). The link is the
  server's, not Chromium's network emulation, because that emulation does not apply
  to the service worker's own fetches and its protocol calls change between Chromium
  versions. The CPU slowdown stays set across a reload (checked: a busy loop on the
  page takes 4 times as long after `page.reload()`; it is set again anyway). It slows
  the page's main thread only: a busy loop in a Web Worker (classic or module) runs at
  full speed, and Chromium (150) refuses the call on a worker target ("Operation is
  only supported for pages, not workers"). Python runs in a worker (Pyodide), so the
  throttled figures are optimistic for Python's part of the start.
- **unthrottled**: no pacing, no slowdown.

Measured in each run, from the navigation of the first visit:

- **wire**: every byte the server wrote (headers and bodies, counted as written) until
  the page says the service worker keeps everything it keeps: the page's
  `window.__companionOffline` promise resolves (see `companion/webapp/site/python.js`:
  it resolves with `{cache, files}` once the active service worker reports every file
  it keeps for this browser stored). A site without that promise (builds before it)
  falls back to: a service worker controls the page and the server has had no request
  in flight for 3 s; bytes of a download still running at that moment would be missed,
  which a quiet link of 3 s makes unlikely, and the 3 s themselves are not counted in
  any time;
- **kept**: `navigator.storage.estimate()` `usage` once the first visit is complete
  (with Chromium's `usageDetails` per run);
- **first visit / later visit**: from the navigation to the home screen's first
  interactive frame (the accessibility placeholder is in the page, a click turns on the
  accessibility tree, and the "Quick score" button is visible), read in the page with
  `performance.now()`; the later visit is `page.reload()` in the same context once the
  first visit is complete, so the service worker serves it.

The site on disk is counted too: every file (the build's `.br`/`.gz` copies included)
and without those copies (a `X.br`/`X.gz` whose X exists).

Targets: wire at most 12 MB, kept at most 30 MB; first visit at most 10 s throttled and
4 s unthrottled, later visit at most 3 s and 1.5 s. Exit code 0 when every target met
by the medians PASSes, 1 otherwise.

Run from the repository root: `python bench/bench_web.py [--runs N | --quick] [--site
DIR] [--host gzip|precompressed|plain] [--throttled-only | --unthrottled-only]
[--files]`.
"""

from __future__ import annotations

import argparse
import gzip
import http
import http.server
import io
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

MB = 1_000_000
CONDITIONS = ("throttled", "unthrottled")
LABELS = {"throttled": "throttled (phone)", "unthrottled": "unthrottled"}
WIRE_TARGET_MB = 12.0
KEPT_TARGET_MB = 30.0
TIME_TARGETS_S = {("throttled", "first"): 10.0, ("throttled", "later"): 3.0,
                  ("unthrottled", "first"): 4.0, ("unthrottled", "later"): 1.5}
LATENCY_S = 0.030
RATE = 2_500_000
"""Bytes a second down the phone's link, shared by every response."""
CHUNK = 16_384
CPU_SLOWDOWN = 4
IDLE_S = 3.0
TIMEOUT_MS = 180_000
BUTTON = "Quick score"
GZIP_LEVEL = 6

TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8", ".xml": "application/xml",
    ".wasm": "application/wasm", ".bin": "application/octet-stream",
    ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
    ".ico": "image/x-icon", ".webp": "image/webp",
    ".otf": "font/otf", ".ttf": "font/ttf", ".woff": "font/woff", ".woff2": "font/woff2",
    ".zip": "application/zip", ".gz": "application/gzip", ".br": "application/x-brotli",
}
"""Written here, not taken from the `mimetypes` module, whose answers depend on the
machine's /etc/mime.types; anything else is `application/octet-stream`, as hosts say."""
COMPRESSED_TYPES = frozenset({
    "text/javascript", "application/javascript", "application/json",
    "application/manifest+json", "application/xml", "application/wasm", "image/svg+xml",
    "font/otf", "font/ttf"})
"""Beside every `text/*`: what GitHub Pages and Netlify compress on the fly. Never
`application/octet-stream`, images, woff2 (compressed inside) or archives."""

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
    ("everything kept offline", None, "page: kept offline"),
)
"""Where the time goes: (label, from mark or navigation, to mark), marks from the page's
`window.__companionMarks` (sites built before the marks show only "home")."""


# --- the static host -----------------------------------------------------------------


class Link:
    """One Wi-Fi link shared by every response: a pacing clock across the server's
    threads, so concurrent downloads share the rate instead of each having it."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, out: io.BufferedIOBase, data: bytes, sent: Callable[[int], None]) -> None:
        """Write `data` in chunks, each leaving when the link has carried the ones
        before it (of every response); `sent` counts what was written."""
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            if self.rate is not None:
                with self.lock:
                    now = time.monotonic()
                    self.free_at = max(self.free_at, now) + len(chunk) / self.rate
                    wait = self.free_at - now
                if wait > 0:
                    time.sleep(wait)
            out.write(chunk)
            sent(len(chunk))


@dataclass
class Traffic:
    """Bytes the server wrote per path, and whether the link has been quiet."""

    sent: Counter[str] = field(default_factory=Counter)
    requests: Counter[str] = field(default_factory=Counter)
    encodings: dict[str, str] = field(default_factory=dict)
    in_flight: int = 0
    last: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def begin(self, path: str) -> None:
        with self.lock:
            self.in_flight += 1
            self.requests[path] += 1
            self.last = time.monotonic()

    def end(self) -> None:
        with self.lock:
            self.in_flight -= 1
            self.last = time.monotonic()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size

    def total(self) -> int:
        with self.lock:
            return sum(self.sent.values())

    def quiet_for(self) -> float:
        """Seconds since the last request ended, 0 while one is in flight."""
        with self.lock:
            return 0.0 if self.in_flight else time.monotonic() - self.last

    def snapshot(self) -> tuple[Counter[str], Counter[str], dict[str, str]]:
        with self.lock:
            return Counter(self.sent), Counter(self.requests), dict(self.encodings)

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.requests.clear()
            self.encodings.clear()


def content_type(file: Path) -> str:
    return TYPES.get(file.suffix.lower(), "application/octet-stream")


def compressible(file: Path) -> bool:
    kind = content_type(file).split(";")[0]
    return kind.startswith("text/") or kind in COMPRESSED_TYPES


def accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header accepts (`q=0` refuses one)."""
    names = set()
    for part in header.split(","):
        name, *params = (piece.strip() for piece in part.split(";"))
        refused = any(param.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000")
                      for param in params)
        if name and not refused:
            names.add(name.lower())
    return names


class Handler(http.server.BaseHTTPRequestHandler):
    """A static host: gzip on the fly, the build's precompressed copies, or nothing
    compressed; every response paced by the shared link and counted."""

    site: ClassVar[Path]
    mode: ClassVar[str]
    link: ClassVar[Link]
    traffic: ClassVar[Traffic]
    gzipped: ClassVar[dict[Path, bytes]]
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        self._serve(body_wanted=True)

    def do_HEAD(self) -> None:
        self._serve(body_wanted=False)

    def _serve(self, body_wanted: bool) -> None:
        path = unquote(urlsplit(self.path).path).lstrip("/")
        if path == "" or path.endswith("/"):
            path += "index.html"
        self.traffic.begin(path)
        try:
            self._answer_for(path, body_wanted)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            self.traffic.end()

    def _answer_for(self, path: str, body_wanted: bool) -> None:
        file = (self.site / path).resolve()
        if not file.is_relative_to(self.site) or not file.is_file():
            self._answer(404, b"not found", {"Content-Type": "text/plain"}, path, body_wanted)
            return
        stat = file.stat()
        headers = {"Content-Type": content_type(file), "Cache-Control": "no-cache",
                   "Vary": "Accept-Encoding"}
        encodings = accepted(self.headers.get("Accept-Encoding", ""))
        body: bytes | None = None
        encoding = ""
        if self.mode == "precompressed":
            for name, suffix in (("br", ".br"), ("gzip", ".gz")):
                copy = file.with_name(file.name + suffix)
                if name in encodings and copy.is_file():
                    body, encoding = copy.read_bytes(), name
                    break
        elif self.mode == "gzip" and "gzip" in encodings and compressible(file):
            body, encoding = self.gzipped.get(file), "gzip"
            if body is None:
                body = gzip.compress(file.read_bytes(), compresslevel=GZIP_LEVEL)
        if body is None:
            body = file.read_bytes()
        variant = f"-{encoding}" if encoding else ""
        headers["ETag"] = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{variant}"'
        if encoding:
            headers["Content-Encoding"] = encoding
            with self.traffic.lock:
                self.traffic.encodings[path] = encoding
        if self.headers.get("If-None-Match") == headers["ETag"]:
            self._answer(304, b"", headers, path, body_wanted)
            return
        self._answer(200, body, headers, path, body_wanted)

    def _answer(self, status: int, body: bytes, headers: dict[str, str], path: str,
                body_wanted: bool) -> None:
        if self.link.rate is not None:
            time.sleep(LATENCY_S)
        lines = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}",
                 *(f"{key}: {value}" for key, value in headers.items()),
                 f"Content-Length: {len(body)}", "", ""]
        raw = "\r\n".join(lines).encode("latin-1") + (body if body_wanted else b"")
        self.link.send(self.wfile, raw, lambda size: self.traffic.add(path, size))
        self.wfile.flush()


def precompute_gzip(site: Path) -> dict[Path, bytes]:
    """Every compressible file gzipped once, before the timed runs: a host compresses a
    file once and keeps it at its edge, so its CPU is not part of a visit."""
    started = time.perf_counter()
    table = {file.resolve(): gzip.compress(file.read_bytes(), compresslevel=GZIP_LEVEL)
             for file in site.rglob("*") if file.is_file() and compressible(file)}
    print(f"gzip -{GZIP_LEVEL} of {len(table)} compressible files: "
          f"{time.perf_counter() - started:.1f} s (once, not timed)")
    return table


@contextmanager
def serving(site: Path, mode: str, paced: bool, traffic: Traffic,
            gzipped: dict[Path, bytes]) -> Iterator[str]:
    """The site on 127.0.0.1 at a free port, in threads of this process."""
    handler = type("SiteHandler", (Handler,), {
        "site": site.resolve(), "mode": mode, "traffic": traffic, "gzipped": gzipped,
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


# --- one visit -----------------------------------------------------------------------


def marks(page: Any) -> dict[str, float]:
    return {str(name): float(at)
            for name, at in page.evaluate("window.__companionMarks || []")}


def home(page: Any) -> dict[str, float]:
    """Wait for the home screen; the page's marks with "home" (ms since navigation)."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=TIMEOUT_MS)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name=BUTTON, exact=True).wait_for(state="visible",
                                                                 timeout=TIMEOUT_MS)
    at = float(page.evaluate("performance.now()"))
    found = marks(page)
    found["home"] = at
    return found


def wait_complete(page: Any, traffic: Traffic) -> str:
    """Until the service worker keeps all it keeps (see the module's doc); what it said."""
    if page.evaluate("typeof window.__companionOffline !== 'undefined'"):
        answer = page.evaluate(
            """ms => Promise.race([window.__companionOffline, new Promise((_, fail) =>
                   setTimeout(() => fail(new Error("__companionOffline: no answer")), ms))])""",
            TIMEOUT_MS)
        if isinstance(answer, dict):
            return f"{len(answer.get('files') or [])} files in {answer.get('cache')}"
        return f"no offline copy ({answer!r})"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    while (quiet := traffic.quiet_for()) < IDLE_S:
        time.sleep(IDLE_S - quiet + 0.05)
    return f"no __companionOffline: controlled, link quiet {IDLE_S:g} s"


@dataclass
class Run:
    wire: float
    kept: float
    details: dict[str, float]
    kept_note: str
    first: dict[str, float]
    later: dict[str, float]
    later_wire: float
    sent: Counter[str]
    requests: Counter[str]
    encodings: dict[str, str]


def one_run(browser: Any, url: str, throttled: bool, traffic: Traffic) -> Run:
    """A first visit in a fresh context, then a reload once it is complete."""
    from conftest import PHONE

    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        cdp = context.new_cdp_session(page)
        rate = CPU_SLOWDOWN if throttled else 1
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        traffic.reset()
        page.goto(url)
        first = home(page)
        kept_note = wait_complete(page, traffic)
        first = {**marks(page), **first}
        sent, requests, encodings = traffic.snapshot()
        estimate = page.evaluate("navigator.storage.estimate()")
        traffic.reset()
        # Kept across a reload (see the module's doc); set again, which costs nothing.
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.reload()
        later = home(page)
        later_wire = traffic.total() / MB
    finally:
        context.close()
    details = {str(key): float(value) / MB
               for key, value in (estimate.get("usageDetails") or {}).items()}
    return Run(sum(sent.values()) / MB, float(estimate["usage"]) / MB, details, kept_note,
               first, later, later_wire, sent, requests, encodings)


def describe(condition: str, number: int, run: Run) -> str:
    details = ", ".join(f"{key} {value:.1f}" for key, value in sorted(run.details.items()))
    return (f"  {condition} run {number}: wire {run.wire:.1f} MB in "
            f"{sum(run.requests.values())} requests, kept {run.kept:.1f} MB"
            f"{f' ({details})' if details else ''}, first visit {run.first['home'] / 1000:.2f}"
            f" s, later visit {run.later['home'] / 1000:.2f} s ({run.later_wire:.2f} MB on"
            f" the wire); complete: {run.kept_note}")


# --- the report ----------------------------------------------------------------------


@dataclass
class SiteSize:
    all_mb: float
    all_files: int
    own_mb: float
    own_files: int

    def text(self) -> str:
        return (f"{self.all_mb:.1f} MB, {self.all_files} files (without .br/.gz copies: "
                f"{self.own_mb:.1f} MB, {self.own_files} files)")


def site_size(site: Path) -> SiteSize:
    every = [path for path in site.rglob("*") if path.is_file()]
    own = [path for path in every
           if not (path.suffix in (".br", ".gz") and path.with_suffix("").is_file())]
    return SiteSize(sum(p.stat().st_size for p in every) / MB, len(every),
                    sum(p.stat().st_size for p in own) / MB, len(own))


def cell(values: list[float], target: float, unit: str) -> tuple[str, bool]:
    middle = statistics.median(values)
    passed = middle <= target
    digits = 2
    runs = f" ({', '.join(f'{v:.{digits}f}' for v in values)})" if len(values) > 1 else ""
    return f"{middle:.{digits}f} {unit} {'PASS' if passed else 'MISS'}{runs}", passed


def report(size: SiteSize, results: dict[str, list[Run]]) -> bool:
    """The markdown table (medians, every run in brackets); True when all PASS."""
    ok = True
    shown = [condition for condition in CONDITIONS if condition in results]
    print(f"\n| measure | {' | '.join(LABELS[c] for c in shown)} | target |")
    print(f"|---|{'---|' * len(shown)}---|")
    print(f"| site on disk | {' | '.join([size.text()] + ['same site'] * (len(shown) - 1))}"
          " | — |")
    rows: list[tuple[str, str, Callable[[Run], float], Callable[[str], float], str]] = [
        ("bytes over the wire, first visit until kept offline", "MB", lambda r: r.wire,
         lambda c: WIRE_TARGET_MB, f"≤ {WIRE_TARGET_MB:g} MB"),
        ("storage kept on the phone", "MB", lambda r: r.kept,
         lambda c: KEPT_TARGET_MB, f"≤ {KEPT_TARGET_MB:g} MB"),
        ("first visit to the home screen", "s", lambda r: r.first["home"] / 1000,
         lambda c: TIME_TARGETS_S[(c, "first")],
         " / ".join(f"≤ {TIME_TARGETS_S[(c, 'first')]:g} s" for c in shown)),
        ("later visit (service worker)", "s", lambda r: r.later["home"] / 1000,
         lambda c: TIME_TARGETS_S[(c, "later")],
         " / ".join(f"≤ {TIME_TARGETS_S[(c, 'later')]:g} s" for c in shown)),
    ]
    for label, unit, value, target, target_text in rows:
        cells = []
        for condition in shown:
            text, passed = cell([value(run) for run in results[condition]],
                                target(condition), unit)
            cells.append(text)
            ok = ok and passed
        print(f"| {label} | {' | '.join(cells)} | {target_text} |")
    return ok


def time_spent(condition: str, runs: list[Run]) -> None:
    for visit in ("first", "later"):
        print(f"\nwhere the time goes, {LABELS[condition]}, {visit} visit "
              f"(median of {len(runs)}):")
        for label, start, end in STEPS:
            spans = [getattr(run, visit)[end] - (getattr(run, visit)[start] if start else 0.0)
                     for run in runs if end in getattr(run, visit)
                     and (start is None or start in getattr(run, visit))]
            if spans:
                since = "" if start else "  (since navigation)"
                print(f"    {label:<34} {statistics.median(spans) / 1000:6.2f} s{since}")


def files(condition: str, run: Run, count: int = 30) -> None:
    print(f"\nbytes over the wire per file, {LABELS[condition]}, first run "
          f"(first visit until kept offline):")
    for path, size in run.sent.most_common(count):
        print(f"    {size / MB:7.3f} MB  {run.requests[path]}×  "
              f"{run.encodings.get(path, '-'):<4}  {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per condition (default 3)")
    parser.add_argument("--quick", action="store_true", help="one run per condition")
    parser.add_argument("--site", type=Path, help="a site built before (default: build one)")
    parser.add_argument("--host", choices=("gzip", "precompressed", "plain"), default="gzip",
                        help="how the static host compresses (default gzip on the fly)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--throttled-only", action="store_true")
    only.add_argument("--unthrottled-only", action="store_true")
    parser.add_argument("--files", action="store_true",
                        help="bytes over the wire per file, first run of each condition")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    conditions = [c for c in CONDITIONS
                  if not (args.throttled_only and c == "unthrottled")
                  and not (args.unthrottled_only and c == "throttled")]

    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        site: Path | None = args.site
        if site is None:
            from companion.webapp.build import build_site

            site = Path(folder) / "site"
            print(build_site(site).summary())
        elif not (site / "index.html").is_file():
            parser.error(f"{site} has no index.html: not a built site")
        size = site_size(site)
        print(f"site: {site}\nsite on disk: {size.text()}")
        print(f"host: {args.host}; throttled: CPU {CPU_SLOWDOWN}x slower (page), "
              f"{LATENCY_S * 1000:g} ms, {RATE / MB:g} MB/s down (server-paced)")
        gzipped = precompute_gzip(site) if args.host == "gzip" else {}
        results: dict[str, list[Run]] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for condition in conditions:
                    traffic = Traffic()
                    throttled = condition == "throttled"
                    with serving(site, args.host, throttled, traffic, gzipped) as url:
                        for number in range(1, runs + 1):
                            run = one_run(browser, url, throttled, traffic)
                            print(describe(condition, number, run), flush=True)
                            results.setdefault(condition, []).append(run)
            finally:
                browser.close()
    ok = report(size, results)
    for condition, done in results.items():
        time_spent(condition, done)
        if args.files:
            files(condition, done[0])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
