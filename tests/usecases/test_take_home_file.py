"""A seat's game taken home, without a server (`companion.usecases.take_home`): which
seat's file exists, what it holds (every finished seat of the table, without the host's
revisions), its name, and the addresses the host answers."""

from __future__ import annotations

from typing import Any

import pytest

from companion.shipped.catalog import catalog
from companion.store.files import export_bytes
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.tables import SharedTable, table_hub
from companion.usecases.take_home import file_name, take_home, take_home_at, take_home_path

EMPIRES = ("Noram States", "Panafrican Union", "Aztec Empire")


def table_of(backend: MemoryBackend, names: tuple[str, ...] = ("Zoé", "Bo", "Cy")
             ) -> tuple[Services, SharedTable]:
    services = Services(catalog=catalog(), backend=backend)
    hub = table_hub(services)
    table = hub.create(list(names), "A", [])
    for seat in range(len(names)):
        hub.join(table, seat, EMPIRES[seat])
    return services, table


def ended(backend: MemoryBackend, game_id: str | None, **changes: Any) -> dict[str, Any]:
    """The seat's game as if played to its end (only what the file reads is set)."""
    assert game_id is not None
    backend.games[game_id].update(
        {"finished": True, "updated": "2025-03-01T21:30:00+00:00", **changes})
    return backend.games[game_id]


def test_the_file_holds_every_finished_seat_without_the_hosts_revisions() -> None:
    backend = MemoryBackend()
    services, table = table_of(backend)
    zoe = ended(backend, table.seats[0])
    bo = ended(backend, table.seats[1])
    ended(backend, table.seats[2], abandoned=True)
    taken = take_home(services, table.id, 1)
    assert taken is not None
    assert taken.name == "wonderful-companion-table-2025-03-01-bo.json"
    strip = [{k: v for k, v in record.items() if k != "revision"} for record in (zoe, bo)]
    assert taken.document == {"format": "wonderful-companion", "schema_version": 4,
                              "games": strip, "attempts": [], "campaigns": [],
                              "players": [], "settings": {}}
    assert taken.data == export_bytes(taken.document)
    home = take_home(services, table.id, 0)
    assert home is not None and home.name.endswith("-zoe.json")
    assert home.document["games"] == strip


def test_no_file_for_a_seat_unfinished_missing_or_not_set_up() -> None:
    backend = MemoryBackend()
    services, table = table_of(backend)
    ended(backend, table.seats[0])
    assert take_home(services, table.id, 1) is None  # still playing
    assert take_home(services, table.id, 3) is None
    assert take_home(services, table.id, -1) is None
    assert take_home(services, "no-such-table", 0) is None
    backend.delete_game(str(table.seats[0]))
    assert take_home(services, table.id, 0) is None
    hub = table_hub(services)
    waiting = hub.create(["Di", "Eve"], "A", [])
    assert take_home(services, waiting.id, 0) is None


def test_a_game_without_its_end_date_is_named_without_one() -> None:
    backend = MemoryBackend()
    services, table = table_of(backend)
    ended(backend, table.seats[2], updated=None)
    taken = take_home(services, table.id, 2)
    assert taken is not None and taken.name == "wonderful-companion-table--cy.json"


def test_a_name_of_no_plain_letters_is_named_by_its_seat() -> None:
    backend = MemoryBackend()
    services, table = table_of(backend, ("Bo", "李"))
    ended(backend, table.seats[1])
    taken = take_home(services, table.id, 1)
    assert taken is not None
    assert taken.name == "wonderful-companion-table-2025-03-01-seat-2.json"


@pytest.mark.parametrize(("name", "seat", "file"), [
    ("Zoé", 0, "wonderful-companion-table-2025-03-01-zoe.json"),
    ("Anne-Marie O'Neil", 1, "wonderful-companion-table-2025-03-01-anne-marie-o-neil.json"),
    ("李", 2, "wonderful-companion-table-2025-03-01-seat-3.json"),
    ("…", 0, "wonderful-companion-table-2025-03-01-seat-1.json"),
    ("a" * 39 + " b", 0, "wonderful-companion-table-2025-03-01-" + "a" * 39 + ".json"),
    ("a" * 45, 0, "wonderful-companion-table-2025-03-01-" + "a" * 40 + ".json"),
])
def test_a_file_is_named_by_its_day_and_its_players_plain_name(name: str, seat: int,
                                                               file: str) -> None:
    assert file_name("2025-03-01T21:30:00+00:00", name, seat) == file


def test_the_host_answers_a_seats_address_counted_from_1() -> None:
    backend = MemoryBackend()
    services, table = table_of(backend)
    ended(backend, table.seats[0])
    ended(backend, table.seats[2])
    assert take_home_path(table.id, 2) == f"/take-home/{table.id}/3"
    found = take_home_at(services, take_home_path(table.id, 2))
    assert found is not None and found.name.endswith("-cy.json")
    first = take_home_at(services, f"/take-home/{table.id}/1")
    assert first is not None and first.name.endswith("-zoe.json")
    for path in (f"/take-home/{table.id}/0", f"/take-home/{table.id}/2",
                 f"/take-home/{table.id}/10", f"/take-home/{table.id}/3/",
                 f"/take-home/{table.id}", f"/take-home/{table.id}.x/3",
                 f"/take-home/{'a' * 65}/1", "/take-home//1", f"x/take-home/{table.id}/3",
                 f"/take-out/{table.id}/3"):
        assert take_home_at(services, path) is None, path
