"""How fast the app answers: server time per tap, and time to the first usable screen.

1. Server-side time of one UI action: placing a cube during a production step with 10
   cards under construction, from the tap's event to the page diff being encoded for the
   client, including the save to a real store on disk. Measured in-process with the
   view-test harness (tests/ui/harness.py). Target: under 30 ms.
2. From starting `python -m companion --no-browser` to the first interactive frame in
   Chromium (the home screen's buttons are in the accessibility tree). Target: under 3 s.

Run from the repository root: `python bench/bench_ui.py [--runs N] [--no-browser]`.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

TEN_CARDS = ["Financial Center", "Industrial Complex", "Military Base", "Nuclear Plant",
             "Offshore Oil Rig", "Research Center", "Transportation Network",
             "Aircraft Carrier", "Giant Dam", "National Monument"]
"""Base-game cards with 3 or more Materials slots: one cube never completes them."""


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"median {statistics.median(values) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {max(values) * 1000:.1f} ms (n={len(values)})")


def bench_actions(runs: int) -> None:
    from harness import Ui

    from companion.rules.actions import Construct, NextStep, Start
    from companion.shipped.catalog import catalog
    from companion.ui.app import make_main
    from companion.usecases.services import Services
    from companion.usecases.session import GameSession
    from companion.usecases.store_backend import open_store_backend

    cards = catalog()
    with tempfile.TemporaryDirectory() as folder:
        backend = open_store_backend(folder)
        services = Services(cards, backend)
        # Federation of Asia A produces 1 Materials: one cube, one Place action per tap.
        session = GameSession.new(services, Start(empire="Federation of Asia", face="A"))
        for name in TEN_CARDS:
            session.play(Construct(cards.card(name).id))
        session.play(NextStep())
        assert len(session.state.under_construction) == 10, "need 10 cards under construction"
        ui = Ui(make_main(services))
        ui.click("Continue the game")
        place: list[float] = []
        undo: list[float] = []
        plan: list[float] = []

        def tap(name: str, into: list[float] | None = None) -> None:
            """Time only what the server does: the event, the handler, save, diff, encode."""
            control = ui.find(name)
            started = time.perf_counter()
            ui.run(ui.session.dispatch_event(control._i, "click", None))
            if into is not None:
                into.append(time.perf_counter() - started)

        for _ in range(runs):
            tap("Place the cubes", place)
            tap(next(n for n in ui.names() if n.startswith("Undo: Place")), undo)
            target = next(n for n in ui.names() if n.startswith("One cube fewer on")
                          and not ui.find(n).disabled)
            tap(target, plan)
            tap(target.replace("One cube fewer on", "One more cube on"))
        ui.close()
        backend.close()
    print("Server-side time per UI action, 10 cards under construction, real store on disk:")
    print(f"  place a cube (Place action, saved, page diff): {ms(place)}")
    print(f"  undo it (replay + save + diff):                {ms(undo)}")
    print(f"  adjust the plan with -/+ (no action):          {ms(plan)}")
    print("  target: under 30 ms per action")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def first_address(process: subprocess.Popen[bytes]) -> str:
    """The first http:// address the app prints: the one that opens it."""
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"http://\S+", line.decode(errors="replace"))
        if found:
            return found.group(0)
    raise RuntimeError("the app ended without printing its address")


def bench_first_frame(runs: int) -> None:
    try:
        from app_page import AppPage
        from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        print(f"First frame: skipped ({exc}); install playwright and chromium")
        return
    if not Path(CHROMIUM).exists():
        print(f"First frame: skipped (no Chromium at {CHROMIUM})")
        return
    listening: list[float] = []
    patches: list[float] = []
    frames: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                port = free_port()
                started = time.monotonic()
                process = subprocess.Popen(
                    [sys.executable, "-m", "companion", "--no-browser", "--port", str(port),
                     "--data-dir", folder],
                    cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
                try:
                    # The app prints its address, key included, once it listens.
                    address = first_address(process)
                    listening.append(time.monotonic() - started)
                    context = browser.new_context(viewport=PHONE)
                    page = context.new_page()
                    first: list[float] = []

                    def socket_opened(ws: object, first: list[float] = first) -> None:
                        ws.on("framereceived",  # type: ignore[attr-defined]
                              lambda _: first.append(time.monotonic()) if not first else None)

                    page.on("websocket", socket_opened)
                    AppPage(page).open(address)
                    frames.append(time.monotonic() - started)
                    if first:
                        patches.append(first[0] - started)
                    context.close()
                finally:
                    os.killpg(process.pid, signal.SIGTERM)
                    process.wait(timeout=10)
        browser.close()
    print("From `python -m companion --no-browser` to the first interactive frame (Chromium "
          "already running, fresh browser context each time):")
    print(f"  server listening:                      {ms(listening)}")
    if patches:
        print(f"  home screen received by the browser:   {ms(patches)}")
    print(f"  home screen in the accessibility tree: {ms(frames)}")
    print("  target: under 3 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="taps to time (default 50)")
    parser.add_argument("--starts", type=int, default=3, help="app starts to time (default 3)")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium part")
    args = parser.parse_args()
    bench_actions(args.runs)
    if not args.no_browser:
        bench_first_frame(args.starts)


if __name__ == "__main__":
    main()
