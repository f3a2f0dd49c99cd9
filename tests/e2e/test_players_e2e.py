"""The players in a real browser: a table set from a group already played with in one
tap, an absent player left out, and the players' pages reading the game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_page import AppPage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import record, table_game

from companion.shipped.catalog import catalog
from companion.store import open_store

pytestmark = pytest.mark.browser


def test_a_group_in_one_tap_then_the_players_pages(app_server, page, data_dir: Path) -> None:
    with open_store(data_dir) as store:  # a table game with Bo and Cy: 4 points
        store.save_game(record(table_game(catalog()), "table", 1, names=["Bo", "Cy"]))
    server = app_server()
    app = AppPage(page)
    app.open(server.address("new/table"), first="Start the game")
    app.click("Bo, Cy")  # the group: 3 players, their names typed
    app.button("Leave Bo out").wait_for(state="visible")
    app.button("Leave Cy out").wait_for(state="visible")
    app.click("Leave Bo out")  # Bo is not here tonight: Cy moves up a seat
    app.button("Leave Cy out").wait_for(state="detached")  # two players: nobody more
    app.click("Start the game")
    app.wait_for_address("/play/")
    app.click("Start production")
    app.click("Enter their exact totals")  # the table asks the one other player: Cy
    page.get_by_role("textbox", name="Cy's total").wait_for(state="visible")
    assert page.get_by_role("textbox", name="Bo's total").count() == 0

    app.open(server.address("players"), first="Settings")
    app.button("Bo", exact=False).wait_for(state="visible")  # "Bo, 1 game · 0 wins"
    app.click("Bo", exact=False)
    app.wait_for_address("/players/Bo$")
    app.wait_text("player-games", "1 game")
    app.screenshots("player")
