"""A seat's game taken home from a shared table (`usecases/take_home.py`, `web/downloads.py`):
the file is the app's own export, the host serves it only behind its door, and another
app imports it once.

The table is played on a real store, as the host keeps it (tests/table_play.py): Ana
16 points, Bo 4.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from starlette.testclient import TestClient
from table_play import NAMES, TOTALS, finished_table, open_table, play_on

from companion.rules.players import played_games
from companion.shipped.catalog import catalog
from companion.store import Store, open_store
from companion.store.schema import SCHEMA_VERSION
from companion.store.store import _check_actions
from companion.store.validate import export_document
from companion.usecases.services import Services, load_scenarios
from companion.usecases.store_backend import StoreBackend
from companion.usecases.tables import SharedTable
from companion.usecases.take_home import (
    TakenHome,
    file_name,
    take_home,
    take_home_at,
    take_home_path,
)
from companion.web.server import build_app

PORT = 8550
SECRET = "key-of-this-launch"
CODE = "K7QM4XPD"
ORIGIN = f"http://192.168.1.20:{PORT}"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Services]:
    """The host's app on its own data folder."""
    store = open_store(tmp_path / "host")
    yield Services(catalog=catalog(), backend=StoreBackend(store), scenarios=load_scenarios())
    store.close()


@pytest.fixture
def table(host: Services) -> SharedTable:
    return finished_table(host)[0]


def taken(host: Services, table: SharedTable, seat: int) -> TakenHome:
    found = take_home(host, table.id, seat)
    assert found is not None
    return found


def total(game: dict[str, Any]) -> int:
    return int(game["score"]["total"])


# --- the file -------------------------------------------------------------------------


def test_the_file_is_an_export_holding_the_seats_game_and_the_tables(
        host: Services, table: SharedTable) -> None:
    bo = taken(host, table, 1)
    checked = export_document(json.loads(bo.data), SCHEMA_VERSION, _check_actions)
    assert not any(checked.corrections.values())  # every claim of the file is what its moves give
    by_seat = {game["table"]["seat"]: game for game in checked.games}
    assert sorted(by_seat) == [0, 1]
    assert by_seat[1]["id"] == table.seats[1]
    assert [total(by_seat[seat]) for seat in (0, 1)] == list(TOTALS)
    assert all(game["finished"] for game in checked.games)
    assert (checked.attempts, checked.campaigns, checked.players, checked.settings) == \
        ([], [], [], {})
    day = str(host.backend.game(table.seats[1] or "")["updated"])[:10]  # type: ignore[index]
    assert bo.name == f"wonderful-companion-table-{day}-bo.json"


def test_the_file_name_keeps_letters_any_browser_keeps() -> None:
    day = "2025-06-01T20:15:00+00:00"
    assert file_name(day, "Zoé Ba", 0) == "wonderful-companion-table-2025-06-01-zoe-ba.json"
    assert file_name(day, "../Ann?", 1) == "wonderful-companion-table-2025-06-01-ann.json"
    assert file_name(day, "李", 2) == "wonderful-companion-table-2025-06-01-seat-3.json"
    # 40 letters at most, never ending on the dash the cut left.
    assert file_name(day, "a" * 39 + " b", 0) == (
        f"wonderful-companion-table-2025-06-01-{'a' * 39}.json")


def test_a_seat_whose_name_has_no_latin_letter_is_named_by_its_number(
        host: Services) -> None:
    table, seats = open_table(host, names=("李", "Bo"))
    play_on(seats)
    assert taken(host, table, 0).name.endswith("-seat-1.json")


def test_no_file_for_a_seat_still_playing_or_a_table_not_here(host: Services) -> None:
    table, seats = open_table(host)
    play_on(seats, until_end_of=1)  # Ana has finished; Bo has one tap left
    assert take_home(host, table.id, 1) is None
    assert take_home(host, table.id, 0) is not None  # Ana's own game is over
    assert take_home(host, table.id, 2) is None
    assert take_home(host, "0123456789ab", 0) is None


def test_the_file_holds_only_the_finished_seats(host: Services) -> None:
    """A seat still playing, or given up, is no game of the table's to take home."""
    table, seats = open_table(host)
    play_on(seats, until_end_of=1)  # Ana has finished; Bo has one tap left
    ana = taken(host, table, 0)
    assert [game["id"] for game in ana.document["games"]] == [table.seats[0]]
    assert host.backend.abandon_game(table.seats[1] or "")
    assert [game["id"] for game in taken(host, table, 0).document["games"]] == [
        table.seats[0]]
    assert take_home(host, table.id, 1) is None, "Bo gave up: nothing to take home"


def test_the_address_of_a_seats_file(host: Services, table: SharedTable) -> None:
    path = take_home_path(table.id, 1)
    assert path == f"/take-home/{table.id}/2"
    found = take_home_at(host, path)
    assert found is not None and found.data == taken(host, table, 1).data
    for wrong in (f"/take-home/{table.id}/0", f"/take-home/{table.id}/3",
                  f"/take-home/{table.id}/2/x", f"/take-home/{table.id}", "/take-home/",
                  f"/tables/{table.id}/2"):
        assert take_home_at(host, wrong) is None, wrong


# --- into another app -----------------------------------------------------------------


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Store]:
    """Another app's data folder (the phone app keeps the same files in its browser)."""
    with open_store(tmp_path / "phone") as store:
        yield store


def test_imported_once_it_adds_the_games_and_twice_nothing(
        host: Services, table: SharedTable, phone: Store) -> None:
    document = json.loads(taken(host, table, 1).data)
    first = phone.import_all(document)
    assert (first["games"], first["games_updated"]) == (2, 0)
    assert all("revision" not in game for game in document["games"]), "the host's own"
    again = phone.import_all(json.loads(taken(host, table, 1).data))
    assert (again["games"], again["games_updated"], again["games_unchanged"]) == (0, 0, 2)
    # Ana takes the same table home into the same app: nothing new either.
    ana = phone.import_all(json.loads(taken(host, table, 0).data))
    assert (ana["games"], ana["games_updated"], ana["games_unchanged"]) == (0, 0, 2)
    history = phone.games(finished=True)
    assert sorted(total(game) for game in history) == sorted(TOTALS)


def test_the_players_pages_see_the_whole_table(
        host: Services, table: SharedTable, phone: Store) -> None:
    phone.import_all(json.loads(taken(host, table, 1).data))
    (game,) = played_games(phone.games(finished=True))
    assert [(seat.name, seat.total, seat.place) for seat in game.seats] == [
        (NAMES[0], TOTALS[0], 1), (NAMES[1], TOTALS[1], 2)]


# --- served by the host, behind its door ----------------------------------------------


def tiny_main(page: ft.Page) -> None:
    page.add(ft.Text("the app"))


def served(host: Services, code: str | None = None) -> TestClient:
    app = build_app(tiny_main, host="192.168.1.20", port=PORT, secret=SECRET, code=code,
                    take_home=lambda path: take_home_at(host, path))
    return TestClient(app, base_url=ORIGIN, follow_redirects=False)


def test_the_host_serves_the_file_only_with_its_key(host: Services, table: SharedTable) -> None:
    path = take_home_path(table.id, 1)
    with served(host) as browser:
        refused = browser.get(path)
        assert refused.status_code == 403
        assert "content-disposition" not in refused.headers
        assert b'"games"' not in refused.content
        assert browser.get(f"/?token={SECRET}").status_code == 303  # the key, as a cookie
        answer = browser.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json; charset=utf-8"
    assert answer.headers["content-disposition"].startswith(
        f'attachment; filename="{taken(host, table, 1).name}"')
    assert "access-control-allow-origin" not in answer.headers
    assert answer.content == taken(host, table, 1).data


def test_a_phone_scanning_the_link_gets_in_with_the_code_then_the_file(
        host: Services, table: SharedTable) -> None:
    path = take_home_path(table.id, 1)
    with served(host, code=CODE) as phone:
        assert phone.get(path).status_code == 401  # the page asking for the code
        wrong = phone.get(f"{path}?code=WRONG-CODE")
        assert wrong.status_code == 401 and b'"games"' not in wrong.content
        let_in = phone.get(f"{path}?code={CODE}")  # what the QR code holds
        assert let_in.status_code == 303
        assert let_in.headers["location"] == path
        answer = phone.get(let_in.headers["location"])
    assert answer.status_code == 200
    assert json.loads(answer.content)["games"][1]["id"] == table.seats[1]


def test_an_address_with_no_file_says_so_and_nothing_else_is_served(
        host: Services) -> None:
    table, seats = open_table(host)
    play_on(seats, until_end_of=1)
    with served(host) as browser:
        assert browser.get(f"/?token={SECRET}").status_code == 303  # the key, as a cookie
        for path in (take_home_path(table.id, 1), "/take-home/nothing/1", "/take-home/"):
            missing = browser.get(path, headers={"accept-language": "fr"})
            assert missing.status_code == 404, path
            assert "<h1>Aucune partie à emporter ici</h1>" in missing.text  # in French
            assert missing.headers["content-type"].startswith("text/html")
        assert browser.post(take_home_path(table.id, 0)).status_code == 405
