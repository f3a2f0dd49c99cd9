"""The game's log in a real browser: in the middle of round 2, open the moves so far, go
back to one of them, see the game at that point, and bring everything back with Undo.

The game is Benjamin's (`tests/rules/story_samples.py`, its moves listed there): its
first 22 actions reach round 2's Gold step; move 17 is round 2's "Place 1 on Recycling
Plant", after which 2 Materials are still to place and the Empire holds 3 cubes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_page import AppPage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import benjamin_game, record

from companion.rules.game import Game
from companion.shipped.catalog import catalog
from companion.store import open_store

pytestmark = pytest.mark.browser

MIDDLE_OF_ROUND_2 = 22


def test_going_back_from_the_log_then_undoing_it(app_server, page, data_dir: Path) -> None:
    cards = catalog()
    game = Game(cards, benjamin_game(cards).actions[:MIDDLE_OF_ROUND_2])
    with open_store(data_dir) as store:
        store.save_game(record(game, "middle", 0))
    server = app_server()
    app = AppPage(page)
    app.open(server.address("play/middle"), first="Moves so far")
    app.wait_text("phase", "Round 2 · Production: Gold")
    app.click("Moves so far")
    app.wait_text("log-count", "22 moves so far, latest first")
    assert "You are here" in app.text("move-22")
    app.screenshots("game-log")
    app.click("Go back to here", within="move-17")
    # The game at that point: 2 Materials still to place, 3 cubes on the Empire.
    app.wait_text("phase", "Round 2 · Production: Materials")
    assert app.text("empire-cubes").startswith("Cubes on your Empire: 3/5")
    app.wait_for_address(r"/play/middle$")
    app.screenshots("game-gone-back")
    app.click("Undo: Bring back 5 moves")
    app.wait_text("phase", "Round 2 · Production: Gold")
    app.button("Redo: Go back 5 moves").wait_for(state="visible")
