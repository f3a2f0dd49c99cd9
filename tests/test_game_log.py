"""A game's log and going back from it, through the session that saves the game.

The game is Benjamin's (`tests/rules/story_samples.py`, whose moves are listed there):
its first 22 actions reach round 2's Gold step; action 17 is round 2's "Place 1 on
Recycling Plant", which completes the Recycling Plant, and action 18 puts 2 Materials on
the Empire, whose 5 cubes become 1 Krystallium.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "rules"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "ui"))

from builders import memory_services, played, saved_moves
from story_samples import benjamin_game

from companion.rules.actions import Construct, NextStep, Opponents, Place, Recycle
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.state import Phase
from companion.shipped.catalog import catalog
from companion.usecases.game_log import game_log, went_back_message
from companion.usecases.services import Services
from companion.usecases.session import GameSession
from companion.usecases.tables import table_hub

MIDDLE_OF_ROUND_2 = 22
PLACED_ON_THE_PLANT = 17


def middle_of_round_2(services: Services) -> GameSession:
    return played(services, benjamin_game(catalog()).actions[:MIDDLE_OF_ROUND_2])


def saved(services: Services, session: GameSession) -> dict[str, Any]:
    return saved_moves(services, session.id)


def test_going_back_is_saved_as_one_step_that_one_undo_takes_back() -> None:
    services = memory_services()
    session = middle_of_round_2(services)
    before, state = session.game.to_json(), session.state.copy()
    forward = session.game.actions
    assert len(session.go_back(PLACED_ON_THE_PLANT)) == 5
    assert session.state == Game(catalog(), forward[:PLACED_ON_THE_PLANT]).state
    assert saved(services, session) == {
        "actions": before["actions"][:PLACED_ON_THE_PLANT],
        "redo": before["actions"][PLACED_ON_THE_PLANT:][::-1], "back": {"undo": 5}}
    assert session.undo_label() == "Bring back 5 moves"
    assert session.redo_label() == "Place 2 on your Empire"  # or one move at a time
    assert went_back_message(session, 5) == (
        "5 moves taken back, now at Round 2 · Production: Materials. Undo brings them "
        "back.")
    session.undo()
    assert session.state == state
    assert session.game.to_json() == {**before, "back": {"redo": 5}}
    assert saved(services, session) == {"actions": before["actions"], "redo": [],
                                        "back": {"redo": 5}}
    assert session.redo_label() == "Go back 5 moves"
    assert session.undo_label() == "Go to the next step"  # an ordinary undo again
    # Another tab, or a reload, finds the same Undo and Redo.
    record = services.backend.game(session.id)
    assert record is not None
    assert GameSession.resume(services, record).redo_label() == "Go back 5 moves"


def test_one_move_back_says_move() -> None:
    session = middle_of_round_2(memory_services())
    session.go_back(MIDDLE_OF_ROUND_2 - 1)
    assert session.undo_label() == "Bring back 1 move"
    assert went_back_message(session, 1) == (
        "1 move taken back, now at Round 2 · Production: Science. Undo brings it back.")


def test_the_log_tells_the_moves_latest_first_in_the_storys_words() -> None:
    session = middle_of_round_2(memory_services())
    log = game_log(session)
    assert log.count == MIDDLE_OF_ROUND_2 and log.refusal is None and log.earliest == 1
    assert log.heading() == "22 moves so far, latest first"
    assert [r.title for r in log.rounds] == ["Round 2", "Round 1"]
    second = log.rounds[0]
    assert [s.title for s in second.steps] == [
        "Gold", "Science", "Energy", "Materials", "Planning"]
    assert second.summary == "This round: 1 card built, 1 Krystallium gained"
    gold, _, _, materials, _ = second.steps
    assert [(m.number, m.text, m.now, m.can_go_back) for m in gold.moves] == [
        (22, "Go to the next step", True, False)]  # where the game is now
    assert gold.moves[0].results == ("Gold: you produce 0",
                                     "No Gold supremacy bonus this round")
    assert materials.notes == ("No supremacy", "Built: Recycling Plant", "+1 Krystallium")
    assert [(m.number, m.text, m.can_go_back) for m in materials.moves] == [
        (18, "Place 2 on your Empire", True), (17, "Place 1 on Recycling Plant", True),
        (16, "Go to the next step", True)]
    assert materials.moves[1].results == ("Recycling Plant is built and joins your Empire",)
    setup = log.rounds[-1].steps[-1].moves[-1]
    assert (setup.number, setup.text, setup.can_go_back) == (
        1, "Set up Panafrican Union (face A)", True)


@pytest.mark.parametrize(("keep", "kind"), [
    (0, Refusal.BAD_NUMBER), (MIDDLE_OF_ROUND_2, Refusal.NOTHING_TO_DO)])
def test_a_refused_going_back_changes_nothing(keep: int, kind: Refusal) -> None:
    services = memory_services()
    session = middle_of_round_2(services)
    before, record = session.game.to_json(), saved(services, session)
    with pytest.raises(Rejected) as refused:
        session.go_back(keep)
    assert refused.value.kind is kind
    assert session.game.to_json() == before
    assert saved(services, session) == record


def test_a_card_built_after_going_back_is_named_by_its_own_number() -> None:
    """Construction numbers are given again after going back: the log and the buttons name
    the card the number stands for now."""
    cards = catalog()
    session = GameSession.new(memory_services(), benjamin_game(cards).start)
    session.play(Construct(cards.card("Recycling Plant").id))  # number 1
    session.go_back(1)
    session.play(Construct(cards.card("Wind Turbines").id))  # number 1 again
    session.play(Recycle(cards.card("Mega-Drill").id, onto=1))
    assert session.undo_label() == "Recycle Mega-Drill onto Wind Turbines"
    moves = game_log(session).rounds[0].steps[0].moves
    assert moves[0].text == "Recycle Mega-Drill onto Wind Turbines"


# --- at a shared table ---------------------------------------------------------------


def two_seats(services: Services) -> tuple[GameSession, GameSession]:
    """Ana (Noram States A: M3 G1) and Bo (Panafrican Union A: M2 S2) at one table, in
    the Materials step, whose supremacy the table has settled (3 against 2)."""
    hub = table_hub(services)
    table = hub.create(["Ana", "Bo"], "A", ["base"])
    ana = hub.join(table, 0, "Noram States")
    bo = hub.join(table, 1, "Panafrican Union")
    for seat in (ana, bo):
        seat.play(NextStep())
    hub.settle(ana)
    assert ana.game.actions[-1] == Opponents((2,))
    ana.play(Place(count=1))
    ana.play(Place(count=2))
    return ana, bo


def test_at_a_table_the_moves_before_a_settled_supremacy_cannot_be_gone_back_to() -> None:
    services = memory_services()
    ana, _ = two_seats(services)
    refusal = ("This step's supremacy was settled for the whole table with every player's "
               "total: it cannot be undone on one phone")
    log = game_log(ana)
    assert (log.earliest, log.refusal) == (3, refusal)  # setup, next step, then settled
    moves = [m for r in log.rounds for s in r.steps for m in s.moves]
    assert [(m.number, m.can_go_back) for m in moves] == [
        (5, False), (4, True), (3, True), (2, False), (1, False)]
    before, record = ana.game.to_json(), saved(services, ana)
    with pytest.raises(Rejected) as refused:
        ana.go_back(2)
    assert refused.value.kind is Refusal.NOT_UNDOABLE
    assert ana.game.to_json() == before and saved(services, ana) == record
    ana.go_back(3)  # just after the settlement: the cubes come back
    assert (ana.state.phase, ana.state.to_place, ana.state.financiers) == (
        Phase.PRODUCTION, 3, 1)
    ana.undo()
    assert ana.game.actions == Game.from_json(before, catalog()).actions


def test_at_a_table_bringing_back_is_checked_by_the_table_as_playing_is() -> None:
    services = memory_services()
    ana, _ = two_seats(services)
    ana.go_back(3)
    checked: list[object] = []
    ana.referee = checked.append
    ana.undo()
    assert checked == [Place(count=1), Place(count=2)]
    ana.redo()  # going back again takes nothing the table settled
    assert len(ana.game.actions) == 3
