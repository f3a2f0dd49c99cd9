"""A cold load on a phone's Wi-Fi: our home screen against a bare Flet page, same run.

Chromium loads each page with a cold cache (a fresh browser context each time) under a
phone's Wi-Fi: 30 ms latency, 2.5 MB/s down, 1 MB/s up, made by a pacing TCP proxy of this
script in front of each server (one link shared by every connection, the WebSocket
included), and the CPU slowed 4 times (CDP `Emulation.setCPUThrottlingRate`). No other
protocol call: the network emulation and accepted encodings of Chromium's protocol have
changed between versions (`Network.setAcceptedEncodings` is gone from Chromium 156).
The time runs from the navigation to the first interactive frame: the accessibility
placeholder is in the page, a click turns on the accessibility tree, and a known button
is there ("Quick score" on our home, "Tap me" on the bare page).

Four servers, each started once, each loaded once before timing (Flet's first page
pays its deferred imports):

- ours: the app as a player starts it (its own data folder, its door and key), with the
  client files served compressed (`companion.web.client_files`), timed twice: as
  Chromium opens it here (localhost: it accepts Brotli) and from a second server whose
  requests lose `br` from their Accept-Encoding before the app sees them, as a phone
  opening http://192.168.x.y asks (browsers ask for Brotli only from HTTPS or
  localhost), which is the figure the target is checked on;
- ours, uncompressed: the same without that middleware (the app before it);
- bare: a one-button Flet page served the default way
  (`ft.run(..., view=ft.AppView.WEB_BROWSER, no_cdn=True)`).

Target: ours (gzip) at most 0.6 times the bare page's median (it was 1.08 times, about 10 s,
before the client files were compressed).

Run from the repository root: `python bench/bench_load.py [--runs N] [--quick] [--files]`
(`--files` lists every file our page asked for, with its size on the wire).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

TARGET = 0.6
LATENCY_MS = 30
DOWN = 2_500_000
UP = 1_000_000
CPU_SLOWDOWN = 4
TIMEOUT_MS = 120_000
BARE_BUTTON = "Tap me"
OUR_BUTTON = "Quick score"


# --- the servers (run in subprocesses by this same script) ---------------------------


def without_brotli(inner: Any) -> Any:
    """ASGI: the request's Accept-Encoding without `br`, as a phone on plain HTTP sends it."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") == "http":
            scope = {**scope, "headers": [
                (key, b", ".join(part.strip() for part in value.split(b",")
                                 if not part.strip().startswith(b"br")))
                if key.lower() == b"accept-encoding" else (key, value)
                for key, value in scope["headers"]]}
        await inner(scope, receive, send)

    return app


def serve_ours(port: int, data_dir: str, compressed: bool, gzip_only: bool = False) -> None:
    """What `python -m companion --no-browser --port P --data-dir D` does; uncompressed,
    without the client files' middleware that `build_app` puts inside the door (the app
    as it was before)."""
    from companion.shipped.paths import assets_dir
    from companion.ui.app import make_main
    from companion.usecases.services import open_services
    from companion.web.client_files import precompressed
    from companion.web.server import address, build_app, new_secret, serve

    os.environ["FLET_WEB_NO_CDN"] = "true"
    services = open_services(data_dir)
    secret = new_secret()
    app = build_app(make_main(services), host="127.0.0.1", port=port, secret=secret)
    flet_app = app.app.app  # type: ignore[attr-defined]  # door → client files → Flet
    # Built now, not in the background: the cache is already made by the bench.
    served = (precompressed(flet_app, assets_dir=assets_dir(), background=False)
              if compressed else flet_app)
    app.app = without_brotli(served) if gzip_only else served  # type: ignore[attr-defined]
    url = address("127.0.0.1", port, secret)
    try:
        serve(app, host="127.0.0.1", port=port,
              on_listening=lambda: print(f"running at {url}", flush=True))
    finally:
        services.close()


def serve_bare(port: int) -> None:
    """A bare Flet page, served as Flet serves any app by default."""
    import webbrowser

    import flet as ft

    webbrowser.open = lambda *args, **kwargs: True  # type: ignore[assignment]

    def main(page: ft.Page) -> None:
        page.add(ft.Text("Hello"), ft.Button(BARE_BUTTON))

    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port, no_cdn=True)


# --- the phone's Wi-Fi: a pacing TCP proxy -------------------------------------------


class Link:
    """One direction of one Wi-Fi link, shared by every connection: each chunk leaves
    `LATENCY_MS / 2` after it came in, and no faster than `rate` bytes a second in all."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.free_at = 0.0

    def departure(self, size: int) -> float:
        now = time.monotonic()
        self.free_at = max(self.free_at, now + LATENCY_MS / 2000) + size / self.rate
        return self.free_at


async def _pipe(reader: Any, writer: Any, link: Link) -> None:
    import asyncio

    try:
        while chunk := await reader.read(16_384):
            wait = link.departure(len(chunk)) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


@contextmanager
def wifi(*urls: str) -> Iterator[list[str]]:
    """The same addresses behind a proxy each, all on one link (down and up)."""
    import asyncio
    import threading
    from urllib.parse import urlsplit, urlunsplit

    down, up = Link(DOWN), Link(UP)
    loop = asyncio.new_event_loop()
    proxied: list[str] = []

    async def start(target: int) -> int:
        async def handle(client_reader: Any, client_writer: Any) -> None:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
            await asyncio.gather(_pipe(client_reader, server_writer, up),
                                 _pipe(server_reader, client_writer, down))

        listening = await asyncio.start_server(handle, "127.0.0.1", 0)
        return int(listening.sockets[0].getsockname()[1])

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        for url in urls:
            parts = urlsplit(url)
            port = asyncio.run_coroutine_threadsafe(start(parts.port or 80), loop).result()
            proxied.append(urlunsplit(parts._replace(netloc=f"127.0.0.1:{port}")))
        yield proxied
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)


# --- the bench -----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def server(args: list[str], port: int, printed: bool) -> Iterator[str]:
    """Start `bench_load.py --serve ...` and yield the address to open."""
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve", *args, "--port", str(port)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        if printed:
            assert process.stdout is not None
            for line in process.stdout:
                found = re.search(r"http://\S+", line.decode(errors="replace"))
                if found:
                    yield found.group(0)
                    break
            else:
                raise RuntimeError("the app ended without printing its address")
        else:
            url = f"http://127.0.0.1:{port}/"
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(url, timeout=2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError("the bare Flet page did not start") from None
                    time.sleep(0.2)
            yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


@dataclass
class Load:
    seconds: float
    wire_bytes: int
    files: list[tuple[str, int, str]] = field(default_factory=list)
    """(path, bytes on the wire, content-encoding) of each response."""


def load_once(browser: Any, url: str, button: str) -> Load:
    """One cold load with the phone's CPU (the link is the proxy's, see `Link`)."""
    from conftest import PHONE

    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        responses: dict[str, tuple[str, str]] = {}
        sizes: dict[str, int] = {}

        def responded(event: dict[str, Any]) -> None:
            response = event["response"]
            headers = {key.lower(): value for key, value in response["headers"].items()}
            responses[event["requestId"]] = (response["url"],
                                             headers.get("content-encoding", ""))

        def finished(event: dict[str, Any]) -> None:
            sizes[event["requestId"]] = int(event["encodedDataLength"])

        cdp.on("Network.responseReceived", responded)
        cdp.on("Network.loadingFinished", finished)
        started = time.monotonic()
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached")
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_role("button", name=button, exact=True).wait_for(state="visible")
        seconds = time.monotonic() - started
        files = [(re.sub(r"^https?://[^/]+", "", responses[key][0]).split("?")[0], size,
                  responses[key][1]) for key, size in sizes.items() if key in responses]
        return Load(seconds, sum(sizes.values()), files)
    finally:
        context.close()


def ensure_cache() -> None:
    """Make the compressed copies now (once per flet-web version), as the app's first
    start would in the background, and say what it cost."""
    from companion.shipped.paths import assets_dir
    from companion.web.client_cache import ClientFiles

    files = ClientFiles(shadowed_by=[assets_dir()])
    started = time.perf_counter()
    files.build()
    took = time.perf_counter() - started
    spent = ", ".join(f"{coding} {seconds:.1f} s" for coding, seconds in files.seconds.items())
    print(f"Compressed copies of the client files ({files.cache_dir}):")
    print(f"  {len(files.table)} files, {files.compressed} compressed now, {took:.1f} s "
          f"({spent})")


def summary(label: str, loads: list[Load]) -> float:
    times = [load.seconds for load in loads]
    median = statistics.median(times)
    wire = statistics.median(load.wire_bytes for load in loads)
    print(f"  {label:<22} min {min(times):6.2f} s   median {median:6.2f} s   "
          f"{wire / 1e6:5.2f} MB on the wire")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed loads of each (default 3)")
    parser.add_argument("--quick", action="store_true", help="one timed load of each")
    parser.add_argument("--files", action="store_true",
                        help="list the files our page asked for")
    parser.add_argument("--serve", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        kind, *rest = args.serve
        if kind == "bare":
            serve_bare(args.port)
        else:
            serve_ours(args.port, rest[0], compressed=kind != "plain",
                       gzip_only=kind == "gzip")
        return
    runs = 1 if args.quick else args.runs
    try:
        from conftest import CHROMIUM, CHROMIUM_ARGS
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        print(f"skipped ({exc}); install playwright and chromium")
        return
    ensure_cache()
    loads: dict[str, list[Load]] = {"ours": [], "gzip": [], "plain": [], "bare": []}
    with tempfile.TemporaryDirectory() as ours_data, \
            tempfile.TemporaryDirectory() as gzip_data, \
            tempfile.TemporaryDirectory() as plain_data, \
            server(["ours", ours_data], free_port(), printed=True) as ours, \
            server(["gzip", gzip_data], free_port(), printed=True) as gzip_only, \
            server(["plain", plain_data], free_port(), printed=True) as plain, \
            server(["bare"], free_port(), printed=False) as bare, \
            wifi(ours, gzip_only, plain, bare) as (ours, gzip_only, plain, bare), \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        targets: dict[str, tuple[str, str]] = {
            "ours": (ours, OUR_BUTTON), "gzip": (gzip_only, OUR_BUTTON),
            "plain": (plain, OUR_BUTTON), "bare": (bare, BARE_BUTTON)}
        for url, button in targets.values():
            load_once(browser, url, button)  # warm the server, not timed
        for _ in range(runs):
            for name, (url, button) in targets.items():
                loads[name].append(load_once(browser, url, button))
        browser.close()
    print(f"Cold load to the first interactive frame, Chromium, {LATENCY_MS} ms latency, "
          f"{DOWN / 1e6:.1f} MB/s down, {UP / 1e6:.1f} MB/s up, CPU {CPU_SLOWDOWN}x slower "
          f"(n={runs}):")
    ours_median = summary("ours (Brotli)", loads["ours"])
    gzip_median = summary("ours (gzip)", loads["gzip"])
    plain_median = summary("ours (uncompressed)", loads["plain"])
    bare_median = summary("bare Flet page", loads["bare"])
    # Judged on gzip: what a phone on the local network gets over plain HTTP.
    ratio = gzip_median / bare_median
    print(f"  ours / bare: {ratio:.2f} with gzip (a phone over plain HTTP), "
          f"{ours_median / bare_median:.2f} with Brotli (HTTPS or localhost), "
          f"{plain_median / bare_median:.2f} uncompressed")
    print(f"  target <= {TARGET} with gzip: {'PASS' if ratio <= TARGET else 'MISS'}")
    if args.files:
        print("Files our page asked for (bytes on the wire, encoding):")
        for path, size, coding in sorted(loads["ours"][-1].files, key=lambda row: -row[1]):
            print(f"  {size:>10,}  {coding or '-':<5} {path}")


if __name__ == "__main__":
    main()
