"""The app's door in a real browser: the key opens it, other pages stay outside.

Everything runs on 127.0.0.1: the "other site" is a page served by Python's http.server
on another port of the same computer, the closest neighbour a page can be (same site,
so the browser even sends the app's cookie along); only its origin differs.
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import AppPage
from conftest import free_port

pytestmark = pytest.mark.browser

OPEN_SOCKET = """url => new Promise(resolve => {
  const ws = new WebSocket(url);
  ws.onopen = () => { ws.close(); resolve("open"); };
  ws.onerror = () => resolve("refused");
  ws.onclose = () => resolve("refused");
})"""
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


def test_a_game_tab_back_after_its_session_was_let_go(app_server, page) -> None:
    """A tab away longer than the idle time comes back to the same game, in a new session."""
    server = app_server(env={"FLET_SESSION_TIMEOUT": "1"})
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    app.fill("Search a drafted card", "eolien")
    app.click("Wind Turbines")
    app.click("Build Wind Turbines")
    app.wait_for_text("^Wind Turbines$")
    game_address = page.url
    assert "/play/" in game_address

    page.goto("about:blank")  # the socket closes; the session expires 1 s later
    time.sleep(12)  # Flet looks for expired sessions every 10 s
    page.go_back()
    app.open(page.url, first="Start production")
    assert page.url == game_address
    app.wait_for_text("^Wind Turbines$")
    app.click("Start production")
    app.wait_text("phase", "Round 1 · Production: Materials")
