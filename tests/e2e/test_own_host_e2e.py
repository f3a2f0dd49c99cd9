"""Nothing leaves the house: a whole session of the app asks only the app's own host, and
finds every file it asks for there.

Every request of the browser context is recorded (the page, its web workers, its
service workers) with the WebSockets its pages open (`conftest.Traffic`), through a walk
over the screens: home, a quick score, a solo game, the settings, the rules and the
Share screen. A request to any other host fails the test (the app works without a
network and tells no one it is played), and so does a 404 from the app's own host (a
file asked for at every load that is not there), or an error thrown in the page. The
phone app (`companion.webapp`) is walked the same way in `test_web_build_e2e.py`, where
its site is built.
"""

from __future__ import annotations

import pytest
from app_page import AppPage
from conftest import Traffic

pytestmark = pytest.mark.browser


def walk(app: AppPage, *, share: bool = True) -> None:
    """From the home screen: a quick score, a solo game's first step, the settings, the
    rules, and (on the computer) the Share screen; back home at the end."""
    app.click("Quick score")
    app.click("Face B")
    app.click("Project")  # Harbor Zone's type tab
    app.click("Harbor Zone")
    app.wait_text("score-total", "2 points")
    app.click("Back")
    app.start_solo()
    app.click("Start production")
    app.wait_text("produced", "You produce 3 Materials")
    app.click("Back")
    app.button("Continue the game").wait_for()
    app.click("Settings")
    app.wait_for_text("^Language$")
    app.click("Read the rules")
    app.fill("Search the rules", "supremacy")
    app.click("Supremacy")
    app.wait_for_text("5 or more")
    app.click("Back")  # to the rules
    app.click("Back")  # home: the rules are a screen of their own
    app.button("Continue the game").wait_for()
    if share:
        app.click("Play on phones")
        app.scope("share-off").wait_for()
        app.click("Back")
        app.button("Continue the game").wait_for()


def test_a_session_asks_only_the_apps_own_host(app_server, page) -> None:
    server = app_server()
    traffic = Traffic(page.context, server.root)
    app = AppPage(page)
    app.open(server.url)
    walk(app)
    # Loaded again, and opened by its address again: what every visit asks for.
    app.open(page.url, first="Continue the game")
    app.open(server.url, first="Continue the game")

    assert traffic.requests, "no request was recorded"
    assert traffic.sockets, "no WebSocket was recorded"
    assert traffic.elsewhere() == []
    assert traffic.missing() == []
    assert traffic.errors == []
