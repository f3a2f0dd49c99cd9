"""Krystallium, characters, discarding, production sources and the War or Peace token step."""

from __future__ import annotations

import flet as ft
from harness import Ui
from test_game_flow import draft, finish_step

from companion.usecases.services import Services


def named_switch(ui: Ui, label: str) -> ft.Switch:
    """The switch a screen reader names `label` (its own label, or its row's)."""
    return next(c for c, ancestors in ui.controls() if isinstance(c, ft.Switch) and (
        c.label == label or any(isinstance(a, ft.Semantics) and a.label == label
                                for a in ancestors[-2:])))


def switch_on(ui: Ui, label: str) -> None:
    switch = named_switch(ui, label)
    ui.session.apply_patch(switch._i, {"value": True})
    ui.dispatch(switch, "change", "true")


def test_discard_asks_first_and_gives_the_cube_to_the_empire(ui: Ui) -> None:
    ui.click("New solo game")
    ui.click("Start the game")
    draft(ui, "Wind Turbines")
    ui.click("Discard Wind Turbines")
    ui.click("Keep it")
    assert ui.has_id("construction-1")
    ui.click("Discard Wind Turbines")
    ui.click("Yes, discard it")
    assert not ui.has_id("construction-1")
    assert ui.text("empire-cubes") == (
        "Cubes on your Empire: 1/5 toward the next Krystallium (4 to go)")
    assert ui.find("Undo: Discard Wind Turbines")


def test_krystallium_conversion_is_announced_and_k_can_be_spent(ui: Ui) -> None:
    ui.click("New solo game")
    ui.click("Start the game")  # Noram States A: 3 Materials
    draft(ui, "Financial Center")  # M4 E1: nothing to complete this round
    ui.click("Start production")
    ui.click("One cube fewer on Financial Center")
    ui.click("One cube fewer on Financial Center")
    ui.click("One cube fewer on Financial Center")
    ui.click("Place the cubes")  # 3 on the Empire
    ui.click("Next: Energy")
    for _ in range(4):
        finish_step(ui)  # Energy, Science, Gold (1 Gold on the Empire), Exploration
    ui.click("Start production")  # round 2: 3 more Materials, all on the Empire: 7 cubes
    for _ in range(3):
        ui.click("One cube fewer on Financial Center")
    ui.click("Place the cubes")
    assert "5 cubes on your Empire became 1 Krystallium" in ui.screen_text()
    assert ui.text("krystallium") == "Krystallium: 1"
    game = ui.route
    ui.click("Rule: Krystallium")  # 4 cubes were there, 3 came: 5 made 1, 2 stay
    assert ui.text("why") == (
        "7 cubes were on your Empire card: every 5 become 1 Krystallium at once, so 5 became"
        " 1 Krystallium and 2 stay there for the next one. You hold 1 Krystallium.")
    ui.click("Back")
    ui.click("How do cubes become Krystallium?")
    assert ui.text("why") == (
        "2 cubes on your Empire card: fewer than 5, so none has become Krystallium yet"
        " (3 more make the next one). You hold 1 Krystallium.")
    ui.click("Back")
    assert ui.route == game
    ui.click("Use a Krystallium as Energy on Financial Center")
    assert ui.text("krystallium") == "Krystallium: 0"
    assert "1 of 5 slots filled" in ui.text("construction-1")


def test_characters_fill_their_slots(ui: Ui) -> None:
    ui.click("New solo game")
    ui.click("Start the game")  # Noram States A: 3 Materials, 1 Gold
    draft(ui, "Giant Tower")  # M2 G3 Fin1
    draft(ui, "Recycling Plant")
    ui.click("Start production")
    ui.click("Place the cubes")
    finish_step(ui)
    assert "Place a Financier on Giant Tower" not in ui.names()  # none held yet
    # Round 2 onwards: 5 Materials (Recycling Plant built) wins a Financier.
    for _ in range(4):
        finish_step(ui)
    ui.click("Start production")
    assert ui.text("financiers") == "Financiers: 1"
    ui.click("Place a Financier on Giant Tower")
    assert ui.text("financiers") == "Financiers: 0"


def test_tapping_a_resource_lists_where_it_comes_from(ui: Ui) -> None:
    ui.click("New solo game")
    ui.click("Start the game")
    draft(ui, "Recycling Plant")
    ui.click("Start production")
    ui.click("Place the cubes")  # Recycling Plant built: 2 more Materials
    ui.click("Materials: 5, tap to see where it comes from")
    assert "3 from your Empire card" in ui.screen_text()
    assert "2 from Recycling Plant" in ui.screen_text()
    ui.click("Close")


def test_war_or_peace_tokens_step(ui: Ui, services: Services) -> None:
    ui.click("New solo game")
    switch_on(ui, "War or Peace bonus cards")
    ui.click("Start the game")
    draft(ui, "Tower of Babel")  # X5, 2 Krystallium every round
    for _ in range(5):
        draft(ui, "Zeppelin", recycle_onto="Put it on Tower of Babel")
    assert "Tower of Babel" in ui.text("built")
    ui.click("Start production")
    for _ in range(5):
        finish_step(ui)
    assert ui.text("phase") == "Round 1 · Cards' tokens"
    assert ui.text("krystallium") == "Krystallium: 2"
    ui.click("Next: round 2")
    assert ui.text("phase") == "Round 2 · Planning"
