"""A game's drafted cards picked with no keyboard (issue 33): a tab per card type, the
open type's cards as tiles with their one-tap Build and Recycle, likely cards first, and a
card no copy of which is left refused before the tap, with the reason."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft
from builders import memory_services
from harness import Ui
from test_game_flow import draft, finish_step, start_solo

from companion.shipped.catalog import catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))
from test_shared_table import open_table, seat_game

FIVE = ["Structure", "Vehicle", "Research", "Project", "Discovery"]


def tiles(ui: Ui) -> list[str]:
    """The open type's cards, in the order drawn."""
    cards = catalog()
    return [cards.card(int(control.identifier.removeprefix("tile-"))).name
            for control, _ in ui.controls()
            if isinstance(control, ft.Semantics) and str(control.identifier).startswith("tile-")]


def tabs(ui: Ui) -> dict[str, bool]:
    """Each type tab's name and whether it is the open one."""
    return {str(control.label): bool(control.selected) for control, _ in ui.controls()
            if isinstance(control, ft.Semantics) and str(control.identifier).startswith("type-")}


def no_text_field(ui: Ui) -> bool:
    return not any(isinstance(control, ft.TextField) for control, _ in ui.controls())


def test_a_card_is_two_taps_and_the_tab_stays_open(ui: Ui) -> None:
    start_solo(ui)
    assert no_text_field(ui)  # nothing to type, no keyboard
    assert tabs(ui) == {name: name == "Structure" for name in FIVE}  # the base game's five
    ui.click("Vehicle")
    assert tabs(ui)["Vehicle"]
    box = [c.name for c in catalog().cards if c.type.value == "Vehicle"
           and c.expansion.value == "base"]
    assert tiles(ui) == box  # nothing drafted on this device yet: the box's order
    ui.click("Build Zeppelin")
    assert ui.text("construction-1").startswith("Zeppelin")
    ui.click("Recycle Tank Division")  # the same tab: one tap
    assert ui.text("events").startswith("Tank Division recycled")
    assert tiles(ui) == box, "the tiles keep their places within a round"
    assert ui.accessibility_problems() == []


def test_a_cards_name_opens_it_to_choose_where_its_cube_goes(ui: Ui) -> None:
    start_solo(ui)
    ui.click("Build Wind Turbines")  # Structure: the tab open at first
    ui.click("Vehicle")
    ui.click("Mega-Drill")
    ui.click("Recycle Mega-Drill")
    ui.click("Put it on your Empire")
    assert ui.text("empire-cubes").startswith("Cubes on your Empire: 1/5")


def test_the_search_is_one_tap_away_and_back(ui: Ui) -> None:
    start_solo(ui)
    ui.click("Search by name")
    ui.fill("Search a drafted card", "zepp")
    ui.click("Build Zeppelin")
    assert ui.text("construction-1").startswith("Zeppelin")
    ui.click("Pick by type")
    assert no_text_field(ui) and tabs(ui)["Structure"]


def test_the_most_drafted_cards_come_first_from_the_next_round(ui: Ui) -> None:
    start_solo(ui)
    ui.click("Vehicle")
    for name in ("Submarine", "Tank Division", "Tank Division"):
        ui.click(f"Recycle {name}")
    finish_step(ui)  # Start production
    while not ui.text("phase").startswith("Round 2"):
        finish_step(ui)
    assert tiles(ui)[:2] == ["Tank Division", "Submarine"]


def test_only_the_expansions_in_play(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(expansions=["wop"]))
    ui.click("New solo game")
    ui.click("Start the game")
    assert list(tabs(ui)) == [*FIVE, "Memorial"]  # War or Peace's own type
    ui.click("Memorial")
    assert {catalog().card(name).expansion.value for name in tiles(ui)} == {"wop"}
    ui.click("Research")
    assert {catalog().card(name).expansion.value for name in tiles(ui)} == {"base", "wop"}


def test_a_scenarios_required_cards_come_first(ui: Ui) -> None:
    ui.click("Solo scenario")
    ui.click("1. To the Center of the Earth")  # Polar Base, Mega-Drill, Super-Sonar...
    ui.click("Start the game")
    ui.click("Vehicle")
    assert tiles(ui)[0] == "Mega-Drill"  # 4 copies, 1 under construction: 3 left
    assert "Required" in ui.text(f"tile-{catalog().card('Mega-Drill').id}")
    ui.click("Project")
    assert tiles(ui)[-1] == "Polar Base"  # its only copy is under construction
    assert "No copy left" in ui.text(f"tile-{catalog().card('Polar Base').id}")


def test_a_seat_cannot_take_a_card_the_table_holds_every_copy_of(
        open_ui: Callable[..., Ui]) -> None:
    """Refused before the tap: no Build or Recycle on its tile, and its name says why."""
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    carrier = catalog().card("Aircraft Carrier")  # the deck's only one
    bo.click("Vehicle")
    assert bo.find("Build Aircraft Carrier")
    draft(ana, "Aircraft Carrier")
    tile = f"tile-{carrier.id}"
    assert "No copy left" in bo.text(tile)  # Bo's phone hears of Ana's move
    assert tiles(bo)[-1] == "Aircraft Carrier"
    assert "Build Aircraft Carrier" not in bo.names()
    assert "Recycle Aircraft Carrier" not in bo.names()
    bo.click("Aircraft Carrier")
    assert bo.last_message() == ("The deck has 1 Aircraft Carrier, already taken at this "
                                 "table")
    assert seat_game(services, 1).state.under_construction == []
    assert bo.accessibility_problems() == []


def test_the_search_by_name_shows_a_card_with_no_copy_left_as_the_tiles_do(ui: Ui) -> None:
    """Found by name, Polar Base (its only copy under construction from the scenario's
    start) has no Build or Recycle, says so, and its name gives the reason: refused
    before the tap, as on its tile, not after."""
    ui.click("Solo scenario")
    ui.click("1. To the Center of the Earth")
    ui.click("Start the game")
    ui.click("Search by name")
    ui.fill("Search a drafted card", "polar")
    assert "Build Polar Base" not in ui.names() and "Recycle Polar Base" not in ui.names()
    assert "No copy left" in ui.screen_text()
    ui.click("Polar Base")
    tile_reason = ui.last_message()
    assert "Polar Base" in tile_reason
    assert ui.text("construction-1").startswith("Polar Base")
    assert not ui.has_id("construction-5"), "nothing was drafted"
    ui.click("Pick by type")
    ui.click("Project")
    ui.click("Polar Base")  # the tile says the same
    assert ui.last_message() == tile_reason
    ui.click("Search by name")
    ui.fill("Search a drafted card", "mega-drill")  # 4 copies, 1 under construction
    assert "Build Mega-Drill" in ui.names()
    assert ui.accessibility_problems() == []


def test_a_search_by_name_follows_the_copies_another_seat_takes(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    ana, bo = open_table(open_ui, services)
    bo.click("Search by name")
    bo.fill("Search a drafted card", "aircraft")
    assert "Build Aircraft Carrier" in bo.names()
    draft(ana, "Aircraft Carrier")  # the deck's only one
    assert "Build Aircraft Carrier" not in bo.names()  # Bo's phone hears of Ana's move
    assert "No copy left" in bo.screen_text()
    bo.click("Aircraft Carrier")
    assert bo.last_message() == ("The deck has 1 Aircraft Carrier, already taken at this "
                                 "table")
