"""Solo games in a real browser: undo across a built card, resume after a kill (the whole
game is played by taps in test_taps_e2e)."""

from __future__ import annotations

import re

import pytest
from app_page import READ, AppPage

pytestmark = pytest.mark.browser


def draft(app: AppPage, query: str, name: str) -> None:
    if not app.page.get_by_role("textbox", name="Search a drafted card").count():
        app.click("Search by name")  # by type unless asked; then it stays open
    app.fill("Search a drafted card", query)
    app.click(name)
    app.click(f"Build {name}")
    app.wait_for_text(f"^{re.escape(name)}$")


WHOLE_TAP = "Place 3 cubes: 2 on Wind Turbines, 1 on your Empire"
"""The Undo of "Place the cubes" with Wind Turbines under construction, as one step."""


def test_undo_across_a_completed_card(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    draft(app, "eolien", "Wind Turbines")
    app.click("Start production")
    app.click("Place the cubes")  # 2 on Wind Turbines (built), 1 on the Empire
    app.wait_text("built", "Built: Wind Turbines")
    app.click(f"Undo: {WHOLE_TAP}")  # the whole tap, in one step
    app.wait_text("built", "Built: none yet")
    assert "0 of 2 slots filled" in app.text("construction-1")
    app.screenshots("undo")
    app.click(f"Redo: {WHOLE_TAP}")
    app.wait_text("built", "Built: Wind Turbines")


def test_resume_after_the_server_is_killed(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    draft(app, "eolien", "Wind Turbines")
    app.click("Start production")
    app.click("Place the cubes")
    app.wait_text("built", "Built: Wind Turbines")
    server.kill()  # SIGKILL: nothing runs on the way out

    again = app_server()
    app.open(again.url, first="Continue the game")
    games = app.page.locator('[flt-semantics-identifier^="ongoing-"]')
    assert games.count() == 1  # the one game in progress, listed on the home screen
    assert "Round 1 · Production: Materials" in games.first.evaluate(READ)
    app.screenshots("home-continue")
    app.click("Continue the game")
    app.wait_text("built", "Built: Wind Turbines")
    app.button(f"Undo: {WHOLE_TAP}").wait_for()  # all of the tap came back
