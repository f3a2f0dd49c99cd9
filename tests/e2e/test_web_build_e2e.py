"""The phone app (`companion.webapp`): built, served by a plain static server, played in
Chromium with Python running in the page; then played again with the server stopped.

Every request the page, its worker and its service worker make is recorded: one to any
host but the static server fails the test. The packages for the browser are fetched
with pip once per version set into the user cache folder (see `webapp.build`), so a
fresh CI machine builds the site from the package index like a player would.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from app_page import READ, AppPage
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Traffic, free_port
from test_game_e2e import draft
from test_own_host_e2e import walk

from companion.webapp.build import build_site

pytestmark = pytest.mark.browser
LOAD_TIMEOUT_MS = 120_000
"""Python starts in the page: slower than the served app, above all on a busy CI box
(a load past 60 s was seen with every core taken). Only a page that never loads waits
this long: each wait ends when its state is reached."""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """Built once a run, shared by pytest-xdist's workers (a build takes half a minute of
    both cores, and the tests only read it: a changed site is a copy, `next_build`)."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    shared = base if worker_id == "master" else base.parent
    dest, built = shared / "site", shared / "site.built"
    with FileLock(str(shared / "site.lock")):
        if not built.is_file():
            shutil.rmtree(dest, ignore_errors=True)
            build_site(dest)
            built.touch()
    return dest


class StaticServer:
    """`python -m http.server` on 127.0.0.1: what any static host does, nothing more. Its
    log says which files it sent whole (200) and which it only confirmed (304)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder.parent / f"{folder.name}-{self.port}.log"

    def not_found(self) -> list[str]:
        """The paths answered 404 so far."""
        return re.findall(r'"GET /([^ ?]*)[^"]*" 404 ', self.log.read_text(encoding="utf-8"))

    def sent(self) -> list[str]:
        """The paths sent whole so far, one entry a response."""
        found = re.findall(r'"GET /([^ ?]*)[^"]*" 200 ', self.log.read_text(encoding="utf-8"))
        return [path or "./" for path in found]

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> StaticServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=self.log.open("ab"))
        import socket

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the static server did not listen")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def server(site: Path) -> Iterator[StaticServer]:
    started = StaticServer(site).start()
    yield started
    started.stop()


def wait_saved(page: Any) -> None:
    """Until the browser's storage holds every change (each copy to IndexedDB is marked
    when it starts and when it ends, see `main_in_browser.IndexedDBSync`)."""
    page.wait_for_function("""() => {
        const marks = (window.__companionMarks || []).map(m => m[0]);
        const count = name => marks.filter(m => m === name).length;
        return count("storage: saving") > 0 && count("storage: saving") === count("storage: saved");
    }""")


def start_a_solo_game(app: AppPage) -> None:
    """A solo game with one card drafted, saved in the browser's storage."""
    app.start_solo()
    draft(app, "recycl", "Recycling Plant")
    app.wait_for_text("^Recycling Plant$")
    wait_saved(app.page)


def kept_offline(page: Any) -> dict[str, Any]:
    """What the service worker says it keeps, once it holds all of it (python.js)."""
    kept = page.evaluate("window.__companionOffline")
    assert kept and "error" not in kept, kept
    return dict(kept)


SETTLED_JS = """() => {
    const names = (window.__companionMarks || []).map(m => m[0]);
    return names.includes("python: connected") && (!window.__companionFirstScreen
        || names.includes("first screen: none") || names.includes("first screen: agreed"));
}"""
"""Python is connected and drew the screen shown, so the page will not load again (it
does when the home screen kept from the last start is not Python's, see python.js)."""


def open_app(app: AppPage, url: str | None, first: str) -> None:
    """Load the app (`None`: as it loads itself) until Python drew `first`, and turn on the
    accessibility tree."""
    if url is not None:
        app.page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    app.page.wait_for_function(SETTLED_JS, timeout=LOAD_TIMEOUT_MS)
    show_first(app, first)


def show_first(app: AppPage, first: str) -> None:
    app.page.wait_for_selector("flt-semantics-placeholder", state="attached",
                               timeout=LOAD_TIMEOUT_MS)
    app.page.locator("flt-semantics-placeholder").dispatch_event("click")
    app.button(first).wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def test_the_site_plays_offline_and_never_asks_another_host(
        server: StaticServer, page: Any, tmp_path: Path) -> None:
    traffic = Traffic(page.context, server.root)
    app = AppPage(page)

    open_app(app, server.root, "Quick score")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    start_a_solo_game(app)

    # A reload starts Python again: the game comes back from IndexedDB.
    open_app(app, server.root, "Continue the game")
    games = page.locator('[flt-semantics-identifier^="ongoing-"]')
    assert "Round 1" in games.first.evaluate(READ)
    # Never exported, a game to lose: the home screen asks for an export.
    app.button("Export now").wait_for()
    app.click("Later")

    # The server is gone: the service worker serves the whole site, Python still plays.
    server.stop()
    open_app(app, server.root, "Continue the game")
    app.click("Later")
    app.click("Continue the game")
    app.wait_for_text("^Recycling Plant$")
    app.click("Start production")
    app.click("Place the cubes")
    page.get_by_role("button", name=re.compile("^Undo: Place ")).first.wait_for()
    wait_saved(page)

    # Export, then import what was exported, from the settings screen, still offline.
    app.page.goto(server.root + "#/settings", timeout=LOAD_TIMEOUT_MS)
    app.button("Export all my data").wait_for(timeout=LOAD_TIMEOUT_MS)
    with page.expect_download() as download:
        app.click("Export all my data")
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "wonderful-companion"
    assert len(data["games"]) == 1
    with page.expect_file_chooser() as chooser:
        app.click("Import an exported file")
    chooser.value.set_files(str(exported))
    app.wait_for_text("It holds: 1 game,")
    app.settle()
    app.click("Add to my data")
    page.locator('[aria-label^="Imported: "]').first.wait_for()

    assert traffic.elsewhere() == []


def test_the_site_s_icon_font_keeps_only_what_the_app_can_show(site: Path) -> None:
    from companion.webapp.build import flet_web_dir
    from companion.webapp.glyphs import FONT

    whole = (flet_web_dir() / FONT).stat().st_size
    assert (site / FONT).stat().st_size < whole / 3


def test_a_session_asks_only_the_sites_own_host(server: StaticServer, page: Any) -> None:
    """The walk of `test_own_host_e2e` in the phone app: nothing asked of another host,
    no 404 from the site (the service worker's requests included: the server's log
    holds those too), online then served by the service worker."""
    traffic = Traffic(page.context, server.root)
    app = AppPage(page)
    open_app(app, server.root, "Quick score")
    kept_offline(page)  # the service worker holds the site: the next loads come from it
    walk(app, share=False)
    open_app(app, server.root, "Continue the game")
    app.click("Later")

    assert traffic.requests and traffic.elsewhere() == []
    assert traffic.missing() == []
    assert server.not_found() == []
    assert traffic.errors == []


FLUTTER_BUILDS = ("main.dart.wasm", "main.dart.js")
RENDERERS = ("canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.wasm",
             "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm")


def test_a_phone_fetches_once_and_keeps_only_what_its_browser_runs(
        server: StaticServer, page: Any) -> None:
    app = AppPage(page)
    open_app(app, server.root, "Quick score")
    kept = kept_offline(page)
    files = set(kept["files"])
    assert len(files & set(FLUTTER_BUILDS)) == 1, files
    assert len(files & set(RENDERERS)) == 1, files
    assert not files & {"assets/NOTICES", "main.dart.js"}  # Chromium runs the wasm build
    assert {"./", "app.zip", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"} <= files
    # Nothing the first view loaded was downloaded again for the offline copy.
    sent = server.sent()
    twice = {path for path in sent if sent.count(path) > 1}
    assert twice == set(), twice
    assert not set(sent) & (set(FLUTTER_BUILDS + RENDERERS) - files)
    # Only one cache, and nothing else stored beside it.
    assert page.evaluate("caches.keys()") == [kept["cache"]]

    server.stop()
    open_app(app, server.root, "Quick score")
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def next_build(site: Path, folder: Path) -> Path:
    """The same site with a changed page: what a new version of the app is to a phone."""
    from companion.webapp.build import BuildReport, finish_site

    shutil.copytree(site, folder)
    index = folder / "index.html"
    index.write_text(index.read_text("utf-8").replace("</head>", "<!-- next -->\n</head>"),
                     encoding="utf-8")
    for copy in (folder / "index.html.br", folder / "index.html.gz"):
        copy.unlink(missing_ok=True)
    finish_site(folder, BuildReport(dest=folder))
    return folder


def test_an_update_keeps_the_game_and_works_offline(
        site: Path, page: Any, tmp_path: Path) -> None:
    first = StaticServer(site).start()
    app = AppPage(page)
    try:
        open_app(app, first.root, "Quick score")
        old = kept_offline(page)["cache"]
        start_a_solo_game(app)
    finally:
        first.stop()

    # The host now serves the next build: the phone finds it on its next load.
    second = StaticServer(next_build(site, tmp_path / "next"), port=first.port).start()
    try:
        open_app(app, second.root, "Continue the game")
        page.wait_for_function(
            "async (old) => { const names = await caches.keys();"
            " return names.length === 1 && names[0] !== old; }", arg=old, timeout=60_000)
        new = page.evaluate("caches.keys()")[0]
        # Unchanged files came from the old cache: only the changed page was sent.
        assert set(second.sent()) <= {"./", "sw.js"}, second.sent()
        files = page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).map(r => r.url)", new)
        names = {url.removeprefix(second.root) for url in files}
        assert len(names & set(FLUTTER_BUILDS)) == 1 and len(names & set(RENDERERS)) == 1
    finally:
        second.stop()

    # Offline, on the new build: the game is where it was.
    open_app(app, second.root, "Continue the game")
    app.click("Later")
    app.click("Continue the game")
    app.wait_for_text("^Recycling Plant$")


WASM_NOT_CACHED_AGAIN = ("--js-flags=--wasm-caching-threshold=2000000000"
                         " --wasm-caching-hard-threshold=2000000000")
"""V8 keeps a WebAssembly module's compiled code beside its Cache Storage entry, and
writes it again, larger, each time its optimising compiler has compiled more of the
module's functions. Measured on the home screen, without this: the site's three modules
(Pyodide, Flutter's build, its renderer) added 1.2-1.7 MB at each of visits 2 to 5, and
nothing from visit 6 on (5.3 MB in all, more after playing; visits about 1.5 s quicker:
3.6 s to the home screen instead of 5.0 s, on a busy 2-core machine). That is the
browser's, and follows how hot each function ran, not what the site keeps: this turns
off only that caching."""
SCRIPTS_COMPILED_CODE = 1_500_000
"""What Chromium may still add to `caches` after the first visit, in bytes: V8's compiled
code of each of the site's scripts, kept beside its Cache Storage entry once, after the
script ran from the offline copy. The browser chooses when: measured at visit 2 for the
worker's scripts, anywhere from visit 2 to 6 for the page's (Chromium makes it when the
page is idle, and a reload may come first). Measured: 1.07 MB for all of them (1.4
MB of scripts); the app's own growth was 1 kB a visit and never stops."""
ESTIMATE_JS = """async () => {
    const found = await navigator.storage.estimate();
    return {usage: found.usage, ...(found.usageDetails || {})};
}"""
KEPT_JS = """async () => {
    const kept = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        kept[name] = [];
        for (const request of await cache.keys()) {
            const body = await (await cache.match(request)).arrayBuffer();
            kept[name].push([request.url, body.byteLength]);
        }
    }
    return {caches: kept, databases: (await indexedDB.databases()).map(db => db.name)};
}"""
"""What the site keeps, by name and size: each cache's entries, IndexedDB's databases."""
COPIES_ENDED_JS = """() => {
    const marks = (window.__companionMarks || []).map(m => m[0]);
    const count = name => marks.filter(m => m === name).length;
    return count("storage: saving") === count("storage: saved");
}"""
"""Every copy to IndexedDB the app started has ended (none at all counts)."""


def test_a_visit_that_downloads_nothing_keeps_nothing_more(
        browser: Any, server: StaticServer) -> None:
    """Five visits to the home screen, the last four downloading nothing: the browser's
    storage (`navigator.storage.estimate()` in bytes, with Chromium's `usageDetails`)
    keeps after each what it kept after the first, the offline copy (28.0 MB).

    Exactly, for IndexedDB (Python's files: the app's start only reads; it used to copy
    its data folder at every start, 1 kB more a visit), the service worker's
    registration, and the caches' entries with their sizes. `caches` as a whole may grow
    by the compiled code of the site's scripts only (`SCRIPTS_COMPILED_CODE`), which the
    browser keeps beside them at a visit of its choosing; the browser here does not cache
    WebAssembly's compiled code again and again (`WASM_NOT_CACHED_AGAIN`)."""
    own = browser.browser_type.launch(executable_path=CHROMIUM,
                                      args=[*CHROMIUM_ARGS, WASM_NOT_CACHED_AGAIN])
    try:
        page = own.new_context(viewport=PHONE, color_scheme="light").new_page()
        page.set_default_timeout(60_000)
        app = AppPage(page)
        estimates: list[dict[str, int]] = []
        kept: list[dict[str, Any]] = []
        sent = 0
        for visit in range(5):
            open_app(app, server.root, "Quick score")
            if visit == 0:
                kept_offline(page)
                sent = len(server.sent())
            page.wait_for_function(COPIES_ENDED_JS)
            estimates.append(page.evaluate(ESTIMATE_JS))
            kept.append(page.evaluate(KEPT_JS))
    finally:
        own.close()
    # Nothing downloaded: the browser only checks its service worker for an update.
    assert set(server.sent()[sent:]) <= {"sw.js"}, server.sent()[sent:]
    assert kept == [kept[0]] * 5
    first, *later = estimates
    for found in later:
        assert {**found, "usage": 0, "caches": 0} == {**first, "usage": 0, "caches": 0}, \
            estimates
        assert found["usage"] - first["usage"] <= SCRIPTS_COMPILED_CODE, estimates


KEPT_SCREEN_JS = "localStorage.getItem('wonderful-companion.first-screen') !== null"
KEPT_PARTS_JS = """n => (JSON.parse(localStorage.getItem('wonderful-companion.first-screen')
                                 || '{"screen": []}').screen.length >= n)"""
HOLD_PYTHON_JS = """(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
        set onmessage(handler) {
            super.onmessage = (event) => {
                if (event.data === "initialized" && !window.__pythonMayConnect) {
                    window.__heldConnect = () => handler(event);
                } else {
                    handler(event);
                }
            };
        }
    };
    window.__connectPython = () => {
        window.__pythonMayConnect = true;
        if (window.__heldConnect) window.__heldConnect();
    };
})();"""
"""Python's worker starts and gets ready, but the page is told only when the test says
(`__connectPython()`): until then the page must do without Python."""


def mark_names(page: Any) -> list[str]:
    return [str(name) for name, _at in page.evaluate("window.__companionMarks || []")]


@contextmanager
def kept_home_screen(browser: Any, server: StaticServer,
                     parts: int = 1) -> Iterator[tuple[AppPage, list[str]]]:
    """A phone of its own, the app opened once until its home screen is kept (at least
    `parts` messages of it); the console's lines as they come."""
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    try:
        page = context.new_page()
        warned: list[str] = []
        page.on("console", lambda message: warned.append(message.text))
        app = AppPage(page)
        open_app(app, server.root, "Quick score")
        page.wait_for_function(KEPT_PARTS_JS, arg=parts)
        yield app, warned
    finally:
        context.close()


def test_a_later_visit_draws_the_home_screen_before_python_and_keeps_a_tap_for_it(
        browser: Any, server: StaticServer) -> None:
    """The home screen of the last start is drawn while the page has no Python; a tap on
    it is answered once Python has drawn the same screen."""
    with kept_home_screen(browser, server) as (app, _warned):
        page = app.page
        page.context.add_init_script(HOLD_PYTHON_JS)
        page.goto(server.root)
        show_first(app, "Quick score")
        names = mark_names(page)
        assert "first screen: shown" in names and "python: connected" not in names, names
        app.button("Quick score").click()
        assert "#/quick" not in page.url  # the tap waits for Python
        page.evaluate("window.__connectPython()")
        app.wait_for_address("#/quick$")
        app.button("Face B").wait_for()
        names = mark_names(page)
        assert "first screen: agreed" in names and "first screen: differed" not in names


def test_a_home_screen_that_changed_since_the_last_start_is_drawn_by_python(
        browser: Any, server: StaticServer) -> None:
    """A game started since: the kept home screen (no game) is not Python's, so the page
    loads again without it and shows the game; the start after that keeps the new one."""
    with kept_home_screen(browser, server) as (app, warned):
        start_a_solo_game(app)
        open_app(app, server.root, "Continue the game")
        assert any("is not this one (Python drew another screen: part " in text
                   for text in warned), warned
        assert "first screen: shown" not in mark_names(app.page)  # loaded again, without
        app.page.wait_for_function(KEPT_SCREEN_JS)
        app.page.reload()
        open_app(app, None, "Continue the game")
        assert "first screen: agreed" in mark_names(app.page)


KEPT_WHOLE_JS = "() => window.__companionMarks.some(m => m[0] === 'first screen: kept')"


def keep(page: Any, kept: dict[str, Any]) -> None:
    """Keep `kept` for the next start, once this start's own screen is kept whole: a part
    of it drawn late (a busy machine) would otherwise be kept over `kept`."""
    page.wait_for_function(KEPT_WHOLE_JS, timeout=LOAD_TIMEOUT_MS)
    page.evaluate("text => localStorage.setItem('wonderful-companion.first-screen', text)",
                  json.dumps(kept))


def test_a_kept_home_screen_that_is_damaged_or_more_than_python_draws_gives_way(
        browser: Any, server: StaticServer) -> None:
    """Unreadable: the app starts as if none was kept. One message more than Python
    sends (a dialog closed since, say): Python goes quiet first, and the page loads
    again without it rather than hold taps for a screen that never comes."""
    with kept_home_screen(browser, server) as (app, warned):
        page = app.page
        kept = json.loads(page.evaluate(
            "localStorage.getItem('wonderful-companion.first-screen')"))
        page.evaluate("localStorage.setItem('wonderful-companion.first-screen', '{not json')")
        open_app(app, server.root, "Quick score")
        assert "first screen: shown" not in mark_names(page)

        keep(page, dict(kept, screen=[*kept["screen"], kept["screen"][-1]]))
        open_app(app, server.root, "Quick score")
        assert any("(Python drew less than the kept screen)" in text for text in warned), warned
        assert "first screen: shown" not in mark_names(page)


def kept_parts(page: Any) -> tuple[dict[str, Any], list[int]]:
    """The kept screen, and the control each of its parts changes (1: the page)."""
    import base64

    import msgpack

    kept = json.loads(page.evaluate(
        "localStorage.getItem('wonderful-companion.first-screen')"))
    parts = [msgpack.unpackb(base64.b64decode(part)[1:], strict_map_key=False)
             for part in kept["screen"]]
    return kept, [1 if action == 1 else int(body["id"]) for action, body in parts]


def swapped(kept: dict[str, Any], first: int, second: int) -> dict[str, Any]:
    screen = list(kept["screen"])
    screen[first], screen[second] = screen[second], screen[first]
    return dict(kept, screen=screen)


def test_a_kept_home_screen_in_another_order_agrees_unless_a_control_changes_out_of_turn(
        browser: Any, server: StaticServer) -> None:
    """Python's parts of the first screen may come in another order than at the last
    start (seen 1 start in 12 on a busy phone profile): a part that changes another
    control may come first; one that changes the same control may not."""
    with kept_home_screen(browser, server, parts=3) as (app, warned):
        page = app.page
        kept, controls = kept_parts(page)
        other = next(i for i, control in enumerate(controls) if control != 1)
        page_later = next(i for i in range(other + 1, len(controls)) if controls[i] == 1)
        keep(page, swapped(kept, other, page_later))
        open_app(app, server.root, "Quick score")
        assert "first screen: agreed" in mark_names(page), warned

        assert controls[1] == 1  # the home screen itself, then a change of it
        keep(page, swapped(kept, 1, page_later))
        open_app(app, server.root, "Quick score")
        assert any("(Python drew another screen: part 2 of " in text for text in warned)
        assert "first screen: shown" not in mark_names(page)
