"""Quick score in a real browser: Simon's tableau from the rulebook shows 62 points."""

from __future__ import annotations

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser

SIMON = [
    ("harbor", "Harbor Zone"),
    ("giant tow", "Giant Tower"),
    ("world cong", "World Congress"),
    ("monument nat", "National Monument"),
    ("vaccin", "Universal Vaccine"),
    ("aquacul", "Aquaculture"),
    ("secret soc", "Secret Society"),
    ("recycling pl", "Recycling Plant"),
    ("eoliennes", "Wind Turbines"),
]


def test_simon_scores_62(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.screenshots("home")
    app.click("Quick score")
    app.click("Empire: Noram States")  # face B of every Empire is worth 0 points
    app.click("Aztec Empire")
    app.button("Empire: Aztec Empire").wait_for()
    app.click("Face B")
    for query, name in SIMON:
        app.fill("Add a built card", query)
        app.click(name)
    for _ in range(2):
        app.click("One more General")
    for _ in range(6):
        app.click("One more Financier")
    app.wait_text("score-total", "62 points")
    assert app.text("score-combo") == "30"
    assert app.text("score-financiers") == "18"
    app.screenshots("quick-score")
