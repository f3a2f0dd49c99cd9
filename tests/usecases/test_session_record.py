"""A session's game as the store keeps it, read back (`companion.usecases.session`): every
field of the record, a damaged record refused in words, a finished scenario game kept
with its attempt, and the lines that name the game on screen."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.i18n import set_language
from companion.rules.actions import Construct, End, NextStep, Place, Recycle, Start
from companion.rules.errors import Rejected
from companion.rules.scenarios import Scenario, Thresholds
from companion.rules.state import Phase
from companion.shipped.catalog import catalog
from companion.store.identity import with_id
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import (
    GameSession,
    SessionError,
    _revision,
    game_payload,
    phase_label,
    saved_state,
)

STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")
SEAT = {"id": "t1", "seat": 1, "names": ["Ana", "Bo", "Cy"], "face": "A",
        "expansions": ["base", "ca"]}
ANIMALS = 30
"""Robotic Animals: Energy 1, Science 2, for 2 points and a General (1 point)."""
EASY = Scenario(id="easy", expansion="base", names={"en": "Easy"}, required=(ANIMALS,),
                thresholds=Thresholds(1, 3, 4))
"""Won once Robotic Animals is built, silver with its 3 points."""


NO_START = "A game starts with its setup (a 'start' action)"


def services(**scenarios: Scenario) -> Services:
    return Services(catalog=catalog(), backend=MemoryBackend(), scenarios=scenarios)


def to_the_end(session: GameSession, onto: int | None = None) -> None:
    """Every step played, the cubes on the card numbered `onto` while it takes them and
    the rest on the Empire, then the game ended."""
    while not session.state.finished:
        state = session.state
        try:
            if not state.to_place:
                session.play(NextStep())
                continue
            try:
                session.play(Place(onto, state.to_place))
            except Rejected:
                session.play(Place(None, state.to_place))
        except Rejected:
            session.play(End())


def test_a_new_game_is_saved_at_once_with_every_field() -> None:
    shared = services()
    start = Start(empire="Panafrican Union", face="A", mode="table", players=3,
                  expansions=("base", "ca"))
    session = GameSession.new(shared, start, ["Ana", "Cy"], table=dict(SEAT))
    assert re.fullmatch(r"[0-9a-f]{32}", session.id) and STAMP.fullmatch(session.created)
    record = shared.backend.game(session.id)
    assert record is not None and STAMP.fullmatch(record["updated"])
    assert {key: value for key, value in record.items() if key != "updated"} == {
        "id": session.id, "mode": "table", "players": 3, "names": ["Ana", "Cy"],
        "empires": ["Panafrican Union"], "face": "A", "expansions": ["base", "ca"],
        "scenario": None, "created": session.created, "finished": False, "score": None,
        "built": [], "drafted": [], "round": 1, "version": 1,
        "actions": [{"type": "start", "empire": "Panafrican Union", "face": "A",
                     "mode": "table", "players": 3, "scenario": None, "required": [],
                     "expansions": ["base", "ca"], "variant_faces": False}],
        "redo": [], "table": SEAT, "revision": 1}
    assert session.record()["table"] is not session.table  # a copy: the seat stays
    solo = GameSession.new(shared, Start(empire="Noram States"))
    assert (solo.names, solo.table, solo.revision) == ([], None, 1)
    assert "table" not in solo.record()


def test_a_scenario_game_learns_its_required_cards_at_once() -> None:
    session = GameSession.new(services(), Start(empire="Noram States", face="B",
                                                scenario="base-1",
                                                required=(51, 14, 34, 68)))
    assert session.cards == {1: 51, 2: 14, 3: 34, 4: 68}


def test_a_saved_game_comes_back_as_it_was() -> None:
    shared = services()
    start = Start(empire="Noram States", mode="table", players=3)
    first = GameSession.new(shared, start, ["Ana", "Cy"], table=dict(SEAT))
    first.created = "2024-05-01T10:00:00+00:00"  # made long ago
    first.play(NextStep())
    record = shared.backend.game(first.id)
    assert record is not None
    again = GameSession.resume(shared, record)
    assert (again.id, again.created, again.names, again.table, again.revision) == (
        first.id, "2024-05-01T10:00:00+00:00", ["Ana", "Cy"], SEAT, 2)
    assert again.game.actions == first.game.actions and again.record()["names"] == ["Ana", "Cy"]


@pytest.mark.parametrize(("changes", "names", "table", "revision"), [
    ({"names": "Ana"}, [], SEAT, 2),
    ({"names": [1, "Bo"]}, ["1", "Bo"], SEAT, 2),
    ({"table": "t1"}, ["Ana", "Cy"], None, 2),
    ({"revision": "2"}, ["Ana", "Cy"], SEAT, 0),
    ({"revision": True}, ["Ana", "Cy"], SEAT, 0),
    ({"revision": 7}, ["Ana", "Cy"], SEAT, 7),
])
def test_a_record_with_odd_fields_comes_back_with_what_can_be_read(
        changes: dict[str, Any], names: list[str], table: object, revision: int) -> None:
    shared = services()
    first = GameSession.new(shared, Start(empire="Noram States", mode="table", players=3),
                            ["Ana", "Cy"], table=dict(SEAT))
    first.play(NextStep())
    record = {**shared.backend.game(first.id), **changes}  # type: ignore[dict-item]
    again = GameSession.resume(shared, record)
    assert (again.names, again.table, again.revision) == (names, table, revision)


def test_a_record_without_its_id_or_date_is_given_new_ones() -> None:
    shared = services()
    first = GameSession.new(shared, Start(empire="Noram States"))
    record = {**first.record(), "id": "", "created": None}
    record.pop("names")
    again = GameSession.resume(shared, record)
    assert re.fullmatch(r"[0-9a-f]{32}", again.id) and again.id != first.id
    assert STAMP.fullmatch(again.created) and again.names == [] and again.revision == 0


@pytest.mark.parametrize(("record", "message"), [
    ([], "the saved record holds no game"),
    ({"id": "g1"}, "the saved record holds no game"),
    ({"id": "g1", "actions": "start"}, "the saved record holds no game"),
    ({"id": "g1", "actions": []}, NO_START),
    ({"id": "g1", "actions": [{"type": "next"}]}, NO_START),
])
def test_a_record_that_is_no_game_is_refused_in_words(record: object, message: str) -> None:
    with pytest.raises(SessionError) as refused:
        GameSession.resume(services(), record)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_what_a_record_replays_to() -> None:
    shared = services()
    session = GameSession.new(shared, Start(empire="Noram States"))
    session.play(NextStep())
    record = session.record()
    state = saved_state(record, shared.catalog)
    assert state is not None and state.phase is Phase.PRODUCTION and state.produced == 3
    assert saved_state(None, shared.catalog) is None
    assert saved_state({**record, "actions": None}, shared.catalog) is None
    assert saved_state({**record, "actions": [{"type": "next"}]}, shared.catalog) is None
    assert game_payload(record) == {"version": 1, "actions": record["actions"], "redo": []}
    assert game_payload({"id": "g1", "actions": []}) == {"actions": []}


@pytest.mark.parametrize(("record", "revision"), [
    ({}, 0), ({"revision": 3}, 3), ({"revision": 0}, 0), ({"revision": None}, 0),
    ({"revision": False}, 0), ({"revision": True}, 0), ({"revision": 2.0}, 0),
])
def test_a_records_revision_is_a_whole_number_or_0(record: dict[str, Any], revision: int
                                                   ) -> None:
    assert _revision(record) == revision


def test_a_finished_scenario_game_is_kept_with_its_attempt() -> None:
    shared = services(easy=EASY)
    session = GameSession.new(shared, Start(empire="Noram States", face="B",
                                            scenario="easy", required=(ANIMALS,)))
    to_the_end(session, onto=1)
    record = shared.backend.game(session.id)
    assert record is not None and record["finished"] is True and record["round"] == 4
    assert record["score"] == {"raw": 2, "combo": 0, "duo": 0, "generals": 1,
                               "financiers": 0, "total": 3}
    assert record["built"] == [ANIMALS]
    assert record["drafted"] == []  # the scenario gave it: it was never drafted
    [attempt] = shared.backend.attempts()
    assert STAMP.fullmatch(attempt["date"])
    assert attempt == with_id({"scenario": "easy", "date": attempt["date"], "score": 3,
                               "won": True, "medal": "silver", "game": session.id})


def test_the_record_keeps_every_card_drafted_built_or_recycled_not_one_undone() -> None:
    """Noram States A produces 3 Materials; Recycling Plant costs 2 Materials."""
    shared = services()
    plant, tank, zeppelin, carrier = (shared.catalog.card(name).id for name in (
        "Recycling Plant", "Tank Division", "Zeppelin", "Aircraft Carrier"))
    session = GameSession.new(shared, Start(empire="Noram States"))
    for move in (Construct(plant), Recycle(tank), Recycle(zeppelin), Construct(carrier)):
        session.play(move)
    session.undo()  # the Aircraft Carrier goes back to the hand: no draft
    record = shared.backend.game(session.id)
    assert record is not None and record["redo"] == [{"type": "construct", "card": carrier}]
    assert (record["built"], record["drafted"]) == ([], [plant, tank, zeppelin])
    session.play(NextStep())
    session.play(Place(1, 2))  # Recycling Plant built
    record = shared.backend.game(session.id)
    assert record is not None
    assert (record["built"], record["drafted"]) == ([plant], [plant, tank, zeppelin])


def test_a_lost_scenario_is_an_attempt_without_a_medal() -> None:
    shared = services(easy=EASY)
    session = GameSession.new(shared, Start(empire="Noram States", face="B",
                                            scenario="easy", required=(ANIMALS,)))
    to_the_end(session)  # every cube on the Empire: Robotic Animals never built
    [attempt] = shared.backend.attempts()
    assert (attempt["won"], attempt["medal"], attempt["score"]) == (False, None, 0)


def test_a_game_of_no_known_scenario_has_no_attempt() -> None:
    shared = services()
    session = GameSession.new(shared, Start(empire="Noram States", face="B",
                                            scenario="easy", required=(ANIMALS,)))
    to_the_end(session, onto=1)
    free = GameSession.new(shared, Start(empire="Noram States"))
    to_the_end(free)
    assert shared.backend.attempts() == []


def test_the_game_is_named_in_the_players_language() -> None:
    session = GameSession.new(services(), Start(empire="Noram States", face="B"))
    assert session.empire_line() == "Noram States (face B)"
    assert session.headline() == "Noram States (face B) · Round 1 · Planning"
    set_language("fr")
    assert session.empire_line().startswith("États du Noram")


def test_each_phase_says_where_the_game_is() -> None:
    session = GameSession.new(services(), Start(empire="Noram States"))
    state = session.state
    assert phase_label(state) == "Round 1 · Planning"
    session.play(NextStep())
    assert phase_label(session.state) == "Round 1 · Production: Materials"
    to_the_end(session)
    assert phase_label(session.state) == "Game over"
    extra = GameSession.new(services(), Start(empire="Noram States")).state
    extra.phase, extra.round = Phase.EXTRA, 3
    assert phase_label(extra) == "Round 3 · Cards' tokens"
