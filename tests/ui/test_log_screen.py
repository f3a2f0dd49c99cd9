"""The game's log on screen: opened over the game, "Go back to here" in the middle of
round 2, the game shown at that point, and one Undo that brings everything back.

The game is Benjamin's (`tests/rules/story_samples.py`, its moves listed there): its
first 22 actions reach round 2's Gold step; move 17 is round 2's "Place 1 on Recycling
Plant", after which 2 Materials are still to place and the Empire holds 3 cubes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from builders import memory_services, played, saved_moves
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import benjamin_game

from companion.i18n import set_language
from companion.rules.actions import NextStep
from companion.shipped.catalog import catalog
from companion.usecases.services import Services
from companion.usecases.session import GameSession
from companion.usecases.tables import table_hub

MIDDLE_OF_ROUND_2 = 22


def middle_of_round_2(services: Services) -> GameSession:
    return played(services, benjamin_game(catalog()).actions[:MIDDLE_OF_ROUND_2])


def test_going_back_from_the_log_and_undoing_it(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    session = middle_of_round_2(services)
    before = saved_moves(services, session.id)
    game = f"/play/{session.id}"
    ui = open_ui(services, route=game)
    assert ui.text("phase") == "Round 2 · Production: Gold"
    ui.click("Moves so far")
    assert ui.route == f"{game}/log?over={game.replace('/', '%2F')}"
    assert ui.view_routes()[-2] == game  # opened over the game: back returns to it
    assert ui.text("log-count") == "22 moves so far, latest first"
    assert "You are here" in ui.text("move-22")
    assert "Recycling Plant is built and joins your Empire" in ui.text("move-17")
    assert "Built: Recycling Plant · +1 Krystallium" in ui.text("log-round-2")
    assert ui.accessibility_problems() == []
    ui.click("Go back to here", within="move-17")
    # Back on the game, at that point: 2 Materials still to place, 3 cubes on the Empire.
    assert ui.route == game
    assert ui.text("phase") == "Round 2 · Production: Materials"
    assert ui.text("empire-cubes").startswith("Cubes on your Empire: 3/5")
    assert ui.text("built") == "Built: Mega-Drill, Recycling Plant"
    assert ui.last_message() == ("5 moves taken back, now at Round 2 · Production: "
                                 "Materials. Undo brings them back.")
    assert saved_moves(services, session.id)["actions"] == before["actions"][:17]
    assert ui.find("Redo: Place 2 on your Empire")  # one move at a time forward ...
    ui.click("Undo: Bring back 5 moves")  # ... or all of them back in one tap
    assert ui.text("phase") == "Round 2 · Production: Gold"
    assert saved_moves(services, session.id) == {**before, "redo": [], "back": {"redo": 5}}
    assert ui.find("Redo: Go back 5 moves")


def test_the_notice_of_going_back_goes_when_the_moves_come_back(
        open_ui: Callable[..., Ui]) -> None:
    """Seen at a table: gone back to round 1, then Undo, and "now at Round 1" stayed
    seconds over a game back in round 2. Several moves at once say where the game is
    now; a single move takes the notice away."""
    services = memory_services()
    session = middle_of_round_2(services)
    ui = open_ui(services, route=f"/play/{session.id}")
    ui.click("Moves so far")
    ui.click("Go back to here", within="move-7")
    assert ui.notice() == ("15 moves taken back, now at Round 1 · Production: Materials. "
                           "Undo brings them back.")
    ui.click("Undo: Bring back 15 moves")
    assert ui.text("phase") == "Round 2 · Production: Gold"
    assert ui.notice() == "15 moves brought back, now at Round 2 · Production: Gold."
    ui.click("Redo: Go back 15 moves")
    assert ui.notice() == ("15 moves taken back, now at Round 1 · Production: Materials. "
                           "Undo brings them back.")
    ui.click("Redo: Place 1 on Mega-Drill")
    assert ui.notice() is None


def test_a_move_after_going_back_takes_its_notice_away(open_ui: Callable[..., Ui]) -> None:
    from test_game_flow import draft

    services = memory_services()
    session = middle_of_round_2(services)
    game = f"/play/{session.id}"
    ui = open_ui(services, route=f"{game}/log")
    ui.click("Go back to here", within="move-7")
    ui.click("Place the cubes")
    assert ui.notice() is None
    ui.go(f"{game}/log")
    ui.click("Go back to here", within="move-3")
    assert ui.notice() == ("5 moves taken back, now at Round 1 · Planning. Undo brings "
                           "them back.")
    draft(ui, "Zeppelin")
    assert ui.notice() is None


def test_an_ended_game_can_be_gone_back_into(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    actions = benjamin_game(catalog()).actions
    session = played(services, actions)
    ui = open_ui(services, route=f"/play/{session.id}")
    assert ui.has_id("final-score")
    ui.click("Moves so far")
    ui.click("Go back to here", within=f"move-{len(actions) - 1}")
    assert ui.text("phase") == "Round 4 · Production: Exploration"
    ui.click("Undo: Bring back 1 move")
    assert ui.has_id("final-score")


def test_at_a_table_the_log_says_where_going_back_stops(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    hub = table_hub(services)
    table = hub.create(["Ana", "Bo"], "A", ["base"])
    ana, bo = hub.join(table, 0, "Noram States"), hub.join(table, 1, "Panafrican Union")
    for seat in (ana, bo):
        seat.play(NextStep())
    hub.settle(ana)  # Ana's 3 Materials against Bo's 2: move 3, settled by the table
    ui = open_ui(services, route=f"/play/{ana.id}/log")
    assert ui.text("log-limit") == (
        "Going back stops at move 3: This step's supremacy was settled for the whole "
        "table with every player's total: it cannot be undone on one phone")
    assert "You are here" in ui.text("move-3")
    assert not [n for n in ui.names() if n.startswith("Go back to here")]


def test_the_log_in_french(open_ui: Callable[..., Ui]) -> None:
    services = memory_services(language="fr")
    session = middle_of_round_2(services)
    ui = open_ui(services, route=f"/play/{session.id}/log")
    set_language("fr")
    assert ui.text("log-count") == "22 coups joués, les plus récents en premier"
    assert "Vous êtes ici" in ui.text("move-22")
    ui.click("Revenir ici", within="move-17")
    assert ui.last_message().startswith("5 coups repris")
    ui.click("Annuler : Rétablir 5 coups")
    assert ui.notice() == "5 coups rétablis, vous voici à : Tour 2 · Production : Or."
