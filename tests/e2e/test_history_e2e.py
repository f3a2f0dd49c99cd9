"""The history in a real browser: opening a game's story, and a chart on screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_page import AppPage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import benjamin_game, record, table_game

from companion.shipped.catalog import catalog
from companion.store import open_store

pytestmark = pytest.mark.browser


def _history(folder: Path) -> None:
    """Two games played with the rules, saved in a real store as the app saves them."""
    cards = catalog()
    with open_store(folder) as store:
        store.save_game(record(benjamin_game(cards), "benjamin", 0))
        store.save_game(record(table_game(cards), "table", 1, names=["Bo", "Cy"]))


def test_history_opening_a_games_story_and_a_chart(app_server, page, data_dir: Path) -> None:
    _history(data_dir)
    server = app_server()
    app = AppPage(page)
    app.open(server.address("history"), first="Statistics")
    app.screenshots("history")
    app.click("Solo game", exact=False, within="game-benjamin")
    app.wait_for_text("^Round by round$")
    # Round 3 of Benjamin's game: example 1 of the rulebook, 5 Materials.
    assert app.text("produced-3-M").startswith("Materials: 5")
    assert "Supremacy: you took 1 Financier" in app.text("round-3")
    app.screenshots("history-game")
    app.click("Back")
    app.click("Statistics")
    app.wait_for_text("^Score over time$")
    assert "2 games: first 2 points, latest 4, best 4." in app.text("summary-over-time")
    app.screenshots("stats")
