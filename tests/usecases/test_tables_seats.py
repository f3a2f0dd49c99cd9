"""A shared table's seats (`companion.usecases.tables`): joining one, each seat's state as
saved (replayed once per revision, never stale), who each seat waits for, and which
phone plays it; every change of holder is heard by the other phones."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.actions import Construct, NextStep, Start
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession
from companion.usecases.tables import SeatHeld, SharedTable, TableHub, table_hub

EMPIRES = ("Noram States", "Panafrican Union", "Aztec Empire")


def services(backend: MemoryBackend | None = None) -> Services:
    return Services(catalog=catalog(), backend=backend or MemoryBackend())


def three(hub: TableHub, expansions: tuple[str, ...] = ("base",)
          ) -> tuple[SharedTable, list[GameSession]]:
    table = hub.create(["Ana", "Bo", "Chloé"], "A", list(expansions))
    return table, [hub.join(table, seat, empire) for seat, empire in enumerate(EMPIRES)]


def heard(hub: TableHub) -> list[tuple[str, int]]:
    told: list[tuple[str, int]] = []
    hub.listen("tab", lambda table_id, version: told.append((table_id, version)))
    return told


# --- joining --------------------------------------------------------------------------


def test_a_seat_joins_as_a_table_game_that_names_the_others_and_its_table() -> None:
    shared = services()
    hub = table_hub(shared)
    table = hub.create(["Ana", "Bo", "Chloé"], "A", ["ca"])
    told = heard(hub)
    bo = hub.join(table, 1, "Panafrican Union")
    assert table.seats == [None, bo.id, None]
    assert told == [(table.id, 1)]
    record = shared.backend.game(bo.id)
    assert record is not None
    assert {key: record[key] for key in ("mode", "players", "names", "empires", "face",
                                         "expansions", "table")} == {
        "mode": "table", "players": 3, "names": ["Ana", "Chloé"],
        "empires": ["Panafrican Union"], "face": "A", "expansions": ["base", "ca"],
        "table": {"id": table.id, "seat": 1, "names": ["Ana", "Bo", "Chloé"], "face": "A",
                  "expansions": ["base", "ca"]}}
    assert bo.game.start == Start(empire="Panafrican Union", face="A", mode="table",
                                  players=3, expansions=("base", "ca"))
    assert bo.table == record["table"] and bo.names == ["Ana", "Chloé"]
    ana = hub.join(table, 0, "Noram States")
    chloe = hub.join(table, 2, "Aztec Empire")
    assert table.seats == [ana.id, bo.id, chloe.id]
    assert (ana.names, chloe.names) == (["Bo", "Chloé"], ["Ana", "Bo"])


@pytest.mark.parametrize(("seat", "empire", "kind", "message"), [
    (-1, "Aztec Empire", Refusal.UNKNOWN_PLAYER, "This table has no seat 0"),
    (3, "Aztec Empire", Refusal.UNKNOWN_PLAYER, "This table has no seat 4"),
    (0, "Aztec Empire", Refusal.SEAT_TAKEN, "Ana has already chosen an Empire"),
    (2, "Noram States", Refusal.EMPIRE_TAKEN,
     "Noram States is already another player's Empire: choose another"),
])
def test_a_seat_that_cannot_join_says_why_and_changes_nothing(
        seat: int, empire: str, kind: Refusal, message: str) -> None:
    shared = services()
    hub = table_hub(shared)
    table = hub.create(["Ana", "Bo", "Chloé"], "A", [])
    ana = hub.join(table, 0, "Noram States")
    with pytest.raises(Rejected) as refused:
        hub.join(table, seat, empire)
    assert (refused.value.kind, str(refused.value)) == (kind, message)
    assert table.seats == [ana.id, None, None]
    assert [record["id"] for record in shared.backend.ongoing_games()] == [ana.id]
    assert hub.version(table.id) == 1


def test_a_seat_of_another_face_is_refused_with_the_tables_face() -> None:
    shared = services()
    hub = table_hub(shared)
    table = hub.create(["Ana", "Bo"], "B", [])
    hub.join(table, 0, "Noram States")
    table.face = "A"  # a table read back from a record of another face
    with pytest.raises(Rejected) as refused:
        hub.join(table, 1, "Aztec Empire")
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.EMPIRE_FACE, "This table plays face B: every player uses the same face")


# --- every seat's state ---------------------------------------------------------------


def test_each_seats_state_is_replayed_once_per_saved_revision() -> None:
    shared = services()
    hub = table_hub(shared)
    table = hub.create(["Ana", "Bo", "Chloé"], "A", [])
    ana = hub.join(table, 0, "Noram States")
    first = hub.states(table)
    assert first[1:] == [None, None]
    assert first[0] is not None and first[0].empire.name == "Noram States"
    assert hub.states(table)[0] is first[0]  # nothing saved since: not replayed again
    ana.play(NextStep())
    now = hub.states(table)[0]
    assert now is not None and now.step is not None and now.step.value == "M"
    ana.undo()
    back = hub.states(table)[0]
    assert back is not None and back.step is None and back is not now


def saved(backend: MemoryBackend, game_id: str, **changes: Any) -> None:
    """A record as another device's import leaves it: its revision may repeat."""
    backend.games[game_id] = {**backend.games[game_id], **changes}


def test_a_record_of_the_same_revision_with_other_moves_is_replayed_again() -> None:
    backend = MemoryBackend()
    shared = services(backend)
    hub = table_hub(shared)
    table, (ana, _, _) = three(hub)
    ana.play(NextStep())
    two = backend.games[ana.id]["actions"]
    before = hub.states(table)[0]
    assert before is not None and before.step is not None
    saved(backend, ana.id, actions=two[:1], redo=two[1:])
    one = hub.states(table)[0]
    assert one is not None and one.step is None  # the same revision, one move fewer
    saved(backend, ana.id, actions=two[:1], redo=[])
    again = hub.states(table)[0]
    assert again is not None and again is not one and again.step is None
    saved(backend, ana.id, actions=two, redo=[])
    assert hub.states(table)[0] is not before


@pytest.mark.parametrize("changes", [
    {"actions": None}, {"actions": "start"}, {"actions": []},
    {"redo": "next"}, {"redo": None}, {"redo": 3}, {"redo": [{"type": "nonsense"}]},
])
def test_a_seat_whose_record_holds_no_game_has_no_state(changes: dict[str, Any]) -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, _, _) = three(hub)
    assert hub.states(table)[0] is not None
    saved(backend, ana.id, **changes)
    assert hub.states(table)[0] is None
    saved(backend, ana.id, actions=[{"type": "start", "empire": "Noram States",
                                     "mode": "table", "players": 3}], redo=[])
    state = hub.states(table)[0]
    assert state is not None and state.empire.name == "Noram States"


def test_a_bad_record_replaced_at_the_same_revision_is_read_again() -> None:
    """The replay is keyed by what a record holds, not only its revision: a damaged copy
    read once must not hide the good one imported in its place."""
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, _, _) = three(hub)
    ana.play(NextStep())
    ana.undo()
    good = backend.games[ana.id]
    assert (len(good["actions"]), len(good["redo"])) == (1, 1)
    for bad in ({"actions": "x"}, {"redo": "x"}):
        saved(backend, ana.id, **bad)
        assert hub.states(table)[0] is None
        saved(backend, ana.id, **{key: good[key] for key in ("actions", "redo")})
        assert hub.states(table)[0] is not None


def test_a_move_taken_back_and_another_played_is_seen_though_as_many_moves_are_saved(
        ) -> None:
    """Undo then a new move leaves as many moves as before, and no redo: the state is
    replayed again because the revision moved on."""
    hub = table_hub(services())
    table, (ana, _, _) = three(hub)
    ana.play(NextStep())
    before = hub.states(table)[0]
    assert before is not None and before.phase.value == "production"
    ana.undo()
    ana.play(Construct(11))
    after = hub.states(table)[0]
    assert after is not None and after.phase.value == "planning"
    assert [c.card.id for c in after.under_construction] == [11]


def test_a_seat_whose_game_is_gone_has_no_state() -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, bo, _) = three(hub)
    backend.delete_game(bo.id)
    states = hub.states(table)
    assert states[1] is None and states[0] is not None and states[2] is not None
    assert hub.states(table)[0] is states[0]
    assert ana.id in table.seats


def test_a_seat_sees_its_own_state_as_played_and_the_others_as_saved() -> None:
    shared = services()
    hub = table_hub(shared)
    table, (ana, bo, chloe) = three(hub)
    ana.game.play(NextStep())  # played here, not saved yet
    here = hub.at_table(ana)
    assert here is not None
    assert (here.table, here.seat) == (table, 0)
    assert here.states[0] is ana.state
    assert [s.empire.name if s else None for s in here.states] == list(EMPIRES)
    other = hub.at_table(chloe)
    assert other is not None and other.seat == 2
    assert other.states[0] is not None and other.states[0].step is None  # as saved
    assert hub.seat_of(bo) == (table, 1)


def test_a_seat_of_a_table_no_longer_found_is_at_no_table() -> None:
    backend = MemoryBackend()
    table, (ana, _, _) = three(table_hub(services(backend)))
    lost = GameSession.resume(services(), backend.games[ana.id])  # its table's games gone
    hub = table_hub(lost.services)
    assert hub.seat_of(lost) is None and hub.at_table(lost) is None
    assert hub.waiting(lost) is None
    assert hub.find(table.id) is None


def test_a_seat_waits_by_name_for_those_arriving_and_those_placing() -> None:
    hub = table_hub(services())
    table = hub.create(["Ana", "Bo", "Chloé"], "A", [])
    ana = hub.join(table, 0, "Noram States")
    assert hub.waiting(ana) == ([], [])  # in Planning: nobody to wait for
    ana.play(NextStep())
    assert hub.waiting(ana) == (["Bo", "Chloé"], [])
    bo = hub.join(table, 1, "Panafrican Union")
    bo.play(NextStep())
    assert hub.waiting(ana) == (["Chloé"], ["Bo"])
    assert hub.waiting(bo) == (["Chloé"], ["Ana"])
    solo = GameSession.new(hub.services, Start(empire="Aztec Empire"))
    assert hub.waiting(solo) is None


# --- who plays each seat --------------------------------------------------------------


def test_every_change_of_holder_is_heard_and_asking_twice_is_not_a_change() -> None:
    hub = table_hub(services())
    table, _ = three(hub)
    told = heard(hub)
    assert hub.holder(table, 0) is None
    hub.sit(table, 0, "tab-a", "phone-a")
    hub.sit(table, 0, "tab-a", "phone-a")
    hub.sit(table, 1, "tab-b")
    assert told == [(table.id, 4), (table.id, 5)]
    assert (hub.holder(table, 0), hub.holder(table, 1), hub.holder(table, 2)) == (
        "tab-a", "tab-b", None)
    hub.sit(table, 0, "tab-c", "phone-c", take_over=True)
    assert told[-1] == (table.id, 6) and hub.holder(table, 0) == "tab-c"


def test_a_held_seat_is_asked_for_by_name_and_stays_with_its_holder() -> None:
    hub = table_hub(services())
    table, _ = three(hub)
    hub.sit(table, 2, "tab-a", "phone-a")
    told = heard(hub)
    with pytest.raises(SeatHeld) as asked:
        hub.sit(table, 2, "tab-b", "phone-b")
    assert (asked.value.kind, str(asked.value), asked.value.name) == (
        Refusal.SEAT_TAKEN, "Chloé is playing on another phone: take this seat over here?",
        "Chloé")
    assert hub.holder(table, 2) == "tab-a" and told == []


def test_a_phone_that_no_longer_plays_a_seat_is_told_whose_seat_it_was() -> None:
    hub = table_hub(services())
    table, _ = three(hub)
    hub.check_holder(table, 1, "anyone")  # nobody holds it: anyone may play
    hub.sit(table, 1, "tab-a")
    hub.check_holder(table, 1, "tab-a")
    with pytest.raises(Rejected) as refused:
        hub.check_holder(table, 1, "tab-b")
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.SEAT_TAKEN,
        "Bo's seat is now played on another phone: this phone no longer plays it.")
    hub.check_holder(table, 0, "tab-b")  # another seat: not held


def test_an_unknown_device_is_always_asked_even_while_the_holder_is_away() -> None:
    hub = table_hub(services())
    table, _ = three(hub)
    hub.sit(table, 0, "old-tab")
    hub.away("old-tab", True)
    with pytest.raises(SeatHeld):
        hub.sit(table, 0, "new-tab")


def test_the_same_device_is_asked_again_once_its_old_tab_is_back() -> None:
    hub = table_hub(services())
    table, _ = three(hub)
    hub.sit(table, 0, "old-tab", "phone-a")
    hub.away("old-tab", True)
    hub.away("old-tab", False)  # it woke up: it still plays the seat
    with pytest.raises(SeatHeld):
        hub.sit(table, 0, "new-tab", "phone-a")
    hub.away("old-tab", True)
    with pytest.raises(SeatHeld):
        hub.sit(table, 0, "new-tab", "phone-b")  # another device
    hub.sit(table, 0, "new-tab", "phone-a")
    assert hub.holder(table, 0) == "new-tab"


def test_a_tab_gone_for_good_frees_its_seats_at_every_table_and_each_table_hears() -> None:
    hub = table_hub(services())
    first, _ = three(hub)
    second = hub.create(["Di", "Eve"], "A", [])
    hub.sit(first, 0, "tab-a", "phone-a")
    hub.sit(first, 2, "tab-a", "phone-a")
    hub.sit(first, 1, "tab-b", "phone-b")
    hub.sit(second, 1, "tab-a", "phone-a")
    hub.away("tab-a", True)
    told = heard(hub)
    hub.leave("somebody-else")
    assert told == []
    hub.leave("tab-a")
    assert sorted(told) == sorted([(first.id, 7), (second.id, 2)])
    assert [hub.holder(first, seat) for seat in range(3)] == [None, "tab-b", None]
    assert hub.holder(second, 1) is None
    hub.sit(first, 0, "tab-a", "phone-a")  # the same token again: no longer away
    with pytest.raises(SeatHeld):
        hub.sit(first, 0, "tab-a2", "phone-a")


def test_a_tab_holding_a_seat_of_a_table_not_in_memory_leaves_quietly() -> None:
    hub = table_hub(services())
    ghost = SharedTable("ghost", ("Ana", "Bo"), "A", ("base",), [None, None])
    hub.sit(ghost, 0, "tab-a")
    told = heard(hub)
    hub.leave("tab-a")
    assert told == [] and hub.holder(ghost, 0) is None


def test_a_construction_of_a_card_whose_copies_are_taken_is_refused_by_the_table() -> None:
    hub = table_hub(services())
    table, (ana, bo, _) = three(hub)
    ana.play(Construct(11))  # Aircraft Carrier: 1 copy
    with pytest.raises(Rejected) as refused:
        hub.check(bo, Construct(11))
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.NO_COPY_LEFT, "The deck has 1 Aircraft Carrier, already taken at this table")
    assert table.seats[1] == bo.id
