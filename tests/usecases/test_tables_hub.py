"""A shared table made, found again and heard of (`companion.usecases.tables`): one truth
across phones, so a table read back from its seats' games after a restart is the table
that was made, and every change reaches every listener with one version number."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.actions import NextStep, Start
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession
from companion.usecases.tables import (
    SeatHeld,
    SharedTable,
    TableHub,
    table_from_tag,
    table_hub,
)


def services(backend: MemoryBackend | None = None) -> Services:
    return Services(catalog=catalog(), backend=backend or MemoryBackend())


def heard(hub: TableHub) -> list[tuple[str, int]]:
    told: list[tuple[str, int]] = []
    hub.listen("tab", lambda table_id, version: told.append((table_id, version)))
    return told


TAG: dict[str, Any] = {"id": "t1", "seat": 1, "names": ["Ana", "Bo", "Chloé"], "face": "B",
                       "expansions": ["base", "ca"]}


def test_a_held_seat_asks_to_take_it_over_in_words() -> None:
    held = SeatHeld("Ana")
    assert (held.kind, str(held), held.name) == (
        Refusal.SEAT_TAKEN, "Ana is playing on another phone: take this seat over here?", "Ana")


def test_a_seat_tag_keeps_the_whole_table_and_reads_back_as_it() -> None:
    table = SharedTable("t1", ("Ana", "Bo", "Chloé"), "B", ("base", "ca"), [None] * 3)
    assert table.seat_tag(1) == TAG
    assert table.others(0) == ["Bo", "Chloé"]
    assert table.others(1) == ["Ana", "Chloé"]
    assert table.others(2) == ["Ana", "Bo"]
    found = table_from_tag(TAG)
    assert found is not None
    again, seat = found
    assert seat == 1
    assert again == SharedTable("t1", ("Ana", "Bo", "Chloé"), "B", ("base", "ca"),
                                [None, None, None])


@pytest.mark.parametrize(("changes", "seat", "expansions"), [
    ({"seat": 0}, 0, ("base", "ca")),
    ({"seat": 2}, 2, ("base", "ca")),
    ({"names": ["Ana", "Bo"], "seat": 1}, 1, ("base", "ca")),
    ({"names": [str(n) for n in range(7)], "seat": 6}, 6, ("base", "ca")),
    ({"face": "A"}, 1, ("base", "ca")),
    ({"expansions": []}, 1, ()),
])
def test_a_tag_of_any_table_size_and_seat_is_read(changes: dict[str, Any], seat: int,
                                                   expansions: tuple[str, ...]) -> None:
    tag = {**TAG, **changes}
    found = table_from_tag(tag)
    assert found is not None
    table, at = found
    assert (at, table.expansions, table.face) == (seat, expansions, tag["face"])
    assert table.names == tuple(tag["names"]) and table.seats == [None] * len(tag["names"])


def test_a_tag_written_before_expansions_were_kept_is_the_base_game() -> None:
    tag = {key: value for key, value in TAG.items() if key != "expansions"}
    found = table_from_tag(tag)
    assert found is not None and found[0].expansions == ("base",)


@pytest.mark.parametrize("changes", [
    {"id": ""}, {"id": 7}, {"id": None},
    {"seat": -1}, {"seat": 3}, {"seat": True}, {"seat": "1"}, {"seat": 1.0}, {"seat": None},
    {"names": ["Ana"], "seat": 0}, {"names": [str(n) for n in range(8)]},
    {"names": ["Ana", 2, "Chloé"]}, {"names": "Ana Bo"}, {"names": None},
    {"face": "C"}, {"face": None}, {"face": "a"},
    {"expansions": "base"}, {"expansions": ["base", 1]},
])
def test_a_tag_that_is_not_a_table_is_none(changes: dict[str, Any]) -> None:
    assert table_from_tag({**TAG, **changes}) is None


@pytest.mark.parametrize("tag", [None, "t1", ["t1", 1], 3])
def test_a_record_without_a_table_tag_is_at_no_table(tag: object) -> None:
    assert table_from_tag(tag) is None


# --- making a table -------------------------------------------------------------------


@pytest.mark.parametrize(("names", "expansions", "kind", "message"), [
    (["Ana"], ["base"], Refusal.PLAYER_COUNT,
     "A table has 2 to 5 players with these expansions, not 1"),
    ([], [], Refusal.PLAYER_COUNT, "A table has 2 to 5 players with these expansions, not 0"),
    (list("ABCDEF"), ["base", "wop"], Refusal.PLAYER_COUNT,
     "A table has 2 to 5 players with these expansions, not 6"),
    (list("ABCDEFGH"), ["ca"], Refusal.PLAYER_COUNT,
     "A table has 2 to 7 players with these expansions, not 8"),
    (["Ana", "  "], [], Refusal.BAD_NAME, "Give player 2 a name"),
    (["", "Bo"], [], Refusal.BAD_NAME, "Give player 1 a name"),
    (["Ana", "Bo", "\t"], [], Refusal.BAD_NAME, "Give player 3 a name"),
    (["Ana", "Bo", "ana"], [], Refusal.NAME_TAKEN,
     "Two players are called Ana: give each a different name"),
    (["Ana", "Bo", " Bo "], [], Refusal.NAME_TAKEN,
     "Two players are called Bo: give each a different name"),
])
def test_a_table_that_cannot_be_made_says_why(names: list[str], expansions: list[str],
                                              kind: Refusal, message: str) -> None:
    hub = table_hub(services())
    with pytest.raises(Rejected) as refused:
        hub.create(names, "A", expansions)
    assert (refused.value.kind, str(refused.value)) == (kind, message)
    assert hub.tables() == []


@pytest.mark.parametrize("face", ["C", "a", ""])
def test_a_table_plays_face_a_or_b(face: str) -> None:
    with pytest.raises(Rejected) as refused:
        table_hub(services()).create(["Ana", "Bo"], face, [])
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.EMPIRE_FACE, "A table plays face A or face B")


@pytest.mark.parametrize(("count", "expansions", "kept"), [
    (2, [], ("base",)),
    (5, ["base"], ("base",)),
    (7, ["wop", "ca"], ("base", "ca", "wop")),
    (6, ["ca", "nonsense"], ("base", "ca")),
])
def test_a_table_is_made_with_its_names_cleaned_and_its_expansions_in_order(
        count: int, expansions: list[str], kept: tuple[str, ...]) -> None:
    hub = table_hub(services())
    names = [f"  Player   {n} " for n in range(count)]
    table = hub.create(names, "B", expansions)
    assert table.names == tuple(f"Player {n}" for n in range(count))
    assert (table.face, table.expansions, table.seats) == ("B", kept, [None] * count)
    assert len(table.id) == 12 and int(table.id, 16) >= 0
    assert hub.find(table.id) is table
    assert hub.tables() == [table]  # no seat yet, but listed: it is waiting for its players


def test_a_name_is_cut_to_40_characters() -> None:
    table = table_hub(services()).create(["A" * 41, "B" * 40], "A", [])
    assert table.names == ("A" * 40, "B" * 40)


# --- found again ----------------------------------------------------------------------


def seated(hub: TableHub, names: list[str]) -> tuple[SharedTable, list[GameSession]]:
    table = hub.create(names, "A", ["base"])
    empires = ["Noram States", "Panafrican Union", "Aztec Empire"]
    return table, [hub.join(table, seat, empires[seat]) for seat in range(len(names))]


def test_a_table_is_found_again_from_its_seats_games_after_a_restart() -> None:
    backend = MemoryBackend()
    first = table_hub(services(backend))
    table, (ana, bo, chloe) = seated(first, ["Ana", "Bo", "Chloé"])
    chloe.play(NextStep())
    again = TableHub(services(backend))  # a new process: nothing in memory
    found = again.find(table.id)
    assert found is not None and found is not table
    assert found == SharedTable(table.id, ("Ana", "Bo", "Chloé"), "A", ("base",),
                                [ana.id, bo.id, chloe.id])
    assert again.find(table.id) is found  # kept: found once
    assert again.tables() == [found]
    assert again.find("no-such-table") is None


def test_a_seat_is_found_again_before_every_seat_has_its_game() -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table = hub.create(["Ana", "Bo"], "A", ["base"])
    bo = hub.join(table, 1, "Panafrican Union")
    found = TableHub(services(backend)).find(table.id)
    assert found is not None and found.seats == [None, bo.id]


def test_finished_seats_still_find_their_table_but_it_is_no_longer_listed() -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, bo) = seated(hub, ["Ana", "Bo"])
    for seat in (ana, bo):
        record = backend.games[seat.id]
        record["finished"] = True
    again = TableHub(services(backend))
    assert again.tables() == []
    found = again.find(table.id)
    assert found is not None and found.seats == [ana.id, bo.id]


def test_a_game_claiming_a_seat_of_another_table_of_the_same_id_is_not_seated() -> None:
    """A record imported from elsewhere may carry the same id with other names: the
    table read first (the most recently played game's) keeps its seats, and a seat
    already found is not taken again."""
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, bo) = seated(hub, ["Ana", "Bo"])
    ours = {game_id: backend.games[game_id] for game_id in (ana.id, bo.id)}
    ours[ana.id]["updated"] = "2024-01-01T10:00:00+00:00"
    ours[bo.id]["updated"] = "2024-01-01T09:00:00+00:00"
    stranger = dict(ours[ana.id], id="stranger", updated="2024-01-01T11:00:00+00:00")
    stranger["table"] = dict(stranger["table"], names=["Zed", "Yan"])
    backend.games = {**ours, "stranger": stranger}
    found = TableHub(services(backend)).find(table.id)
    assert found is not None
    assert (found.names, found.seats) == (("Zed", "Yan"), ["stranger", None])
    twin = dict(ours[ana.id], id="twin", updated="2024-01-01T11:00:00+00:00")
    backend.games = {**ours, "twin": twin}
    found = TableHub(services(backend)).find(table.id)
    assert found is not None and found.seats == ["twin", bo.id]


def test_a_game_at_no_table_finds_no_table() -> None:
    backend = MemoryBackend()
    solo = GameSession.new(services(backend), Start(empire="Noram States"))
    hub = TableHub(services(backend))
    assert hub.tables() == []
    assert hub.seat_of(solo) is None and hub.at_table(solo) is None


# --- heard of -------------------------------------------------------------------------


def test_every_listener_hears_each_change_with_the_tables_id_and_new_version() -> None:
    hub = table_hub(services())
    assert hub.version("anything") == 0
    table = hub.create(["Ana", "Bo"], "A", [])
    other = hub.create(["Cy", "Di"], "A", [])
    told, also = heard(hub), []
    hub.listen("tab", lambda table_id, version: told.append(("twice", version)))
    hub.listen("server", lambda table_id, version: also.append((table_id, version)))
    ana = hub.join(table, 0, "Noram States")
    assert told == also == [(table.id, 1)]  # its first write came before it was a seat
    assert (hub.version(table.id), hub.version(other.id)) == (1, 0)
    ana.play(NextStep())
    hub.join(other, 0, "Noram States")
    assert told == [(table.id, 1), (table.id, 2), (other.id, 1)]


def test_a_table_hears_only_of_its_own_seats_and_of_every_import() -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, _) = seated(hub, ["Ana", "Bo"])
    other, _ = seated(hub, ["Cy", "Di"])
    waiting = hub.create(["Eve", "Flo"], "A", [])
    told = heard(hub)
    ana.play(NextStep())
    assert told == [(table.id, 3)]
    hub.services.backend.import_all(backend.export_all())
    assert sorted(told[1:]) == sorted([(table.id, 4), (other.id, 3), (waiting.id, 1)])


def test_the_hub_is_made_once_for_every_tab() -> None:
    shared = services()
    hub = table_hub(shared)
    assert isinstance(hub, TableHub) and hub.services is shared
    assert table_hub(shared) is hub
