"""A host stopped between a seat's move and the table's settling: the last seat's tap
opened the Materials step and was saved, but nobody's supremacy was played. The table
settles as soon as it is looked at again (a seat opened, the server started again, a
change caught up) and every phone goes on.

Ana (Noram States A: 3 Materials) wins Materials over Bruno (2) and Chloé (0): "others:
2, 0"; Bruno places 2 cubes; Chloé, with none, knows at once she wins nothing (the
table of test_table_in_step.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from builders import memory_services
from harness import Ui
from test_table_in_step import NAMES, three_phones

from companion.usecases import tables
from companion.usecases.services import Services
from companion.usecases.tables import TableHub, table_hub

SETTLED = {"Ana": "Supremacy is yours (others: 2, 0)"}


def stopped_before_settling(monkeypatch: pytest.MonkeyPatch, phones: list[Ui]) -> None:
    """Every seat opens the Materials step; the host stops after saving the last tap,
    before it settles: no settling happens until `monkeypatch.undo()` (the host gone)."""
    monkeypatch.setattr(tables, "supremacy_answers", lambda seats: {})
    for phone in phones:
        phone.click("Start production")
    for phone in phones[:2]:  # the step the old host left: no supremacy, no way on
        assert not phone.has_id("supremacy")
        assert "Next: Energy" not in phone.names()
    monkeypatch.undo()


def settled_seats(services: Services) -> list[tuple[int, ...] | None]:
    """Each seat's supremacy answer as saved: the other seats' totals."""
    hub = table_hub(services)
    found = []
    for table in hub.tables():
        for state in hub.states(table):
            assert state is not None
            found.append(state.opponents)
    return found


def go_on(phones: list[Ui]) -> None:
    """Every phone shows the settled step and plays it to its end."""
    ana, bruno, chloe = phones
    assert SETTLED["Ana"] in ana.text("supremacy")
    assert bruno.has_id("supremacy") and chloe.has_id("supremacy")
    ana.click("Place the cubes")
    bruno.click("Place the cubes")
    for phone in phones:
        assert phone.is_enabled("Next: Energy")
    ana.click("Next: Energy")
    assert ana.text("produced").startswith("You produce")


def test_a_seat_opened_again_settles_the_table_for_every_phone(
        open_ui: Callable[..., Ui], monkeypatch: pytest.MonkeyPatch) -> None:
    services = memory_services()
    _, phones = three_phones(open_ui, services)
    stopped_before_settling(monkeypatch, phones)
    chloe = phones[2]
    seat = chloe.route
    chloe.go("/")
    chloe.go(seat)  # Chloé opens her seat again: the table settles before it draws
    assert settled_seats(services) == [(2, 0), (3, 0), (3, 2)]
    go_on(phones)  # the other phones were told, as of any write


def test_a_host_started_again_settles_every_table_it_left_unsettled(
        open_ui: Callable[..., Ui], monkeypatch: pytest.MonkeyPatch) -> None:
    services = memory_services()
    _, phones = three_phones(open_ui, services)
    stopped_before_settling(monkeypatch, phones)
    seats = [phone.route for phone in phones]
    again = memory_services(services.backend)  # a new process on the same data
    first = open_ui(again, route=seats[0])
    reopened = [first] + [open_ui(again, route=seat, beside=first) for seat in seats[1:]]
    assert [phone.route for phone in reopened] == seats
    assert settled_seats(again) == [(2, 0), (3, 0), (3, 2)]
    go_on(reopened)


def test_a_table_page_opened_on_a_new_host_settles_it_though_it_plays_no_seat(
        monkeypatch: pytest.MonkeyPatch, open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    host, phones = three_phones(open_ui, services)
    table = host.route
    stopped_before_settling(monkeypatch, phones)
    again = memory_services(services.backend)
    hub = table_hub(again)
    monkeypatch.setattr(TableHub, "settle_every_table", lambda self: None)  # not at start
    page = open_ui(again, route=table)  # the host's own tab: it holds no seat
    assert page.route == table
    assert settled_seats(again) == [(2, 0), (3, 0), (3, 2)]
    assert all(hub.holder(t, seat) is None for t in hub.tables() for seat in range(3))


def test_a_settling_that_failed_once_is_done_by_the_next_phone_that_hears_of_it(
        open_ui: Callable[..., Ui], monkeypatch: pytest.MonkeyPatch) -> None:
    services = memory_services()
    _, phones = three_phones(open_ui, services)
    settle = TableHub.settle
    failures = []

    def fails_once(self: TableHub, session: tables.GameSession) -> None:
        if not failures:
            failures.append(session.id)
            raise OSError("the disk is busy")
        settle(self, session)

    ana, bruno, chloe = phones
    ana.click("Start production")
    bruno.click("Start production")
    monkeypatch.setattr(TableHub, "settle", fails_once)
    chloe.click("Start production")
    assert len(failures) == 1  # her tap was saved, the settling after it failed
    assert settled_seats(services) == [(2, 0), (3, 0), (3, 2)]
    go_on(phones)


def test_settling_twice_changes_nothing(
        open_ui: Callable[..., Ui], monkeypatch: pytest.MonkeyPatch) -> None:
    services = memory_services()
    _, phones = three_phones(open_ui, services)
    stopped_before_settling(monkeypatch, phones)
    hub = table_hub(services)
    (table,) = hub.tables()
    assert hub.settle_table(table) == len(NAMES)  # one answer for each seat
    saved = [services.backend.game(game_id) for game_id in table.seats if game_id]
    version = hub.version(table.id)
    assert hub.settle_table(table) == 0
    hub.settle_every_table()
    assert [services.backend.game(game_id) for game_id in table.seats if game_id] == saved
    assert hub.version(table.id) == version  # no phone is told of anything
    assert settled_seats(services) == [(2, 0), (3, 0), (3, 2)]
