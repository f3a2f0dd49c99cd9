"""Back, forward and reload in a real browser: the app's screens are its addresses.

The browser's back button goes one screen back inside the app, a reload shows the
same screen, and a deep address opened directly (a bookmark) still has the home
screen under it, so back from it stays in the app.
"""

from __future__ import annotations

import re

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser


def test_back_forward_and_reload_stay_inside_the_app(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.screenshots("home")
    app.click("Settings")
    app.wait_for_text("^Language$")
    app.wait_for_address("/settings$")
    page.go_back()
    app.button("New solo game").wait_for()
    app.wait_for_address("^" + re.escape(server.root) + "$")
    page.go_forward()
    app.wait_for_text("^Language$")
    page.reload()
    app.open(page.url, first="Back")
    app.wait_for_text("^Language$")  # the same screen after a reload
    app.click("Back")
    app.button("New solo game").wait_for()
    app.wait_for_address("^" + re.escape(server.root) + "$")


def test_a_bookmarked_deep_address_has_the_home_screen_under_it(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.address("new/table"), first="Start the game")
    # The app puts home under the address a moment after the page is up; a person's
    # thumb is slower than that, the robot must wait for it (for the state, not for a
    # time: on a busy machine it can take long).
    page.wait_for_function("history.length >= 4", timeout=120_000)
    assert page.evaluate("history.length") == 4  # blank, the address, home, the address
    page.go_back()
    app.button("New solo game").wait_for()
    assert re.match(re.escape(server.root) + "?$", page.url), page.url
