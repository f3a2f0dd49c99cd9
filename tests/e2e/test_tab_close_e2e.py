"""A tab closing is not an error: reloads, addresses opened again and closed tabs leave
the terminal of the computer running the app quiet.

The app is reloaded while its first screen is still on its way (the moment a send to the
tab fails), opened again by its address, and given a socket that leaves before saying
hello; then the tab is closed. Once the server has closed every connection, it is
stopped, so that its output is complete, and that output must hold no traceback (see
`companion.web.closing`).
"""

from __future__ import annotations

import time

import pytest
from app_page import AppPage
from conftest import PHONE
from test_door_e2e import OPEN_SOCKET

pytestmark = pytest.mark.browser

RELOADS = 8
CLOSED_WITHIN = 60.0
"""Seconds for the server to close every connection once the tab is closed (a limit for a
wait that ends as soon as it happens)."""


def test_reloads_and_a_closed_tab_print_no_traceback(app_server, browser) -> None:
    server = app_server()
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        app = AppPage(page)
        app.open(server.url)
        for _ in range(RELOADS):  # reloaded while the first screen is on its way
            page.reload(wait_until="commit")
            page.wait_for_selector("flt-semantics-placeholder", state="attached")
        for _ in range(2):  # the address opened again, as from a bookmark
            page.goto(server.url)
            page.wait_for_selector("flt-semantics-placeholder", state="attached")
        app.open(page.url)  # and the app still works
        assert page.evaluate(OPEN_SOCKET, f"ws://127.0.0.1:{server.port}/ws") == "open"
    finally:
        context.close()

    deadline = time.monotonic() + CLOSED_WITHIN
    while server.open_connections() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.open_connections() == 0, "the server kept a closed tab's connection"
    server.stop()  # all it will ever print is now in its log
    printed = server.log()
    assert server.process is not None and server.process.returncode == 0, printed
    for sign in ("Traceback", "WebSocketDisconnect", "Exception in ASGI", "ERROR"):
        assert sign not in printed, printed
