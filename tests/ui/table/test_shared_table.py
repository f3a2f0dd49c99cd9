"""A shared table in two tabs (two phones): each seat its own game, supremacy settled by
the host with no totals typed, steps that wait for everyone, a reload that finds the
seat, undo refused across a settled supremacy, and the final ranking on every phone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import flet.canvas as cv
from builders import memory_services
from harness import Ui
from qr_read import drawn_modules, read_modules

from companion.rules.actions import Opponents
from companion.rules.game import Game
from companion.store import open_store
from companion.store.schema import SCHEMA_VERSION
from companion.store.store import _check_actions
from companion.store.validate import export_document
from companion.usecases.services import Services
from companion.usecases.share import Share
from companion.usecases.store_backend import StoreBackend


def open_table(open_ui: Callable[..., Ui], services: Services) -> tuple[Ui, Ui]:
    """Ana opens a 2-player table; Ana (Noram States: M3 G1) and Bo (Panafrican Union:
    M2 S2) each take their seat on their own phone."""
    host = open_ui(services, route="/tables/new")
    host.click("One player fewer")
    host.fill("Name of player 1", "Ana")
    host.fill("Name of player 2", "Bo")
    host.click("Open the table")
    table = host.route
    assert table.startswith("/tables/")
    host.click("This is me: Ana")
    host.click("Noram States")
    bo = open_ui(services, route=table, beside=host)
    bo.click("This is me: Bo")
    assert not bo.is_enabled("Noram States (taken)")
    bo.click("Panafrican Union")
    return host, bo


def seat_game(services: Services, seat: int) -> Game:
    for record in services.backend.ongoing_games():
        if record["table"]["seat"] == seat:
            return Game.from_json({k: record[k] for k in ("version", "actions", "redo")},
                                  services.catalog)
    raise AssertionError(f"no game for seat {seat}")


def test_supremacy_is_settled_by_the_host_with_no_totals_typed(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    assert "Draft of round 1: Deal 10 cards each; the last 3 are discarded; pass the " \
           "cards to the left." in ana.screen_text()
    ana.click("Start production")
    assert "Waiting for Bo" in ana.text("waiting")
    assert not any("Nobody has" in name for name in ana.names())  # nothing to answer
    bo.click("Start production")
    # 3 Materials against 2: Ana's Financier, on both phones, nobody typed a total.
    assert "Supremacy is yours (others: 2)" in ana.text("supremacy")
    assert "No supremacy for you (others: 3)" in bo.text("supremacy")
    assert seat_game(services, 0).actions[-1] == Opponents((2,))
    assert seat_game(services, 0).state.financiers == 1
    ana.click("Place the cubes")
    assert "Still placing: Bo" in ana.text("waiting")
    assert not ana.is_enabled("Next: Energy")
    bo.click("Place the cubes")
    assert not ana.has_id("waiting")  # Bo is done: Ana's phone redrew by itself
    assert ana.is_enabled("Next: Energy")


def test_a_reloaded_phone_finds_its_seat_where_it_was(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    seat = bo.route
    assert seat.endswith("/2")
    bo.click("Start production")
    bo.disconnect()  # the phone reloads: its old tab's connection is gone
    again = open_ui(services, route=seat, beside=ana)  # and it comes back as a new tab
    assert "Round 1 · Production: Materials" in again.screen_text()
    assert "Waiting for Ana" in again.text("waiting")
    ana.click("Start production")
    assert "No supremacy for you (others: 3)" in again.text("supremacy")


def test_undo_stops_at_a_settled_supremacy(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    ana.click("Start production")
    bo.click("Start production")
    ana.click("Place the cubes")
    ana.click("Undo", exact=False)  # the cubes come back
    assert seat_game(services, 0).state.to_place == 3
    ana.click("Undo", exact=False)  # but not the supremacy
    assert "settled for the whole table" in ana.last_message()
    assert seat_game(services, 0).state.financiers == 1


def test_a_phone_told_by_the_table_redraws_in_its_own_language(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    seat = bo.route
    bo.click("Start production")
    bo.click("Settings")
    bo.click("Français")
    bo.go(seat)
    ana.click("Start production")  # settles Bo's supremacy from Ana's tab
    assert bo.text("supremacy") == "Pas de Suprématie pour vous (autres : 3)"
    assert ana.text("supremacy") == "Supremacy is yours (others: 2): +1 Financier"


def play_round(*phones: Ui) -> None:
    """One round with nothing drafted: each step every seat opens it, then places; then
    the next round, or the end after round 4."""
    for step in ("Start production", "Next: Energy", "Next: Science", "Next: Gold",
                 "Next: Exploration"):
        for ui in phones:
            ui.click(step)
        for ui in phones:
            if "Place the cubes" in ui.names():
                ui.click("Place the cubes")
            if "Take a Financier" in ui.names():
                ui.click("Take a Financier")
    for ui in phones:
        names = ui.names()
        ending = "End the game and count the score"
        ui.click(ending if ending in names
                 else next(n for n in names if n.startswith("Next: round")))


def test_every_phone_sees_the_whole_tables_ranking_at_the_end(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    for _ in range(4):
        play_round(ana, bo)
    # Ana (Noram States A, 1 VP per Financier) wins Materials and Gold every round:
    # 8 Financiers × 2 = 16. Bo (Panafrican Union A) wins Science every round, taking a
    # Financier: 4 points.
    for ui in (ana, bo):
        assert ui.text("rank-1") == "1. Ana: 16 points"
        assert ui.text("rank-2") == "2. Bo: 4 points"
    bo.click("Why does this player win?")
    assert bo.text("why") == "Ana has the highest total, 16 points, and wins."
    # The host's statistics are its own player's: no seat is theirs until they say so.
    ana.go("/stats")
    assert ana.text("stats-seats").startswith("2 seats of shared tables are left out")
    ana.go("/players/Ana")
    ana.click("That was me")
    ana.go("/stats")
    assert ana.text("stats-seats").startswith("1 seat of a shared table is left out")
    assert ana.text("summary-over-time") == "1 game: first 16 points, latest 16, best 16."
    finished = services.backend.finished_games()
    assert len(finished) == 2 and {g["score"]["total"] for g in finished} == {16, 4}


def test_a_seat_takes_its_game_home_and_another_app_imports_it(
        open_ui: Callable[..., Ui], tmp_path: Path) -> None:
    from test_settings import _pick

    services = memory_services()
    services.share = Share(host="192.168.1.20", port=8550, code="K7QM4XPD")
    ana, bo = open_table(open_ui, services)
    table_id = bo.route.split("/")[2]
    for _ in range(4):
        play_round(ana, bo)
    bo.session.apply_patch(bo.page._i, {"web": True, "platform": "android"})  # a phone
    bo.click("Take this game home")
    (args,) = [args for name, args in bo.client.calls if name == "save_file"]
    assert args["file_name"].startswith("wonderful-companion-table-")
    assert args["file_name"].endswith("-bo.json")
    assert f"is being downloaded as {args['file_name']}" in bo.last_message()
    checked = export_document(json.loads(args["src_bytes"]), SCHEMA_VERSION, _check_actions)
    assert {g["table"]["seat"]: g["score"]["total"] for g in checked.games} == {0: 16, 1: 4}
    # The code to scan holds the same file's address on the host, with the access code.
    (canvas,) = [c for c, _ in bo.controls(within="take-home-code") if isinstance(c, cv.Canvas)]
    assert read_modules(drawn_modules(canvas)) == [
        f"http://192.168.1.20:8550/take-home/{table_id}/2?code=K7QM4XPD"]
    assert not bo.has_id("take-home-here-only")

    with open_store(tmp_path / "phone") as store:  # the player's own app
        own = memory_services(StoreBackend(store))
        for said in ("Imported: 2 new games, 0 scenario attempts",
                     "Imported: 0 new games, 0 scenario attempts, 0 campaigns, 0 players."
                     " Updated to a newer version: 0 games, 0 scenario attempts and"
                     " 0 campaigns. Already here and left alone: 2 games"):  # nothing new
            phone = open_ui(own, route="/settings")
            _pick(phone, args["file_name"], args["src_bytes"])
            phone.click("Add to my data")
            assert phone.last_message().startswith(said)
        phone.go("/history")
        assert phone.text("history-count") == "2 games"
        bo_game = next(g["id"] for g in checked.games if g["table"]["seat"] == 1)
        assert "Panafrican Union (face A)" in phone.text(f"game-{bo_game}")


def test_a_table_on_this_computer_only_offers_no_code_to_scan(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    services.share = Share(host="127.0.0.1", port=8550, code="K7QM4XPD")  # no network
    ana, bo = open_table(open_ui, services)
    for _ in range(4):
        play_round(ana, bo)
    for ui in (ana, bo):
        assert "no other phone can fetch the file" in ui.text("take-home-here-only")
        assert not ui.has_id("take-home-code")
        assert ui.is_enabled("Take this game home")


def test_a_typed_table_games_checklist_deals_as_the_rules_say() -> None:
    from companion.ui.game.setup import table_checklist

    assert "Draft: deal 10 cards to each player; after the draft the last 3 are discarded " \
           "without recycling bonus." in table_checklist(2, ca=False)
    assert "Draft: deal 7 cards to each player." in table_checklist(4, ca=False)
    assert ("Draft with Corruption & Ascension: deal 5 base cards and 2 expansion cards to "
            "each player; everyone drafts 7 and discards the rest.") in table_checklist(7, True)
    assert ("Draft with Corruption & Ascension: deal 8 base cards and 4 expansion cards to "
            "each player; everyone drafts 7 and discards the rest.") in table_checklist(2, True)


def test_a_card_the_other_seat_holds_every_copy_of_is_refused(
        open_ui: Callable[..., Ui]) -> None:
    from test_game_flow import draft, search

    services = memory_services()
    ana, bo = open_table(open_ui, services)
    draft(ana, "Aircraft Carrier")  # the deck's only one
    search(bo, "Aircraft Carrier")  # found by name: refused before any tap (issue 33)
    assert "Build Aircraft Carrier" not in bo.names()
    bo.click("Aircraft Carrier")  # its name gives the reason
    assert "already taken at this table" in bo.last_message()
    assert seat_game(services, 1).state.under_construction == []


def recent_cards(ui: Ui) -> list[str]:
    """The cards the search offers with nothing typed (each row builds its card)."""
    from test_game_flow import search

    search(ui, "")
    return [name.removeprefix("Build ") for name in ui.names() if name.startswith("Build ")]


def test_each_seat_offers_its_own_drafted_cards_as_recent_ones(
        open_ui: Callable[..., Ui]) -> None:
    """Every seat plays on the one host: the device's recent cards would be everyone's."""
    from test_game_flow import draft, search

    services = memory_services()
    ana, bo = open_table(open_ui, services)
    draft(bo, "Zeppelin")
    draft(ana, "Wind Turbines")
    search(bo, "Harbor Zone")
    bo.click("Recycle Harbor Zone")  # from its row, in one tap
    assert recent_cards(ana) == ["Wind Turbines"]
    assert recent_cards(bo) == ["Harbor Zone", "Zeppelin"]
    assert services.setting("recent_cards", []) == []  # the device's list: untouched
    bo.click("Undo", exact=False)  # Harbor Zone was never drafted after all
    assert recent_cards(bo) == ["Zeppelin"]
    ana.disconnect()  # Ana's phone reloads
    again = open_ui(services, route=ana.route, beside=bo)
    assert recent_cards(again) == ["Wind Turbines"]


def test_a_restarted_host_finds_the_table_from_the_seats_games(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    table, seat = bo.route.rsplit("/", 1)[0], ana.route
    ana.click("Start production")
    restarted = memory_services(services.backend)  # a new process: no table in memory
    phone = open_ui(restarted, route=seat)
    assert "Waiting for Bo" in phone.text("waiting")
    host = open_ui(restarted, route=table)
    assert "Round 1 · Production: Materials" in host.text("seat-1")
    assert "Round 1 · Planning" in host.text("seat-2")
