"""A shared app (`companion --share`) over the network: nothing without the code.

The real command runs with `--share --host 127.0.0.1` and the code SOMECODE in
COMPANION_CODE: loopback stands for the local network (the door treats both alike), and
the code is known to the test.
Plain HTTP (urllib) and a raw WebSocket handshake play a phone that has no code; Chromium
plays the phone that scans the QR code, and the one that types a wrong code, then the
right one.
"""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser

CODE = "SOMECODE"
SHARE = ["--share", "--host", "127.0.0.1"]
CODE_GIVEN = {"COMPANION_CODE": CODE}


def status(url: str) -> int:
    """The HTTP status of a GET, as a phone without the cookie gets it."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def handshake(port: int, extra: str = "") -> str:
    """The status line of a WebSocket handshake to /ws, written by hand."""
    request = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
               f"Origin: http://127.0.0.1:{port}\r\n{extra}\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(request.encode())
        return raw.recv(4096).decode("latin-1").split("\r\n")[0]


def test_without_the_code_nothing_is_served(app_server) -> None:
    server = app_server(args=SHARE, env=CODE_GIVEN)
    printed = server.log()
    assert f"http://127.0.0.1:{server.port}/" in printed and CODE in printed
    for path in ("", "main.dart.js", "flutter_bootstrap.js", "ws", "manifest.json"):
        assert status(server.root + path) == 401, path
    assert status(server.root + "?code=WRONGCODE") == 401
    assert handshake(server.port).split(" ")[1] == "403"
    code_as_cookie = f"Cookie: companion-{server.port}={CODE}\r\n"
    assert handshake(server.port, code_as_cookie).split(" ")[1] == "403"
    # The computer that started the app still opens it with the printed token.
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with browser.open(server.url, timeout=10) as landed:
        assert landed.status == 200 and landed.url == server.root
        assert b"flutter_bootstrap.js" in landed.read()


def test_the_qr_address_opens_the_app_and_a_wrong_code_the_prompt(app_server, page) -> None:
    server = app_server(args=SHARE, env=CODE_GIVEN)
    app = AppPage(page)

    answer = page.goto(server.root + "?code=WRONGCODE")
    assert answer is not None and answer.status == 401
    assert page.get_by_role("heading").inner_text() == "Enter the table's code"
    assert "not the right one" in page.get_by_role("alert").inner_text()
    assert page.locator("flt-glass-pane, flutter-view").count() == 0
    # The prompt's form, with the code typed as a phone's keyboard types it.
    page.get_by_label("Access code").fill("somecode")
    page.get_by_role("button", name="Open the app").click()
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    app.button("Quick score").wait_for(state="visible")
    assert page.url == server.root

    # Another phone scans the QR code: the app at once, and the code leaves the address.
    phone = page.context.browser.new_context(viewport=page.viewport_size)
    try:
        scanned = AppPage(phone.new_page())
        scanned.page.set_default_timeout(20_000)
        scanned.open(server.root + f"?code={CODE}")
        assert scanned.page.url == server.root
        assert scanned.page.evaluate("document.cookie") == ""  # HttpOnly
    finally:
        phone.close()
