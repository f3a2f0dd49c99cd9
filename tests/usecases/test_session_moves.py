"""A game played through its session (`companion.usecases.session`): each move saved at
once, or nothing changed; what Undo and Redo say they will do, by the card's name even
once it is built; and what a shared table's seat may not take back on its own.

Noram States A produces 3 Materials and 1 Gold; Recycling Plant costs 2 Materials."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.rules.actions import Action, Construct, NextStep, Opponents, Place, Start
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import catalog
from companion.store.errors import StoreConflict, StoreError
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession

PLANT = 6
SEAT = {"id": "t1", "seat": 0, "names": ["Ana", "Bo"], "face": "A", "expansions": ["base"]}
NOT_ALONE = ("This step's supremacy was settled for the whole table with every player's "
             "total: it cannot be undone on one phone")


def services(backend: MemoryBackend | None = None) -> Services:
    return Services(catalog=catalog(), backend=backend or MemoryBackend())


def solo(shared: Services | None = None) -> GameSession:
    return GameSession.new(shared or services(), Start(empire="Noram States"))


def seat(shared: Services | None = None) -> GameSession:
    """Ana's seat at a table of two, at its first Materials step, settled."""
    session = GameSession.new(shared or services(),
                              Start(empire="Noram States", mode="table", players=2), ["Bo"],
                              table=dict(SEAT))
    session.play(NextStep())
    session.play(Opponents((2,)))
    return session


def built_plant(session: GameSession) -> None:
    session.play(Construct(PLANT))
    session.play(NextStep())
    session.play(Place(1, 2))  # Recycling Plant built: no longer under construction


def saved(session: GameSession) -> dict[str, Any]:
    record = session.services.backend.game(session.id)
    assert record is not None
    return record


def test_each_move_is_saved_at_once_and_told() -> None:
    session = solo()
    revisions: list[int] = []
    played: list[int] = []
    session.on_saved = revisions.append
    session.on_played = lambda: played.append(len(session.game.actions))
    assert session.revision == 1
    events = session.play(NextStep())
    assert [e.kind for e in events] == ["step", "no-supremacy"]
    assert session.events == events
    assert session.announcements() == ["Materials: you produce 3",
                                       "No Materials supremacy bonus this round"]
    assert (session.revision, revisions, played) == (2, [2], [2])
    assert len(saved(session)["actions"]) == 2 and saved(session)["revision"] == 2


def test_a_refused_move_changes_neither_the_game_nor_its_save() -> None:
    session = solo()
    session.play(NextStep())
    before = saved(session)
    with pytest.raises(Rejected) as refused:
        session.play(NextStep())
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.STEP_UNFINISHED,
        "Place the 3 remaining Materials cubes first, on a card or on your Empire")
    assert saved(session) == before and len(session.game.actions) == 2
    assert session.announcements() == ["Materials: you produce 3",
                                       "No Materials supremacy bonus this round"]


def test_the_referee_sees_each_move_and_may_refuse_it() -> None:
    session = solo()
    seen: list[Action] = []

    def referee(action: Action) -> None:
        seen.append(action)
        if isinstance(action, Construct):
            raise Rejected(Refusal.NO_COPY_LEFT, "taken")

    session.referee = referee
    with pytest.raises(Rejected):
        session.play(Construct(PLANT))
    session.play(NextStep())
    session.undo()
    session.redo()
    assert seen == [Construct(PLANT), NextStep(), NextStep()]
    assert saved(session)["revision"] == 4


class Broken(MemoryBackend):
    fail: type[Exception] | None = None

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None
                  ) -> int:
        if self.fail is not None:
            raise self.fail("The disk is full")
        return super().save_game(record, expected_revision)


@pytest.mark.parametrize("move", ["play", "undo", "redo", "go_back"])
def test_a_move_that_cannot_be_saved_is_not_made(move: str) -> None:
    backend = Broken()
    session = solo(services(backend))
    session.play(Construct(PLANT))
    session.play(NextStep())
    session.undo()
    before = session.game.to_json()
    backend.fail = StoreError
    moves: dict[str, Callable[[], object]] = {
        "play": lambda: session.play(Construct(9)), "undo": session.undo,
        "redo": session.redo, "go_back": lambda: session.go_back(1)}
    with pytest.raises(StoreError):
        moves[move]()
    assert session.game.to_json() == before
    assert session.revision == 4


def test_a_tab_that_fell_behind_is_refused_and_shown_the_game_as_it_is() -> None:
    shared = services()
    mine = solo(shared)
    other = GameSession.resume(shared, saved(mine))
    other.play(NextStep())  # another tab moves first
    with pytest.raises(StoreConflict):
        mine.play(Construct(PLANT))
    assert mine.game.actions == other.game.actions and mine.revision == 2
    mine.play(Place(None, 3))
    assert saved(mine)["revision"] == 3


def test_a_tab_catches_up_only_when_it_is_behind() -> None:
    shared = services()
    mine = solo(shared)
    other = GameSession.resume(shared, saved(mine))
    assert mine.reload_if_behind() is False
    other.play(Construct(PLANT))
    mine.events = other.events
    assert mine.reload_if_behind() is True
    assert (mine.game.actions, mine.revision, mine.events) == (other.game.actions, 2, [])
    assert mine.card_of(1) == PLANT
    assert mine.reload_if_behind() is False
    shared.backend.delete_game(mine.id)
    assert mine.reload_if_behind() is False
    mine.reload()  # gone: kept as it was
    assert mine.revision == 2


def test_a_reload_takes_the_names_and_the_seat_as_saved() -> None:
    shared = services()
    mine = seat(shared)
    record = saved(mine)
    record.update(names=["Bruno"], table={**SEAT, "names": ["Ana", "Bruno"]})
    shared.backend.save_game(record)
    mine.reload()
    assert (mine.names, mine.table, mine.revision) == (
        ["Bruno"], {**SEAT, "names": ["Ana", "Bruno"]}, 4)


def test_undo_and_redo_name_the_move_and_the_card_even_once_built() -> None:
    session = solo()
    assert (session.undo_label(), session.redo_label()) == (None, None)
    built_plant(session)
    assert session.state.under_construction == []
    assert session.undo_label() == "Place 2 on Recycling Plant"
    again = GameSession.resume(session.services, saved(session))
    assert again.undo_label() == "Place 2 on Recycling Plant"
    assert (again.card_of(1), again.card_of(2)) == (PLANT, None)
    session.undo()
    assert session.events == []
    assert (session.undo_label(), session.redo_label()) == (
        "Go to the next step", "Place 2 on Recycling Plant")
    session.undo()
    session.undo()
    assert session.redo_label() == "Build Recycling Plant"
    session.play(Construct(9))  # the number 1 is Wind Turbines' now
    assert session.card_of(1) == 9
    assert session.undo_label() == "Build Wind Turbines"


def test_going_back_is_one_move_that_undo_brings_back() -> None:
    session = solo()
    built_plant(session)
    played: list[str] = []
    session.on_played = lambda: played.append("played")
    session.events = ["stale"]  # type: ignore[list-item]
    assert session.go_back(1) == (Construct(PLANT), NextStep(), Place(1, 2))
    assert (session.events, played, len(session.game.actions)) == ([], [], 1)
    assert (session.undo_label(), session.redo_label()) == (
        "Bring back 3 moves", "Build Recycling Plant")
    session.undo()
    assert played == ["played"]  # moves brought back are played again: the table hears
    assert session.card_of(1) == PLANT and len(session.game.actions) == 4
    assert session.redo_label() == "Go back 3 moves"
    session.redo()
    assert played == ["played"] and len(session.game.actions) == 1
    session.undo()
    session.go_back(3)
    assert session.undo_label() == "Bring back 1 move"
    session.undo()
    assert session.redo_label() == "Go back 1 move"
    session.events = ["stale"]
    session.redo()
    assert session.events == []
    session.undo()
    session.undo()
    assert session.redo_label() == "Place 2 on Recycling Plant"
    session.redo()  # a move played again is played: 5 in all, none for going back
    assert played == ["played"] * 5


def test_moves_brought_back_are_each_checked_by_the_referee() -> None:
    session = solo()
    built_plant(session)
    session.go_back(1)

    def referee(action: Action) -> None:
        if isinstance(action, Construct):
            raise Rejected(Refusal.NO_COPY_LEFT, "Recycling Plant is taken")

    session.referee = referee
    with pytest.raises(Rejected) as refused:
        session.undo()
    assert str(refused.value) == "Recycling Plant is taken"
    assert len(session.game.actions) == 1 and saved(session)["revision"] == 5


def test_a_seat_cannot_take_back_the_tables_supremacy_alone() -> None:
    session = seat()
    assert session.undo_label() == "Other players' totals: 2"
    before = saved(session)
    for move in (session.undo, lambda: session.go_back(2)):
        with pytest.raises(Rejected) as refused:
            move()
        assert (refused.value.kind, str(refused.value)) == (Refusal.NOT_UNDOABLE, NOT_ALONE)
    assert saved(session) == before
    session.play(Place(None, 3))
    session.play(NextStep())
    earliest, why = session.earliest_go_back()
    assert earliest == 3 and why is not None and str(why) == NOT_ALONE
    session.go_back(3)
    session.undo()
    assert len(session.game.actions) == 5


def test_a_seat_does_not_redo_a_going_back_over_the_tables_supremacy() -> None:
    """A game gone back over its totals before it was a seat (saved by an older app):
    going back again is refused once it is one."""
    shared = services()
    session = seat(shared)
    session.table = None
    session.go_back(1)
    session.undo()  # brought back: Redo would go back over the totals again
    record = {**saved(session), "table": dict(SEAT)}
    shared.backend.save_game(record)
    again = GameSession.resume(shared, record)
    assert again.redo_label() == "Go back 2 moves"
    with pytest.raises(Rejected) as refused:
        again.redo()
    assert (refused.value.kind, str(refused.value)) == (Refusal.NOT_UNDOABLE, NOT_ALONE)
    assert len(again.game.actions) == 3


def test_a_solo_game_may_go_back_to_any_move() -> None:
    session = solo()
    built_plant(session)
    assert session.earliest_go_back() == (1, None)
    session.go_back(1)
    session.undo()
    assert session.earliest_go_back() == (1, None)


def test_a_seat_settled_at_its_last_move_may_go_back_to_after_it() -> None:
    session = seat()
    earliest, why = session.earliest_go_back()
    assert earliest == 3 and why is not None and why.kind is Refusal.NOT_UNDOABLE
    session.play(Place(None, 3))
    assert session.earliest_go_back()[0] == 3


def test_every_move_asks_the_gate_first() -> None:
    session = solo()
    session.play(NextStep())
    asked: list[str] = []

    def gate() -> None:
        asked.append("asked")
        raise Rejected(Refusal.SEAT_TAKEN, "another phone")

    session.gate = gate
    for move in (lambda: session.play(Place(None, 3)), session.undo, session.redo,
                 lambda: session.go_back(1)):
        with pytest.raises(Rejected):
            move()
    assert len(asked) == 4 and saved(session)["revision"] == 2
