"""The app's door in a real browser: the key opens it, other pages stay outside.

Everything runs on 127.0.0.1: the "other site" is a page served by Python's http.server
on another port of the same computer, the closest neighbour a page can be (same site,
so the browser even sends the app's cookie along); only its origin differs.
"""

from __future__ import annotations

import http.server
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import AppPage
from conftest import AppServer, free_port

pytestmark = pytest.mark.browser

OPEN_SOCKET = """url => new Promise(resolve => {
  const ws = new WebSocket(url);
  ws.onopen = () => { ws.close(); resolve("open"); };
  ws.onerror = () => resolve("refused");
  ws.onclose = () => resolve("refused");
})"""
SESSION_ID = "() => sessionStorage.getItem('_flet_session_id')"
"""The session Flet's client of this tab is in (it keeps it for the tab's life)."""
IN_ANOTHER_SESSION = """old => {
  const now = sessionStorage.getItem('_flet_session_id');
  return now !== null && now !== old;
}"""
LET_GO_WITHIN = 60.0
"""Seconds for a closed tab's session to be let go (1 s in this test; a limit for a wait
that ends when it happens, long since a busy machine is slow)."""
READ_APP = """url => fetch(url, {credentials: "include"})
  .then(answer => answer.text().then(text => "read " + answer.status + " " + text.length),
        () => "blocked")"""


@pytest.fixture
def other_site() -> Iterator[str]:
    """A page at http://127.0.0.1:<another port>/, as any web page the player opens."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<!doctype html><title>Another site</title><p>Nothing to see here</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_without_the_key_a_short_page_with_it_the_app(app_server, page) -> None:
    server = app_server()
    answer = page.goto(server.root)
    assert answer is not None and answer.status == 403
    assert page.get_by_role("heading").inner_text() == "Open the app with its own address"
    assert page.locator("flt-glass-pane, flutter-view").count() == 0

    app = AppPage(page)
    app.open(server.url)
    assert page.url == server.root  # the key left the address bar (and the history)
    assert page.evaluate("document.cookie") == ""  # HttpOnly: no script can read the key


def test_another_page_cannot_reach_the_app(app_server, page, other_site) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    socket_url = f"ws://127.0.0.1:{server.port}/ws"
    # The same script from the app's own page connects: the check below can see "open".
    assert page.evaluate(OPEN_SOCKET, socket_url) == "open"

    page.goto(other_site)
    assert page.evaluate(OPEN_SOCKET, socket_url) == "refused"
    assert page.evaluate(READ_APP, server.root) == "blocked"
    assert page.evaluate(READ_APP, server.url) == "blocked"


def let_go(server: AppServer, session: str) -> bool:
    """Whether the server's own register of sessions has let `session` go: Flet logs
    "Delete session (N left): <page>_<session>_<client>" when it removes one."""
    return re.search(rf"Delete session \(\d+ left\): _{re.escape(session)}_",
                     server.log()) is not None


def test_a_game_tab_back_after_its_session_was_let_go(app_server, page) -> None:
    """A tab away longer than the idle time comes back to the same game, in a new session."""
    server = app_server(env={"FLET_SESSION_TIMEOUT": "1", "COMPANION_LOG": "info"})
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    app.click("Search by name")
    app.fill("Search a drafted card", "eolien")
    app.click("Wind Turbines")
    app.click("Build Wind Turbines")
    app.wait_for_text("^Wind Turbines$")
    game_address = page.url
    assert "/play/" in game_address
    session = page.evaluate(SESSION_ID)
    assert session and not let_go(server, session)

    page.goto("about:blank")  # the socket closes; the session is let go 1 s later
    deadline = time.monotonic() + LET_GO_WITHIN
    while not let_go(server, session) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert let_go(server, session), f"the session was never let go:\n{server.log()}"

    page.go_back()
    app.open(None, first="Start production")
    # The address is set in place after the screen's answer: seen still "/" on a busy
    # machine when the game was already drawn.
    app.wait_for_address(f"^{re.escape(game_address)}$")
    page.wait_for_function(IN_ANOTHER_SESSION, arg=session)  # the same game, a new session
    app.wait_for_text("^Wind Turbines$")
    # The new session may still be drawing the game it found: a tap on a node being
    # replaced is lost (seen once on a busy CI machine), so tap until the step moved on.
    app.settle()
    app.click_until("Start production", shows="Next: Energy")
    app.wait_text("phase", "Round 1 · Production: Materials")
