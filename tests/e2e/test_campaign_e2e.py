"""A War or Peace campaign recorded end to end in a real browser, at phone size.

Two players play the five scenarios in order (C01-SC01 to C01-SC05); the scores are
made up by hand so that each winner is plain: Ann wins the final 80 to 77, and so the
campaign.
"""

from __future__ import annotations

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser

SCORES = [("54", "61"), ("70", "66"), ("60", "72"), ("58", "64"), ("80", "77")]
"""(Ann, Bob) per scenario, envelopes C01-SC01 to C01-SC05 in order."""


def test_a_campaign_recorded_end_to_end(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.address("campaigns"), first="New campaign")
    app.click("New campaign")
    app.fill("Campaign name", "Friday nights")
    app.fill("Name of player 1", "Ann")
    app.fill("Name of player 2", "Bob")
    app.screenshots("campaign-new")
    app.click("Create the campaign")
    app.wait_text("status", "Next envelope: C01-SC01 (scenario 1 of 5).")

    for number, (ann, bob) in enumerate(SCORES, start=1):
        app.click("Record a scenario")
        app.wait_text("envelope", f"Scenario {number} of 5: envelope C01-SC0{number}")
        app.fill("Ann's score", ann)
        app.fill("Bob's score", bob)
        if number == 1:
            app.click("Add a campaign card gained")
            app.click("Bob", within="card-1-player")
            app.fill("Card 1: id as printed", "PAX-10 (1-01)")
            app.wait_text("outcome", "Bob wins")
            app.screenshots("campaign-record")
        app.click("Save the scenario")
        app.wait_text("progress", f"{number} of 5 scenarios")
        if number == 1:
            assert "PAX-10 (1-01)" in app.text("held-2")
            app.screenshots("campaign")

    app.wait_text("status", "Campaign over: Ann wins the campaign.")
    app.click("Back")
    app.scope("campaign-friday-nights").wait_for()
    assert "Campaign over: Ann wins the campaign." in app.text("campaign-friday-nights")
    app.screenshots("campaigns")
