"""The table's one truth: every game written tells its table, whoever wrote it, and a
seat is played by one tab at a time (`companion.usecases.tables`, `usecases.watch`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from builders import memory_services

from companion.rules.actions import NextStep, Place, Start
from companion.rules.errors import Refusal, Rejected
from companion.usecases.services import Services
from companion.usecases.session import GameSession
from companion.usecases.tables import SeatHeld, SharedTable, TableHub, table_hub
from companion.usecases.watch import WatchedBackend, watched


def two_seats(services: Services) -> tuple[TableHub, SharedTable, list[GameSession]]:
    hub = table_hub(services)
    table = hub.create(["Ana", "Bo"], "A", ["base"])
    seats = [hub.join(table, 0, "Noram States"), hub.join(table, 1, "Panafrican Union")]
    return hub, table, seats


def heard(hub: TableHub) -> list[tuple[str, int]]:
    told: list[tuple[str, int]] = []
    hub.listen(object(), lambda table_id, version: told.append((table_id, version)))
    return told


def test_every_write_of_a_seat_tells_its_table_once_whoever_made_it() -> None:
    services = memory_services()
    hub, table, (ana, bo) = two_seats(services)
    told = heard(hub)
    start = hub.version(table.id)
    ana.play(NextStep())
    assert told == [(table.id, start + 1)]
    ana.undo()
    ana.redo()
    ana.go_back(1)
    ana.undo()  # brings the move back
    bo.play(NextStep())
    hub.settle(bo)  # the table settles: Ana's and Bo's answers are written
    assert [version for _, version in told] == list(range(start + 1, start + 9))
    services.backend.abandon_game(bo.id)  # from the home screen, not through a session
    services.backend.resume_game(bo.id)
    assert hub.version(table.id) == start + 10 == told[-1][1]
    assert {table_id for table_id, _ in told} == {table.id}


def test_an_import_tells_every_table_and_other_games_tell_none() -> None:
    services = memory_services()
    hub, table, _ = two_seats(services)
    told = heard(hub)
    solo = GameSession.new(services, Start(empire="Noram States"))
    solo.play(NextStep())
    assert told == []  # a game at no table
    services.backend.import_all(services.backend.export_all())
    assert told == [(table.id, hub.version(table.id))]


def test_a_backend_is_watched_once() -> None:
    services = memory_services()
    assert isinstance(services.backend, WatchedBackend)
    assert watched(services.backend) is services.backend


def test_a_seat_is_played_by_one_tab_until_it_is_taken_over() -> None:
    services = memory_services()
    hub, table, _ = two_seats(services)
    hub.sit(table, 0, "tab-a", "phone-a")
    hub.sit(table, 0, "tab-a", "phone-a")  # again: nothing to ask
    with pytest.raises(SeatHeld) as asked:
        hub.sit(table, 0, "tab-b", "phone-b")
    assert asked.value.kind is Refusal.SEAT_TAKEN
    assert asked.value.name == "Ana" and hub.holder(table, 0) == "tab-a"
    hub.check_holder(table, 0, "tab-a")
    hub.sit(table, 0, "tab-b", "phone-b", take_over=True)
    assert hub.holder(table, 0) == "tab-b"
    with pytest.raises(Rejected) as refused:
        hub.check_holder(table, 0, "tab-a")
    assert (refused.value.kind, refused.value.params) == (Refusal.SEAT_TAKEN, {"name": "Ana"})


def test_the_same_device_takes_its_seat_back_only_while_its_old_tab_is_away() -> None:
    services = memory_services()
    hub, table, _ = two_seats(services)
    hub.sit(table, 1, "old-tab", "phone-b")
    with pytest.raises(SeatHeld):
        hub.sit(table, 1, "new-tab", "phone-b")  # the old tab is still connected
    hub.away("old-tab", True)
    with pytest.raises(SeatHeld):
        hub.sit(table, 1, "other-tab", "phone-c")  # another device is asked, asleep or not
    hub.sit(table, 1, "new-tab", "phone-b")
    assert hub.holder(table, 1) == "new-tab"
    hub.leave("new-tab")  # gone for good
    assert hub.holder(table, 1) is None
    hub.sit(table, 1, "other-tab", "phone-c")


def test_a_phone_that_lost_its_seat_changes_nothing() -> None:
    services = memory_services()
    hub, table, (ana, _) = two_seats(services)
    ana.gate = lambda: hub.check_holder(table, 0, "tab-a")
    hub.sit(table, 0, "tab-a")
    ana.play(NextStep())
    hub.sit(table, 0, "tab-b", take_over=True)
    saved = services.backend.game(ana.id)
    for move in (lambda: ana.play(Place(count=1)), ana.undo, ana.redo,
                 lambda: ana.go_back(1)):
        with pytest.raises(Rejected) as refused:
            move()
        assert refused.value.kind is Refusal.SEAT_TAKEN
    assert services.backend.game(ana.id) == saved
