"""Each screen opens where the eye goes, on a phone-size screen in a real browser: a
production step opened from a long planning screen scrolled to its bottom shows its
total in the first viewport, and settings opened mid-game go back to the game."""

from __future__ import annotations

import re

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser

DRAFTED = [("wind", "Wind Turbines"), ("recy", "Recycling Plant"),
           ("zepp", "Zeppelin"), ("harb", "Harbor Zone"), ("trans", "Transportation Network")]


def _top_of(app: AppPage, identifier: str) -> float:
    box = app.scope(identifier).first.bounding_box()
    assert box is not None, f"{identifier} is not drawn"
    return float(box["y"])


def test_a_production_step_opens_at_its_top_and_settings_go_back_to_the_game(
        app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    app.click("Search by name")
    for query, name in DRAFTED:  # five cards under construction: a long screen
        app.fill("Search a drafted card", query)
        app.click(f"Build {name}")
    app.scroll_to("Start production")
    app.click("Start production")
    app.wait_text("produced", "You produce 3 Materials")
    height = page.viewport_size["height"]
    page.wait_for_function(  # the scroll to the top is animated by Flutter: wait for it
        "h => { const e = document.querySelector('[flt-semantics-identifier=\"produced\"]');"
        " if (!e) return false; const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= h; }", arg=height)
    assert 0 <= _top_of(app, "produced") < height
    assert 0 <= _top_of(app, "supremacy") < height
    game = page.url
    assert "/play/" in game
    app.click("Settings")
    app.wait_for_text("^Language$")
    app.click("Back")
    app.wait_text("produced", "You produce 3 Materials")
    app.wait_for_address(f"^{re.escape(game)}$")  # set in place, after the answer
