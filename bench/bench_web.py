"""The phone app (`companion build-web`): how long until the home screen can be used.

The site is built once into a temporary folder and served by `python -m http.server` on
127.0.0.1, as any static host would. Headless Chromium (this machine, no throttling)
loads it in a fresh browser context (nothing cached: the first visit), then reloads it
once the service worker has stored every file (every later visit, online or not). The
time runs from the navigation to the home screen's first interactive frame: the
accessibility placeholder is in the page, a click turns on the accessibility tree, and
the "Quick score" button is there (the moment is read in the page, in milliseconds since
its navigation started).

Where the time goes comes from the timestamps the page and its Python worker record
(`window.__companionMarks`, see `companion/webapp/site/python.js`): Pyodide's start,
unpacking app.zip, the imports, mounting the browser's storage, and Flutter's side
(first frame, connection). Python starts in its worker at the same time as Flutter
loads, so the two columns overlap.

Targets: first visit at most 12 s, a visit served by the service worker at most 6 s.

Run from the repository root: `python bench/bench_web.py [--runs N]`.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

FIRST_TARGET = 12.0
CACHED_TARGET = 6.0
TIMEOUT_MS = 120_000
BUTTON = "Quick score"
STEPS = (
    ("Pyodide started (in its worker)", "worker: started", "worker: pyodide ready"),
    ("app.zip unpacked", "worker: pyodide ready", "worker: app unpacked"),
    ("entry imported", "worker: app unpacked", "python: entry"),
    ("IndexedDB mounted and read", "python: entry", "python: storage loaded"),
    ("store opened, app imported", "python: storage loaded", "python: app imported"),
    ("Flet started", "python: app imported", "worker: python ready"),
    ("Flutter: first frame", None, "flutter: first frame"),
    ("Flutter: asks for Python", None, "flutter: connect"),
    ("both ready", None, "python: connected"),
    ("first page drawn and usable", "python: connected", "home"),
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def load(page: Any, url: str | None) -> dict[str, float]:
    """Navigate (or reload when `url` is None); the page's marks, "home" included (ms)."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=TIMEOUT_MS)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name=BUTTON, exact=True).wait_for(state="visible",
                                                                 timeout=TIMEOUT_MS)
    home = float(page.evaluate("performance.now()"))
    marks = {str(name): float(at) for name, at in page.evaluate("window.__companionMarks")}
    marks["home"] = home
    return marks


def report(title: str, runs: list[dict[str, float]], target: float) -> bool:
    homes = [run["home"] / 1000 for run in runs]
    median = statistics.median(homes)
    print(f"{title}: median {median:.2f} s (runs: {', '.join(f'{h:.2f}' for h in homes)})"
          f" target <= {target:.0f} s: {'PASS' if median <= target else 'MISS'}")
    for label, start, end in STEPS:
        spans = [run[end] - (run[start] if start else 0.0) for run in runs
                 if end in run and (start is None or start in run)]
        if spans:
            at = "" if start else " (since navigation)"
            print(f"    {label:<32} {statistics.median(spans) / 1000:6.2f} s{at}")
    return median <= target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
    from playwright.sync_api import sync_playwright

    from companion.webapp.build import build_site

    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        built = build_site(site)
        print(built.summary())
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
             "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            url = f"http://127.0.0.1:{port}/"
            first: list[dict[str, float]] = []
            cached: list[dict[str, float]] = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS)
                for _ in range(args.runs):
                    context = browser.new_context(viewport=PHONE)
                    page = context.new_page()
                    first.append(load(page, url))
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    page.wait_for_function(
                        "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
                    cached.append(load(page, None))
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    ok = report("First visit (static server)", first, FIRST_TARGET)
    ok = report("Later visit (service worker)", cached, CACHED_TARGET) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
