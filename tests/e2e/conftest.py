"""End-to-end fixtures: the real app server as a subprocess and Debian's Chromium.

The app is started exactly as a player starts it (`python -m companion --no-browser`),
each test on its own port and data folder. Playwright drives the system Chromium
(`/usr/bin/chromium`; Playwright's own browser download is never used). Flutter draws
on a canvas, so the tests turn on its accessibility tree and find controls by their
accessible names, like a screen reader would.

Without Chromium or Playwright these tests are skipped, except when the CI
environment variable is set: there they must run, so they fail instead.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAILURES = ROOT / "test-artifacts" / "failures"
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
START_TIMEOUT = 30.0


def _missing() -> str | None:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    return None


@pytest.fixture(autouse=True)
def _browser_available() -> None:
    """Skip without a browser on a developer machine; fail in CI, where it must exist."""
    problem = _missing()
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(problem)
    pytest.skip(problem)


def first_address(output: str) -> str | None:
    """The first `http://` address of the app's output (the one with the key)."""
    found = re.search(r"http://[^\s]+", output)
    return found.group(0) if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class AppServer:
    """`python -m companion --no-browser` on a port of its own, in its own process group.

    The app opens only with the key it prints at start (the first `http://` address of
    its output): `url` is that address, `address(path)` the same for a deeper screen,
    and `root` what the browser's address bar shows once the app has let it in."""

    def __init__(self, data_dir: Path, log: Path, env: dict[str, str] | None = None,
                 args: list[str] | None = None) -> None:
        self.data_dir = data_dir
        self.log_path = log
        self.env = env or {}
        self.args = list(args or [])
        """More options for the command (`["--share", "--host", "127.0.0.1"]`)."""
        self.port = 0
        self.secret = ""
        self.process: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def url(self) -> str:
        return self.address()

    def address(self, path: str = "") -> str:
        """The address that opens the app at `path` (`"new/table"`), key included."""
        return f"{self.root}{path.lstrip('/')}?token={self.secret}"

    def start(self) -> AppServer:
        self.port = free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        env.pop("FLET_SERVER_IP", None)
        env.pop("FLET_SERVER_PORT", None)
        self.started_at = time.monotonic()
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion", "--no-browser", "--port", str(self.port),
                 "--data-dir", str(self.data_dir), *self.args],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited early:\n{self.log()}")
            printed = first_address(self.log_path.read_bytes()[offset:].decode(errors="replace"))
            if printed is not None:
                parts = urlsplit(printed)
                assert parts.port == self.port, printed
                self.secret = parse_qs(parts.query)["token"][0]
                return self
            time.sleep(0.05)
        raise RuntimeError(f"the app did not listen within {START_TIMEOUT} s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def open_connections(self) -> int:
        """Connections to the app its server has not closed yet: ESTABLISHED or
        CLOSE_WAIT (the browser has closed its end) on its port, read from Linux's
        /proc/net (0 where there is none)."""
        count = 0
        for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
            try:
                rows = table.read_text().splitlines()[1:]
            except OSError:
                continue
            for row in rows:
                local, state = row.split()[1], row.split()[3]
                if int(local.rsplit(":", 1)[1], 16) == self.port and state in ("01", "08"):
                    count += 1
        return count

    def kill(self) -> None:
        """Kill -9 the whole process group: no chance to save anything on the way out."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def origin(url: str) -> str:
    """`scheme://host:port` of an address."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


LOCAL_SCHEMES = ("data:", "blob:")
"""Addresses that never leave the browser."""


class Traffic:
    """Every request of a browser context: its pages, their web workers and its service
    workers (Playwright reports them all on the context), and the WebSockets its pages
    open. `elsewhere()` lists what went to another host than `home` (an origin),
    `missing()` what `home` answered with a 404 or what failed to load from it, and
    `errors` the uncaught errors of its pages."""

    def __init__(self, context: Any, home: str) -> None:
        self.home = origin(home)
        self.requests: list[str] = []
        self.sockets: list[str] = []
        self.failed: list[str] = []
        self.not_found: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("requestfailed", lambda request: self.failed.append(
            f"{request.url} ({request.failure})"))
        context.on("response", lambda answer: self.not_found.append(answer.url)
                   if answer.status == 404 else None)
        context.on("weberror", lambda error: self.errors.append(str(error.error)))
        context.on("page", self._watch)
        for tab in context.pages:
            self._watch(tab)

    def _watch(self, tab: Any) -> None:
        tab.on("websocket", lambda socket: self.sockets.append(socket.url))

    def _ours(self, url: str) -> bool:
        home = urlsplit(self.home)
        parts = urlsplit(url)
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        return (scheme, parts.netloc) == (home.scheme, home.netloc)

    def elsewhere(self) -> list[str]:
        """Requests and WebSockets to any other host (data: and blob: stay inside)."""
        return [url for url in [*self.requests, *self.sockets]
                if not url.startswith(LOCAL_SCHEMES) and not self._ours(url)]

    def missing(self) -> list[str]:
        """Requests to the app's own host answered 404, or that failed outright (a
        request aborted by a reload is not one: Chromium says `net::ERR_ABORTED`)."""
        return [*[url for url in self.not_found if self._ours(url)],
                *[failure for failure in self.failed
                  if self._ours(failure.split(" ")[0]) and "ERR_ABORTED" not in failure]]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def app_server(data_dir: Path, tmp_path: Path) -> Iterator[Callable[..., AppServer]]:
    """Start servers on demand (a test may kill one and start another on the same data);
    `env` adds environment variables for that server, `args` options to its command,
    `folder` another data folder than `data_dir` (a second app, as another device's)."""
    started: list[AppServer] = []

    def start(env: dict[str, str] | None = None, args: list[str] | None = None,
              folder: Path | None = None) -> AppServer:
        log = tmp_path / ("server.log" if folder is None else f"server-{folder.name}.log")
        server = AppServer(folder or data_dir, log, env, args).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test file. Playwright's sync API keeps an event loop running on
    this thread while it is open, so it must be closed before other tests (the
    in-process view tests run their own loop) start."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    tab = context.new_page()
    tab.set_default_timeout(60_000)  # a wait for a state ends when it comes: a busy
    # machine is slow, and the limit is only ever spent when something is wrong
    yield tab
    if request.node.stash.get(FAILED, False):
        FAILURES.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(FAILURES / f"{request.node.name}.png"))
    context.close()


PHONE_TIMEOUT_MS = 20_000
"""The default wait of a phone at a table (`phones`)."""


@pytest.fixture
def phones(app_server: Callable[..., AppServer], browser: Any) -> Iterator[Callable[[], Any]]:
    """Phones at a table, on demand: `phones()` is an `AppPage` in a browser context of
    its own (its own cookie, its own session). Each is closed when the test ends, before
    the app's server stops (this fixture depends on `app_server`, so it is torn down
    first): a phone left open held the server's stop for its grace time, then kept
    asking the stopped server again while the file's next tests ran."""
    from app_page import AppPage

    contexts: list[Any] = []

    def phone() -> Any:
        context = browser.new_context(viewport=PHONE, color_scheme="light")
        contexts.append(context)
        tab = context.new_page()
        tab.set_default_timeout(PHONE_TIMEOUT_MS)
        return AppPage(tab)

    yield phone
    for context in contexts:
        context.close()
