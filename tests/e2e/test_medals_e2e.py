"""The medal board after winning a scenario, in a real browser.

The win is put in the data folder through the real store before the app starts (a whole
scenario game through the browser would take minutes); the board and the scenario page
must show its medal, and the browser's back button and reload must stay inside the app.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from app_page import AppPage

from companion.store import open_store

pytestmark = pytest.mark.browser


def won_scenario(folder: Path) -> None:
    """base-1 (bronze 70, silver 95, gold 115): a lost game, then gold with 118."""
    store = open_store(folder)
    try:
        store.record_attempt({"scenario": "base-1", "date": "2026-11-01T10:00:00+00:00",
                              "score": 100, "won": False, "medal": None, "game": "g1"})
        store.record_attempt({"scenario": "base-1", "date": "2026-11-03T10:00:00+00:00",
                              "score": 118, "won": True, "medal": "gold", "game": "g2"})
    finally:
        store.close()


def show_accessibility(app: AppPage) -> None:
    """After a reload Flutter starts with its accessibility tree off again."""
    app.page.wait_for_selector("flt-semantics-placeholder", state="attached")
    app.page.locator("flt-semantics-placeholder").dispatch_event("click")


def test_the_medal_board_after_winning_a_scenario(app_server, data_dir, page) -> None:
    won_scenario(data_dir)
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    origin = urlsplit(server.url).netloc

    app.section("Medals")
    app.wait_text("gold-count", "Gold medals: 1 of 12")
    assert "Gold medal" in app.text("scenario-base-1")
    assert "Best score 118 · won 1 of 2" in app.text("scenario-base-1")
    assert "No medal yet" in app.text("scenario-base-2")
    app.screenshots("medal-board")

    app.click("1. To the Center of the Earth", exact=False)
    app.wait_text("first-gold", "First gold: 2026-11-03")
    assert app.text("best-medal") == "Gold medal"
    assert "Polar Base" in app.text("scenario-about")
    assert "2026-11-03: 118 points, won" in app.text("attempts")
    app.wait_for_address("/scenarios/base-1([?#].*)?$")
    app.screenshots("scenario-page")

    page.reload()
    show_accessibility(app)
    app.wait_text("first-gold", "First gold: 2026-11-03")
    app.wait_for_address("/scenarios/base-1([?#].*)?$")

    page.go_back()
    app.wait_text("gold-count", "Gold medals: 1 of 12")
    assert urlsplit(page.url).netloc == origin
    page.go_back()
    app.button("Quick score").wait_for(state="visible")
    assert urlsplit(page.url).netloc == origin
