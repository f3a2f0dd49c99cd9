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
  `performance.now()`; the later visits are `page.reload()` in the same context once the
  first visit is complete, so the service worker serves them, each waiting for the
  home screen: the 2nd visit, and the 5th (`--visits`), the steady state a player lives
  with. Chromium keeps compiled code (WebAssembly and JavaScript) beside the service
  worker's Cache Storage entries and fills it over the first visits: the 2nd visit has
  little of it, the 5th all of it. Each visit's marks (`window.__companionMarks`) say
  where its time went. From the 2nd visit on, the home screen drawn may be the one kept
  from the last start, drawn before Python is ready (python.js): a tap on it is held
  until Python has drawn the same screen, so the report also gives when that was
  ("a tap on it answered from").

The site on disk is counted too: every file (the build's `.br`/`.gz` copies included)
and without those copies (a `X.br`/`X.gz` whose X exists).

Targets: wire at most 12 MB, kept at most 30 MB; first visit at most 10 s throttled and
4 s unthrottled, later visits (2nd and steady) at most 3 s and 1.5 s. Exit code 0 when
every target met by the medians PASSes, 1 otherwise.

Run from the repository root: `python bench/bench_web.py [--runs N | --quick] [--site
DIR] [--host gzip|precompressed|plain] [--throttled-only | --unthrottled-only]
[--visits N] [--files]`. The static host is `static_host.py`, beside it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from static_host import LATENCY_S, MB, RATE, Traffic, precompute_gzip, serving  # noqa: E402

CONDITIONS = ("throttled", "unthrottled")
LABELS = {"throttled": "throttled (phone)", "unthrottled": "unthrottled"}
WIRE_TARGET_MB = 12.0
KEPT_TARGET_MB = 30.0
TIME_TARGETS_S = {("throttled", "first"): 10.0, ("throttled", "later"): 3.0,
                  ("unthrottled", "first"): 4.0, ("unthrottled", "later"): 1.5}
CPU_SLOWDOWN = 4
IDLE_S = 3.0
TIMEOUT_MS = 180_000
BUTTON = "Quick score"
RELOOK_MS = 3000
"""How long to wait for the home screen before looking whether the page loaded again by
itself (its accessibility tree is then to be turned on again)."""
VISITS = 5

STEPS = (
    ("offline copy ready (first visit)", None, "page: offline copy ready"),
    ("Python's worker started", None, "worker: started"),
    ("Pyodide started", "worker: started", "worker: pyodide ready"),
    ("app.zip opened", "worker: pyodide ready", "worker: app unpacked"),
    ("entry and Flet imported", "worker: app unpacked", "python: entry"),
    ("IndexedDB loaded", "python: entry", "python: storage loaded"),
    ("store opened, app imported", "python: storage loaded", "python: app imported"),
    ("Flet started", "python: app imported", "worker: python ready"),
    ("Flutter: first frame", None, "flutter: first frame"),
    ("last start's home screen drawn", None, "first screen: shown"),
    ("Python drew it too: taps answered", None, "first screen: agreed"),
    ("both ready", None, "python: connected"),
    ("Python makes the first screen", "python: connected", "python: first screen made"),
    ("Flutter draws it, usable", "python: first screen made", "home"),
    ("first page drawn and usable", "python: connected", "home"),
    ("everything kept offline", None, "page: kept offline"),
)
"""Where the time goes: (label, from mark or navigation, to mark), marks from the page's
`window.__companionMarks` (sites built before the marks show only "home")."""


# --- one visit -----------------------------------------------------------------------


def marks(page: Any) -> dict[str, float]:
    return {str(name): float(at)
            for name, at in page.evaluate("window.__companionMarks || []")}


SETTLED_JS = """() => {
    const names = (window.__companionMarks || []).map(m => m[0]);
    return names.includes("python: connected") && (!window.__companionFirstScreen
        || names.includes("first screen: none") || names.includes("first screen: agreed"));
}"""
"""Python is connected and has drawn the screen shown: a tap is answered from then on."""


def home(page: Any) -> dict[str, float]:
    """Wait for the home screen; the page's marks with "home" (ms since navigation) and
    "answers" (from when a tap on it is answered: a home screen kept from the last start
    is drawn before Python is ready, and a tap on it waits for Python, see python.js)."""
    from playwright.sync_api import Error as PageError
    from playwright.sync_api import TimeoutError as Slow

    origin = float(page.evaluate("performance.timeOrigin"))
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    placeholder = page.locator("flt-semantics-placeholder")
    button = page.get_by_role("button", name=BUTTON, exact=True)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=TIMEOUT_MS)
    while True:
        try:
            if placeholder.count():  # again after a load of its own (below)
                placeholder.dispatch_event("click")
            button.wait_for(state="visible", timeout=RELOOK_MS)
            break
        except (Slow, PageError):
            if time.monotonic() > deadline:
                raise
    at = float(page.evaluate("performance.now()"))
    if page.evaluate("typeof window.__companionMarks !== 'undefined'"):
        page.wait_for_function(SETTLED_JS, timeout=TIMEOUT_MS)
    found = marks(page)
    # The page loaded again by itself (a kept home screen that was not Python's): the
    # time counts from the first load.
    since = float(page.evaluate("performance.timeOrigin")) - origin
    found = {name: value + since for name, value in found.items()}
    found["home"] = at + since
    found["answers"] = max(found["home"], found.get("first screen: agreed", 0.0))
    found["loaded again"] = 1.0 if since > 0 else 0.0
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
    steady: dict[str, float]
    later_wire: float
    sent: Counter[str]
    requests: Counter[str]
    encodings: dict[str, str]
    notes: list[str]


WATCHED = ("wasm", "streaming", "compile", "mime", "first screen")
"""Console messages worth a line in the report: the sign that WebAssembly was not
compiled from the response's stream (Pyodide then instantiates from an ArrayBuffer,
which Chromium's code cache does not serve), and a kept home screen that was not
Python's (the page then loads again)."""


def one_run(browser: Any, url: str, throttled: bool, traffic: Traffic, visits: int) -> Run:
    """A first visit in a fresh context, then reloads once it is complete: the 2nd visit
    (little compiled code cached yet) and the `visits`-th (each reload waits for the
    home screen; by the 5th Chromium's code cache beside the offline copy is warm)."""
    from conftest import PHONE

    context = browser.new_context(viewport=PHONE)
    notes: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("console", lambda message: notes.append(message.text)
                if any(word in message.text.lower() for word in WATCHED) else None)
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
        later: dict[str, float] = {}
        steady: dict[str, float] = {}
        for visit in range(2, max(visits, 2) + 1):
            # Kept across a reload (see the module's doc); set again, which costs nothing.
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.reload()
            steady = home(page)
            if visit == 2:
                later, later_wire = steady, traffic.total() / MB
    finally:
        context.close()
    details = {str(key): float(value) / MB
               for key, value in (estimate.get("usageDetails") or {}).items()}
    return Run(sum(sent.values()) / MB, float(estimate["usage"]) / MB, details, kept_note,
               first, later, steady, later_wire, sent, requests, encodings,
               sorted(set(notes)))


def describe(condition: str, number: int, run: Run, visits: int) -> str:
    details = ", ".join(f"{key} {value:.1f}" for key, value in sorted(run.details.items()))
    notes = "".join(f"\n    console: {note[:160]}" for note in run.notes)
    return (f"  {condition} run {number}: wire {run.wire:.1f} MB in "
            f"{sum(run.requests.values())} requests, kept {run.kept:.1f} MB"
            f"{f' ({details})' if details else ''}, first visit {run.first['home'] / 1000:.2f}"
            f" s, 2nd visit {run.later['home'] / 1000:.2f} s ({run.later_wire:.2f} MB on"
            f" the wire), visit {visits} {run.steady['home'] / 1000:.2f} s; complete: "
            f"{run.kept_note}{notes}")


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


def report(size: SiteSize, results: dict[str, list[Run]], visits: int) -> bool:
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
        ("2nd visit (service worker, code cache cold)", "s",
         lambda r: r.later["home"] / 1000, lambda c: TIME_TARGETS_S[(c, "later")],
         " / ".join(f"≤ {TIME_TARGETS_S[(c, 'later')]:g} s" for c in shown)),
        (f"visit {visits}: steady state (code cache warm)", "s",
         lambda r: r.steady["home"] / 1000, lambda c: TIME_TARGETS_S[(c, "later")],
         " / ".join(f"≤ {TIME_TARGETS_S[(c, 'later')]:g} s" for c in shown)),
        (f"… visit {visits}: a tap on it answered from", "s",
         lambda r: r.steady["answers"] / 1000, lambda c: float("inf"), "—"),
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


def time_spent(condition: str, runs: list[Run], visits: int) -> None:
    names = {"first": "first visit", "later": "2nd visit", "steady": f"visit {visits}"}
    for visit, name in names.items():
        print(f"\nwhere the time goes, {LABELS[condition]}, {name} "
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
    parser.add_argument("--visits", type=int, default=VISITS,
                        help=f"visits per run, the last one the steady state (default {VISITS})")
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
                            run = one_run(browser, url, throttled, traffic, args.visits)
                            print(describe(condition, number, run, args.visits),
                                  flush=True)
                            results.setdefault(condition, []).append(run)
            finally:
                browser.close()
    ok = report(size, results, args.visits)
    for condition, done in results.items():
        time_spent(condition, done, args.visits)
        if args.files:
            files(condition, done[0])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
