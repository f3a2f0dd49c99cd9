"""A shared table in a real browser: two phones (two browser contexts, so two cookies and
two sessions) at one app shared behind a code, a whole game.

Ana (Noram States A: 3 Materials, 1 Gold) and Bo (Panafrican Union A: 2 Materials,
2 Science) each follow their own Empire. Nobody types a total: the host settles every
supremacy. Bo's phone reloads in the middle of round 1 and comes back to its seat; at the
end both phones show the ranking with the tie-breakers' words.
"""

from __future__ import annotations

import re
import time

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser

CODE = "TABLE-42"
SHARE = ["--share", "--host", "127.0.0.1"]
CODE_GIVEN = {"COMPANION_CODE": CODE}
STEPS = ("Start production", "Next: Energy", "Next: Science", "Next: Gold",
         "Next: Exploration")


def address_of(app: AppPage, pattern: str, timeout: float = 60.0) -> str:
    """The browser's address once the app has moved to a route matching `pattern` (the
    app changes it in place, with no page load to wait for)."""
    deadline = time.monotonic() + timeout
    while not re.search(pattern, app.page.url):
        if time.monotonic() > deadline:
            raise AssertionError(f"{app.page.url} never matched {pattern}")
        app.page.wait_for_timeout(100)
    return str(app.page.url)


def finish_step(app: AppPage) -> None:
    """Place this step's cubes (the suggestion) and take a Science bonus if won."""
    app.settle()
    if app.page.get_by_role("button", name="Take a Financier").count():
        app.click("Take a Financier")
    if app.page.get_by_role("button", name="Place the cubes").count():
        app.click("Place the cubes")


def test_two_phones_play_a_whole_game_with_no_totals_typed(app_server, phones) -> None:
    server = app_server(args=SHARE, env=CODE_GIVEN)
    ana, bo = phones(), phones()
    ana.open(f"{server.root}tables/new?code={CODE}", first="Open the table")
    ana.click("One player fewer")
    ana.fill("Name of player 1", "Ana")
    ana.fill("Name of player 2", "Bo")
    ana.click("Open the table")
    table = address_of(ana, r"/tables/[0-9a-f]+$")
    ana.click_until("This is me: Ana", "Noram States")
    ana.click("Noram States")

    bo.open(f"{table}?code={CODE}", first="This is me: Bo")  # what the QR code would open
    bo.click_until("This is me: Bo", "Panafrican Union")
    bo.click("Panafrican Union")
    bo.wait_for_text("Draft of round 1: Deal 10 cards each; the last 3 are discarded; pass "
                     "the cards to the left.")
    seat = address_of(bo, r"/tables/[0-9a-f]+/2$")

    ana.click("Start production")
    ana.wait_text("waiting", "Waiting for Bo: the supremacy is settled when every player "
                             "has produced.")
    bo.click("Start production")
    ana.wait_text("supremacy", "Supremacy is yours (others: 2): +1 Financier")
    bo.wait_text("supremacy", "No supremacy for you (others: 3)")
    ana.click("Place the cubes")
    ana.wait_text("waiting", "Still placing: Bo")

    bo.page.reload()  # the phone slept, or lost the network
    bo.open(seat, first="Place the cubes")
    bo.wait_for_address(f"^{re.escape(seat)}$")  # set in place, after the answer
    bo.wait_text("supremacy", "No supremacy for you (others: 3)")
    bo.click("Place the cubes")

    for step in STEPS[1:]:
        for app in (ana, bo):
            app.click(step)
        for app in (ana, bo):
            finish_step(app)
    for app in (ana, bo):
        app.click("Next: round 2")

    for round_number in (2, 3, 4):
        for step in STEPS:
            for app in (ana, bo):
                app.click(step)
            for app in (ana, bo):
                finish_step(app)
        for app in (ana, bo):
            app.click("End the game and count the score" if round_number == 4
                      else f"Next: round {round_number + 1}")

    # Ana wins Materials (3 v 2) and Gold (1 v 0) each round: 8 Financiers, and Noram
    # States A scores 1 more per Financier: 16. Bo wins Science each round: 4 Financiers.
    for app in (ana, bo):
        app.wait_text("rank-1", "1. Ana: 16 points")
        app.wait_text("rank-2", "2. Bo: 4 points")


def test_each_phone_keeps_its_own_language_after_a_reload(app_server, phones) -> None:
    server = app_server(args=SHARE, env=CODE_GIVEN)
    french, english = phones(), phones()
    english.open(f"{server.root}?code={CODE}", first="Settings")
    french.open(f"{server.root}?code={CODE}", first="Settings")
    french.click("Settings")
    french.click("Français")
    french.page.reload()
    french.open(french.page.url, first="Retour")  # its own language, from its browser
    english.page.reload()
    english.open(english.page.url, first="Settings")  # not the one chosen on the other
