"""A solo game played through the screens, from the home screen to the final score."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
from builders import memory_services
from harness import Ui

from companion.rules.cards import Resource
from companion.rules.game import Game
from companion.usecases.services import MemoryBackend, Services


def search(ui: Ui, letters: str, *, label: str = "Search a drafted card",
           opener: str = "Search by name") -> None:
    """Type `letters` in the game's search, opening it first: a game picks its cards by
    type unless the player asks for the search (one tap, which stays open)."""
    if not any(isinstance(c, ft.TextField) and c.label == label for c, _ in ui.controls()):
        ui.click(opener)
    ui.fill(label, letters)


def draft(ui: Ui, name: str, *, recycle_onto: str | None = None, query: str | None = None
          ) -> None:
    search(ui, query or name)
    ui.click(name)
    if recycle_onto is None:
        ui.click(f"Build {name}")
    else:
        ui.click(f"Recycle {name}")
        ui.click(recycle_onto)


def next_button(ui: Ui) -> str:
    for name in ui.names():
        if name.startswith(("Next:", "Start production", "End the game")):
            return name
    raise AssertionError(f"no way forward on screen: {ui.names()}")


def finish_step(ui: Ui) -> None:
    """Accept the suggested placement, settle Science, then go on."""
    names = ui.names()
    if "Take a General" in names:
        ui.click("Take a General")
    if "Place the cubes" in ui.names():
        ui.click("Place the cubes")
    ui.click(next_button(ui))


def start_solo(ui: Ui, face: str = "A") -> None:
    ui.click("New solo game")
    ui.click(f"Face {face}")
    ui.click("Start the game")


def game_of(services: Services) -> Game:
    record = services.backend.ongoing_games()[0]
    assert record is not None
    return Game.from_json({k: record[k] for k in ("version", "actions", "redo")},
                          services.catalog)


def test_first_round_production_and_completion(ui: Ui, services: Services) -> None:
    start_solo(ui)  # Noram States A: 3 Materials, 1 Gold
    assert ui.text("production-M") == "Materials 3"
    draft(ui, "Wind Turbines", query="eolien")  # any language, no accents needed
    draft(ui, "Recycling Plant")
    draft(ui, "Mega-Drill", recycle_onto="Put it on Wind Turbines")  # M cube
    assert ui.text("construction-1").startswith("Wind Turbines 1 of 2 slots filled")
    ui.click("Start production")
    assert ui.text("produced") == "You produce 3 Materials"
    assert ui.text("supremacy") == "3: not enough for a Financier (solo needs 5)"
    # Suggested: Wind Turbines (1 slot left) first, then Recycling Plant.
    assert ui.text("plan-1") == "1"
    assert ui.text("plan-2") == "2"
    assert ui.text("plan-empire") == "0"
    assert not ui.is_enabled("Next: Energy")  # not before every cube is placed
    ui.click("Place the cubes")
    assert "Wind Turbines is built and joins your Empire" in ui.text("events")
    assert ui.text("built") == "Built: Wind Turbines, Recycling Plant"
    ui.click("Next: Energy")
    assert ui.text("produced") == "You produce 1 Energy"  # Wind Turbines produces at once
    assert ui.text("plan-empire") == "1"
    assert ui.accessibility_problems() == []
    # Every action was saved as it happened: the saved game is at the same point.
    saved = game_of(services).state
    assert (saved.round, saved.step, saved.to_place) == (1, Resource.ENERGY, 1)
    assert [c.name for c in saved.built] == ["Wind Turbines", "Recycling Plant"]


def test_plan_can_be_adjusted_per_card(ui: Ui) -> None:
    start_solo(ui)
    draft(ui, "Wind Turbines")
    ui.click("Start production")
    assert ui.text("plan-1") == "2"
    ui.click("One cube fewer on Wind Turbines")
    assert ui.text("plan-1") == "1"
    assert ui.text("plan-empire") == "2"
    ui.click("Place the cubes")
    assert ui.text("empire-cubes").startswith("Cubes on your Empire: 2")
    assert ui.text("construction-1").startswith("Wind Turbines 1 of 2 slots filled")


def test_undo_says_what_it_undoes_and_crosses_a_completed_card(ui: Ui) -> None:
    start_solo(ui)
    draft(ui, "Wind Turbines")
    ui.click("Start production")
    ui.click("One cube fewer on Wind Turbines")
    ui.click("One more cube on Wind Turbines")
    ui.click("Place the cubes")  # Wind Turbines 2 (built), Empire 1
    assert "Wind Turbines" in ui.text("built")
    # One tap, one step: one Undo takes back every cube of it.
    ui.click("Undo: Place 3 cubes: 2 on Wind Turbines, 1 on your Empire")
    assert ui.text("built") == "Built: none yet"
    assert ui.text("construction-1").startswith("Wind Turbines 0 of 2 slots filled")
    ui.click("Redo: Place 3 cubes: 2 on Wind Turbines, 1 on your Empire")
    assert "Wind Turbines" in ui.text("built")


def test_illegal_move_is_explained(ui: Ui) -> None:
    start_solo(ui)
    draft(ui, "Wind Turbines")
    ui.click("Start production")
    # The way forward is shown disabled, with the engine's reason under it.
    assert not ui.is_enabled("Next: Energy")
    assert "Place the 3 remaining Materials cubes first" in ui.screen_text()


def play_to_the_end(ui: Ui, plan: Callable[[Ui, int], None]) -> None:
    for round_number in range(1, 5):
        plan(ui, round_number)
        ui.click("Start production")
        for _ in range(5):
            finish_step(ui)
            if ui.has_id("final-score"):
                return


def test_full_solo_game_to_the_end_screen(ui: Ui, services: Services) -> None:
    start_solo(ui)

    def plan(ui: Ui, round_number: int) -> None:
        if round_number == 1:
            draft(ui, "Wind Turbines")
            draft(ui, "Recycling Plant")
        elif round_number == 2:
            draft(ui, "Harbor Zone")

    play_to_the_end(ui, plan)
    game = services.backend.finished_games()[0]
    assert game["finished"] is True
    total = game["score"]["total"]
    assert ui.text("final-total") == f"{total} points"
    assert ui.text("final-raw") == str(game["score"]["raw"])
    assert ui.text("verdict-0").startswith("Solo rank: ")
    assert services.backend.ongoing_games() == []


def test_resume_after_restart(open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()

    services = memory_services(backend)
    first = open_ui(services)
    start_solo(first)
    draft(first, "Wind Turbines")
    first.click("Start production")
    second = open_ui(services)  # a new tab, or the app restarted on the same data
    assert "Round 1 · Production: Materials" in second.text("continue")
    second.click("Continue the game")
    assert second.text("produced") == "You produce 3 Materials"
    assert second.find("Undo: Go to the next step")


def test_end_screen_copies_a_summary(ui: Ui) -> None:
    start_solo(ui)
    play_to_the_end(ui, lambda ui, n: None)
    ui.click("Copy the summary")
    calls = [args for name, args in ui.client.calls if name == "set"]
    assert calls and "It's a Wonderful World:" in str(calls[-1])


def _scrolls_to_top(ui: Ui) -> int:
    return sum(1 for name, args in ui.client.calls
               if name == "scroll_to" and args.get("offset") == 0)


def test_each_step_opens_at_its_top(ui: Ui) -> None:
    """A long planning screen scrolled down must not carry its scroll into production,
    where the total and the supremacy line are at the top; a tap within a step keeps
    the player where they are."""
    start_solo(ui)
    draft(ui, "Wind Turbines")
    draft(ui, "Recycling Plant")
    assert _scrolls_to_top(ui) == 0, "planning actions keep the place"
    ui.click("Start production")
    assert _scrolls_to_top(ui) == 1
    ui.click("One cube fewer on Wind Turbines")
    assert _scrolls_to_top(ui) == 1
    ui.click("Place the cubes")
    ui.click("Next: Energy")
    assert _scrolls_to_top(ui) == 2


def test_duo_points_only_where_corruption_and_ascension_is_played(
        open_ui: Callable[..., Ui]) -> None:
    """Duo cards are Corruption & Ascension's: a base game's pad has no Duo row."""
    from companion.rules.actions import Start
    from companion.usecases.session import GameSession

    for expansions, shown in ((("base",), False), (("base", "ca"), True)):
        services = memory_services()
        game = GameSession.new(services, Start(empire="Noram States", expansions=expansions))
        ui = open_ui(services, route=f"/play/{game.id}")
        play_to_the_end(ui, lambda ui, n: None)
        assert ui.has_id("final-duo") is shown, expansions
