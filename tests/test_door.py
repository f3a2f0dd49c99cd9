"""The app's door (companion/web/door.py, server.py): no key, no app; no other origin on /ws.

Most tests drive the real web app (Flet's FastAPI app behind the door, with a tiny page
of its own instead of the companion's screens) in process with Starlette's TestClient,
addressed as 127.0.0.1: the browser's view of a request is its headers, which these
tests write as a browser (or a hostile page) would. One test starts the real command and
opens the address it prints.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft
import httpx
import msgpack
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from companion.web.door import cookie_name
from companion.web.server import (
    IDLE_SESSION_SECONDS,
    address,
    best_language,
    build_app,
    display_host,
    phone_code,
    reachable_from_afar,
)

ROOT = Path(__file__).resolve().parent.parent
PORT = 8550
SECRET = "s3cret-Key_of-this-launch"
ORIGIN = f"http://127.0.0.1:{PORT}"
WS = f"ws://127.0.0.1:{PORT}/ws"
HOSTS_KEY = f"{cookie_name(PORT)}={SECRET}"
"""The launch's secret as a cookie: no browser is ever given it, and it opens nothing."""
GREETING = "Hello from behind the door"


def tiny_main(page: ft.Page) -> None:
    page.add(ft.Text(GREETING))


@pytest.fixture(scope="module")
def served() -> Iterator[TestClient]:
    app = build_app(tiny_main, host="127.0.0.1", port=PORT, secret=SECRET)
    with TestClient(app, base_url=ORIGIN, follow_redirects=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def cookie(served: TestClient) -> str:
    """The Cookie header of a browser let in with the launch's key."""
    served.cookies.clear()
    let_in = served.get(f"/?token={SECRET}")
    name, _, key = let_in.headers["set-cookie"].split(";")[0].partition("=")
    assert name == cookie_name(PORT) and key != SECRET
    return f"{name}={key}"


@pytest.fixture
def client(served: TestClient) -> TestClient:
    """A browser with no cookie yet: each test says which cookie it sends."""
    served.cookies.clear()
    return served


def register(ws: Any) -> str:
    """Do what Flet's client does first on a new socket; returns what the app sent back."""
    body = {"session_id": "", "page_name": "", "page": {"route": "/", "width": 390,
                                                        "height": 844}}
    ws.send_bytes(b"\x00" + msgpack.packb([1, body]))
    seen = ""
    while GREETING not in seen:
        seen += repr(msgpack.unpackb(ws.receive_bytes()[1:], strict_map_key=False))
    return seen


def refused(client: TestClient, headers: dict[str, str]) -> bool:
    """Whether the /ws handshake with these headers is closed before it is accepted."""
    try:
        with client.websocket_connect(WS, headers=headers) as ws:
            register(ws)
    except WebSocketDisconnect as closed:
        assert closed.code == 1008
        return True
    return False


# --- HTTP -----------------------------------------------------------------------------


def test_without_the_key_a_short_page_and_no_app(client: TestClient) -> None:
    for path in ("/", "/play/abc", "/flutter_bootstrap.js", "/manifest.json", "/main.dart.wasm"):
        answer = client.get(path)
        assert answer.status_code == 403, path
        assert answer.headers["content-type"].startswith("text/html")
        assert "Open the app with its own address" in answer.text
        assert "companion" in answer.text
        assert "flutter" not in answer.text.lower()
        assert "access-control-allow-origin" not in answer.headers
        assert "set-cookie" not in answer.headers


def test_the_short_page_speaks_the_browsers_language(client: TestClient) -> None:
    answer = client.get("/", headers={"Accept-Language": "de-CH, fr;q=0.9, en;q=0.8"})
    assert '<html lang="de">' in answer.text
    assert "Öffnen Sie die App mit ihrer eigenen Adresse" in answer.text
    answer = client.get("/", headers={"Accept-Language": "ja, es;q=0.5"})
    assert "Abra la aplicación con su propia dirección" in answer.text


def test_a_wrong_or_empty_key_is_refused(client: TestClient) -> None:
    for query in ("token=wrong", "token=", f"token={SECRET}x", f"token={SECRET[:-1]}"):
        answer = client.get(f"/?{query}")
        assert answer.status_code == 403, query
        assert "set-cookie" not in answer.headers
    assert client.get("/", headers={"Cookie": f"{cookie_name(PORT)}=wrong"}).status_code == 403
    # The launch's key itself is not a key any browser holds: as a cookie it opens nothing.
    assert client.get("/", headers={"Cookie": HOSTS_KEY}).status_code == 403
    # The key of another app (another port) opens nothing here.
    assert client.get("/", headers={"Cookie": f"{cookie_name(9999)}={SECRET}"}).status_code \
        == 403


def test_the_key_sets_a_cookie_and_leaves_the_address(client: TestClient) -> None:
    answer = client.get(f"/?token={SECRET}")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/"
    given = answer.headers["set-cookie"]
    assert given.startswith(f"{cookie_name(PORT)}=")
    assert not given.startswith(f"{HOSTS_KEY};")  # a key of its own, never the launch's
    assert "HttpOnly" in given
    assert "SameSite=Strict" in given
    assert "Path=/" in given
    assert "access-control-allow-origin" not in answer.headers

    deeper = client.get(f"/new/table?mode=solo&token={SECRET}")
    assert deeper.status_code == 303
    assert deeper.headers["location"] == "/new/table?mode=solo"


def test_with_the_cookie_the_app_is_served_without_cors(client: TestClient,
                                                        cookie: str) -> None:
    for path in ("/", "/play/abc", "/flutter_bootstrap.js", "/manifest.json"):
        answer = client.get(path, headers={"Cookie": cookie, "Origin": "http://evil.example"})
        assert answer.status_code == 200, path
        assert "access-control-allow-origin" not in answer.headers, path
    index = client.get("/", headers={"Cookie": cookie})
    assert "flutter_bootstrap.js" in index.text
    assert index.headers["cross-origin-opener-policy"] == "same-origin"
    # A browser following the redirect: the token in, the app out.
    with TestClient(client.app, base_url=ORIGIN) as browser:
        landed = browser.get(f"/?token={SECRET}")
        assert landed.status_code == 200
        assert str(landed.url) == f"{ORIGIN}/"
        assert "flutter_bootstrap.js" in landed.text


def test_an_address_too_long_for_a_file_name_gets_the_app_as_any_unknown_one(
        client: TestClient, cookie: str) -> None:
    """The app's page, whose screen says there is no such page; it was a bare JSON 404
    (the file system refuses a name over 255 bytes)."""
    unknown = client.get("/no-such-page", headers={"Cookie": cookie})
    assert unknown.status_code == 200 and "flutter_bootstrap.js" in unknown.text
    for path in ("/" + "x" * 256, "/" + "é" * 128, "/" + "x" * 5000 + "?over=%2F",
                 "/history/" + "g" * 300, "/" + "x" * 300 + "/play"):
        answer = client.get(path, headers={"Cookie": cookie})
        assert (answer.status_code, answer.text) == (200, unknown.text), path[:20]
    # A missing file of the client stays a 404, long name or not.
    for path in ("/nothing.js", "/" + "x" * 300 + ".js"):
        assert client.get(path, headers={"Cookie": cookie}).status_code == 404, path[:20]


def test_fastapis_api_explorer_is_not_served(client: TestClient, cookie: str) -> None:
    for path in ("/docs", "/redoc", "/openapi.json"):
        answer = client.get(path, headers={"Cookie": cookie})
        assert "swagger" not in answer.text.lower() and "openapi" not in answer.text, path


# --- the WebSocket ----------------------------------------------------------------------


def test_the_apps_own_origin_with_the_cookie_gets_the_app(client: TestClient,
                                                          cookie: str) -> None:
    with client.websocket_connect(WS, headers={"Origin": ORIGIN, "Cookie": cookie}) as ws:
        assert GREETING in register(ws)


def test_another_origin_is_refused_even_with_the_cookie(client: TestClient, cookie: str) -> None:
    # A page elsewhere, or on this computer at another port (same site: the browser
    # sends the cookie along), or served from a file.
    for origin in ("http://evil.example", "http://127.0.0.1:9999", "http://localhost:8550",
                   "https://127.0.0.1:8550", "null", ""):
        headers = {"Cookie": cookie} | ({"Origin": origin} if origin else {})
        assert refused(client, headers), origin


def test_the_apps_origin_without_the_cookie_is_refused(client: TestClient) -> None:
    assert refused(client, {"Origin": ORIGIN})
    assert refused(client, {"Origin": ORIGIN, "Cookie": f"{cookie_name(PORT)}=wrong"})


def test_a_rebound_name_is_refused_though_origin_and_host_agree(client: TestClient,
                                                                cookie: str) -> None:
    # DNS rebinding: evil.example made to resolve to 127.0.0.1 after its page loaded.
    rebound = {"Host": f"evil.example:{PORT}", "Origin": f"http://evil.example:{PORT}",
               "Cookie": cookie}
    assert refused(client, rebound)
    # The same request under the computer's own names is the app's.
    for host in (f"localhost:{PORT}", f"[::1]:{PORT}", f"192.168.1.20:{PORT}"):
        with client.websocket_connect(WS, headers={
                "Host": host, "Origin": f"http://{host}", "Cookie": cookie}) as ws:
            assert GREETING in register(ws)


def test_a_closed_tab_is_let_go_after_minutes(client: TestClient, cookie: str) -> None:
    """This tab's own session (the one that appeared when it connected), never another
    test's closed earlier in the same run, whose time to go may already be past."""
    from flet_web.fastapi import app_manager

    before = set(_sessions(app_manager))
    with client.websocket_connect(WS, headers={"Origin": ORIGIN, "Cookie": cookie}) as ws:
        register(ws)
        opened = set(_sessions(app_manager)) - before
    closed_at = datetime.now(UTC)
    assert len(opened) == 1, "connecting one tab opened one session"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        session = _sessions(app_manager).get(*opened)
        assert session is not None, "the closed tab's session was dropped at once"
        if session.expires_at is not None:
            break
        time.sleep(0.05)
    assert session.expires_at is not None, "the closed tab's session was never marked to expire"
    kept = (session.expires_at - closed_at).total_seconds()
    assert IDLE_SESSION_SECONDS - 30 < kept <= IDLE_SESSION_SECONDS
    assert IDLE_SESSION_SECONDS <= 10 * 60


def _sessions(manager: Any) -> dict[str, Any]:
    """Flet's sessions by key: it has no public list of them."""
    return dict(manager._FletAppManager__sessions)


class _Manager:
    """Flet's app manager as `let_go_on_time` sees it: sessions marked to expire when
    their tab closes, and let go (with the moment each was) only when told."""

    def __init__(self) -> None:
        self.sessions: dict[str, Any] = {}
        self.let_go: dict[str, datetime] = {}
        self.looked = 0

    async def get_session(self, session_id: str) -> Any:
        self.looked += 1
        return self.sessions.get(session_id)

    async def disconnect_session(self, session_id: str, session_timeout_seconds: float) -> None:
        self.sessions[session_id].connection = None
        self.sessions[session_id].expires_at = datetime.now(UTC) + timedelta(
            seconds=session_timeout_seconds)

    async def delete_session(self, session_id: str) -> None:
        self.let_go[session_id] = datetime.now(UTC)
        self.sessions.pop(session_id)

    def open(self, session_id: str) -> None:
        self.sessions[session_id] = SimpleNamespace(connection="socket", expires_at=None)


async def _until(done: Any, limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert done()


def test_a_closed_tabs_session_is_let_go_when_its_idle_time_is_up() -> None:
    from companion.web.server import let_go_on_time

    manager = _Manager()
    let_go_on_time(manager)
    let_go_on_time(manager)  # once per manager, however many apps are built

    async def scene() -> None:
        manager.open("tab")
        await manager.disconnect_session("tab", 0.2)
        expires_at = manager.sessions["tab"].expires_at
        await _until(lambda: "tab" in manager.let_go)
        assert expires_at <= manager.let_go["tab"] < expires_at + timedelta(seconds=2)

    asyncio.run(scene())


def test_a_tab_back_before_its_idle_time_keeps_its_session() -> None:
    from companion.web.server import let_go_on_time

    manager = _Manager()
    let_go_on_time(manager)

    async def scene() -> None:
        manager.open("tab")
        await manager.disconnect_session("tab", 0.05)
        manager.open("tab")  # the tab came back: connected, no longer expiring
        await _until(lambda: manager.looked == 1)  # the timer came and looked
        assert manager.let_go == {}
        await manager.disconnect_session("tab", 0.05)  # gone again: let go this time
        await _until(lambda: "tab" in manager.let_go)

    asyncio.run(scene())


# --- the address ------------------------------------------------------------------------


def test_the_address_opens_where_the_app_listens() -> None:
    assert address("127.0.0.1", 8550, "k") == "http://127.0.0.1:8550/?token=k"
    assert address("0.0.0.0", 8550, "k", "new/table") == "http://127.0.0.1:8550/new/table?token=k"
    assert address("192.168.1.20", 80, "k") == "http://192.168.1.20:80/?token=k"
    assert display_host("::") == "127.0.0.1"
    assert display_host("::1") == "[::1]"


def test_a_phone_gets_a_code_to_scan_only_when_it_can_reach_the_app() -> None:
    assert not reachable_from_afar("127.0.0.1")
    assert not reachable_from_afar("localhost")
    assert not reachable_from_afar("::1")
    assert not reachable_from_afar("0.0.0.0")  # the address shown is 127.0.0.1
    assert reachable_from_afar("192.168.1.20")
    assert reachable_from_afar("my-computer.local")
    drawn = phone_code("http://192.168.1.20:8550/?token=k").splitlines()
    assert len(drawn) > 10 and len({len(line) for line in drawn}) == 1  # a square of blocks
    assert drawn != phone_code("http://192.168.1.20:8550/?token=K").splitlines()


@pytest.mark.parametrize(("header", "language"), [
    ("", "en"),
    ("fr-FR,fr;q=0.9,en-US;q=0.8", "fr"),
    ("en-GB;q=0.3, pt-BR", "pt"),
    ("ja, zh;q=0.9", "en"),
    ("*", "en"),
    ("it;q=bad, de;q=0.1", "de"),
    ("es;q=0", "en"),
])
def test_best_language(header: str, language: str) -> None:
    assert best_language(header) == language


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_first_printed_address_opens_the_app_and_ctrl_c_stops_it(tmp_path: Path) -> None:
    """As a script would: read the first http:// address of the output, open it."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLET_")}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--no-browser", "--port", str(port),
         "--data-dir", str(tmp_path / "data")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True)
    try:
        assert process.stdout is not None
        output = ""
        found = None
        while found is None:
            line = process.stdout.readline().decode()
            assert line, f"the app ended without printing an address:\n{output}"
            output += line
            found = re.search(r"http://\S+", output)
        printed = found.group(0)
        parts = urlsplit(printed)
        assert parts.hostname == "127.0.0.1" and parts.port == port
        secret = parse_qs(parts.query)["token"][0]
        assert len(secret) >= 22

        with httpx.Client(follow_redirects=True) as browser:
            assert browser.get(f"http://127.0.0.1:{port}/").status_code == 403
            page = browser.get(printed)
            assert page.status_code == 200
            assert str(page.url) == f"http://127.0.0.1:{port}/"
            assert "flutter_bootstrap.js" in page.text
            assert "access-control-allow-origin" not in page.headers
            cookie = f"{cookie_name(port)}={browser.cookies[cookie_name(port)]}"
        assert asyncio.run(_home_screen(port, cookie))

        os.killpg(process.pid, signal.SIGINT)  # Ctrl+C
        assert process.wait(timeout=15) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def _home_screen(port: int, cookie: str) -> bool:
    """The real app over a real socket, as its own page would open it."""
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                                  additional_headers={"Cookie": cookie}) as ws:
        body = {"session_id": "", "page_name": "", "page": {"route": "/", "width": 390,
                                                            "height": 844}}
        await ws.send(b"\x00" + msgpack.packb([1, body]))
        seen = ""
        while "Quick score" not in seen:
            frame = await asyncio.wait_for(ws.recv(), 20)
            seen += repr(msgpack.unpackb(frame[1:], strict_map_key=False))
        return True


# --- a tab closing is not an error (closing.py) ------------------------------------------


class _Gone(OSError):
    """What the server raises for a send to a client that went away."""


def _socket(events: list[dict[str, Any]], *, gone_after: int = 0) -> tuple[Any, Any, list[str]]:
    """A server's side of one WebSocket: `receive` gives `events` then waits for ever,
    `send` fails once `gone_after` messages went out (0: never, -1: from the first)."""
    sent: list[str] = []
    queue = list(events)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        if gone_after and len(sent) >= gone_after:
            raise _Gone("client disconnected")
        sent.append(message["type"])

    return receive, send, sent


def _run(app: Any, receive: Any, send: Any, kind: str = "websocket") -> None:
    from companion.web.closing import QuietClose

    asyncio.run(asyncio.wait_for(QuietClose(app)({"type": kind}, receive, send), 10))


def test_a_send_to_a_closed_tab_is_dropped_not_raised() -> None:
    tried: list[str] = []

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        for number in range(3):
            tried.append(str(number))
            await send({"type": "websocket.send", "bytes": b"x"})
        await send({"type": "websocket.close"})
        assert (await receive())["type"] == "websocket.disconnect"

    receive, send, sent = _socket([{"type": "websocket.disconnect", "code": 1001}],
                                  gone_after=2)
    _run(flet, receive, send)
    assert tried == ["0", "1", "2"]
    assert sent == ["websocket.accept", "websocket.send"]  # nothing more went out


def test_other_failures_still_reach_the_terminal() -> None:
    async def accepting(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})

    receive, send, _ = _socket([], gone_after=-1)
    with pytest.raises(_Gone):
        _run(accepting, receive, send)

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("a real error")

    receive, send, _ = _socket([])
    with pytest.raises(RuntimeError, match="a real error"):
        _run(broken, receive, send)


def test_a_tab_gone_before_its_answer_does_not_keep_its_handler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Flet's handler waits for ever for a tab that left before registering: stopped."""
    from companion.web import closing

    monkeypatch.setattr(closing, "LINGER_SECONDS", 0.05)

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        await receive()
        await asyncio.Event().wait()

    receive, send, _ = _socket([{"type": "websocket.disconnect", "code": 1001}])
    _run(flet, receive, send)


def test_a_stopping_server_never_has_to_cancel_such_a_handler() -> None:
    from companion.web.closing import LINGER_SECONDS
    from companion.web.server import GRACE_SECONDS

    assert LINGER_SECONDS < GRACE_SECONDS


def test_an_answered_tab_ends_its_handler_in_its_own_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.web import closing

    monkeypatch.setattr(closing, "LINGER_SECONDS", 0.01)
    ended: list[bool] = []

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"hello"})
        await receive()
        await asyncio.sleep(0.1)  # letting go of the session
        ended.append(True)

    receive, send, _ = _socket([{"type": "websocket.disconnect", "code": 1001}])
    _run(flet, receive, send)
    assert ended == [True]


def test_plain_requests_pass_unchanged() -> None:
    async def page(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200})

    receive, send, sent = _socket([])
    _run(page, receive, send, kind="http")
    assert sent == ["http.response.start"]
