"""A tour of the remaining screens, for the phone-size screenshots (light and dark)."""

from __future__ import annotations

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser


def test_screens_tour(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.click("Settings")
    app.wait_for_text("^Language$")
    app.screenshots("settings")
    app.click("Back")

    app.click("Solo scenario")
    app.screenshots("scenario-list")
    app.click("1. To the Center of the Earth")
    assert "Polar Base" in app.text("scenario")
    app.screenshots("scenario-setup")
    app.click("Back")

    app.click("Table game (2–7 players)")
    app.click("Start the game")
    app.click("Search by name")
    app.fill("Search a drafted card", "wind")
    app.click("Wind Turbines")
    app.screenshots("build-or-recycle")
    app.click("Recycle Wind Turbines")  # no card can take its cube: to the Empire at once
    app.click("Start production")
    app.screenshots("table-one-tap")  # "nobody has 3 or more" / "someone has..."
    app.click("Enter their exact totals")
    app.fill("Player 2's total", "4")
    app.fill("Player 3's total", "2")
    app.fill("Player 4's total", "1")
    app.screenshots("table-opponents")
    app.click("Confirm the totals")
    app.wait_text("supremacy", "No supremacy for you (others: 4, 2, 1)")
    app.click("Materials: 3, tap to see where it comes from", exact=False)
    app.wait_for_text("^3 from your Empire card$")
    app.screenshots("production-sources")
