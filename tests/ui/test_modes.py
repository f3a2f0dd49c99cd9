"""Scenario and table games, quick score with several players, settings, accessibility."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest
from builders import memory_services
from harness import Ui
from test_game_flow import draft, finish_step, play_to_the_end, search
from test_game_tools import switch_on
from test_quick_score import tap_card

from companion.i18n import language
from companion.usecases.services import MemoryBackend, Services


def test_scenario_game_forces_face_b_and_starts_with_its_cards(ui: Ui,
                                                               services: Services) -> None:
    ui.click("Solo scenario")
    assert "Start the game" in ui.names() and not ui.is_enabled("Start the game")
    ui.click("1. To the Center of the Earth")
    assert "Cards to build: Polar Base, Mega-Drill, Super-Sonar, Center of the Earth" in (
        ui.text("scenario"))
    assert not ui.is_enabled("Face A")  # scenarios are played on face B
    assert "Play with the B face of an Empire card." in ui.text("checklist")
    ui.click("Start the game")
    for uid, name in enumerate(["Polar Base", "Mega-Drill", "Super-Sonar",
                                "Center of the Earth"], start=1):
        assert ui.text(f"construction-{uid}").startswith(name)
    assert "Scenario: To the Center of the Earth" in ui.text("status")
    play_to_the_end(ui, lambda ui, n: None)
    assert ui.text("verdict-0").startswith("Scenario lost: not built at the end: Polar Base")
    backend = services.backend.inner  # the memory itself, under the watch
    assert isinstance(backend, MemoryBackend)
    (attempt,) = backend.attempt_list
    assert attempt["scenario"] == "base-1" and attempt["won"] is False


def test_setup_checklist_follows_the_expansions(ui: Ui) -> None:
    ui.click("New solo game")
    assert "8 face-down pools of 5 cards" in ui.text("checklist")
    assert "3 base-game cards and 2 Corruption" not in ui.text("checklist")
    switch_on(ui, "Corruption & Ascension")
    assert "3 base-game cards and 2 Corruption" in ui.text("checklist")


@pytest.mark.parametrize(("language", "first_words"), [
    ("es", "Mezcla las Cartas de Desarrollo"), ("pt", "Embaralhe as cartas"),
    ("it", "Mescola le carte Sviluppo"), ("de", "Mische die Entwicklungskarten"),
    ("fr", "Mélangez les cartes"),
])
def test_setup_checklist_in_the_players_language(open_ui: Callable[..., Ui], language: str,
                                                 first_words: str) -> None:
    ui = open_ui(memory_services(language=language), route="/new/scenario")
    checklist = ui.text("checklist")
    assert first_words in checklist
    assert "Shuffle the development cards" not in checklist
    assert "Play with the B face" not in checklist


def answer_others(ui: Ui, *, beaten: bool) -> None:
    """Settle a table step's supremacy in one tap, if the screen asks at all."""
    for name in ui.names():
        if name.startswith("Someone has" if beaten else "Nobody has"):
            ui.click(name)
            return


def test_table_game_asks_the_others_only_when_it_matters(ui: Ui, services: Services) -> None:
    ui.click("Table game (2–7 players)")
    ui.click("One player fewer")  # 4 → 3 players
    assert ui.text("player-count") == "3"
    assert "deal 7 cards to each player" in ui.text("checklist")
    ui.fill("Name of player 2", "Ada")
    ui.click("Start the game")  # Noram States A: 3 Materials, 1 Gold
    draft(ui, "Wind Turbines")  # M2, produces 1 Energy once built
    ui.click("Start production")
    assert not ui.has_id("supremacy")  # not before the others have answered
    assert "Ask the others: does anyone have 3 Materials or more?" in ui.screen_text()
    assert {"Nobody has 3 or more", "Someone has 3 or more"} <= set(ui.names())
    assert "One player has 3 or more" not in ui.names()  # 3 players: one winner at most
    ui.click("Enter their exact totals")  # still possible, on the number pad
    field = ui.field("Ada's total")
    assert field.keyboard_type == ft.KeyboardType.NUMBER
    ui.click("Confirm the totals")
    assert ui.last_message().startswith("Enter each player's total")  # none typed
    ui.fill("Player 3's total", "1")
    for typed in ("x", "²"):  # the number pad lets only digits through; still checked
        ui.fill("Ada's total", typed)  # "²" is a digit to Python, but no number
        ui.click("Confirm the totals")
        assert ui.last_message() == ("Ada's total: type a number from 0 to 99, with the "
                                     "digits 0 to 9 only.")
        assert not ui.has_id("supremacy")
    ui.fill("Ada's total", "2")
    ui.fill("Player 3's total", "1")
    ui.click("Confirm the totals")
    assert ui.text("supremacy") == "Supremacy is yours (others: 2, 1): +1 Financier"
    assert ui.text("financiers") == "Financiers: 1"
    ui.click("Place the cubes")  # Wind Turbines built: 1 Energy from now on
    ui.click("Next: Energy")
    ui.click("Someone has 1 or more")  # one tap, no number typed
    assert ui.text("supremacy") == "No supremacy for you"
    assert ui.find("Undo: Others at or above your total: 1")
    ui.click("Place the cubes")
    ui.click("Next: Science")
    # 0 Science can never win: nobody is asked, the way forward is open at once.
    assert ui.text("supremacy") == "No supremacy: a total of 0 never wins it"
    assert not any(n.startswith(("Nobody has", "Someone has")) for n in ui.names())
    assert ui.is_enabled("Next: Gold")
    ui.click("Next: Gold")
    ui.click("Nobody has 1 or more")
    assert ui.text("supremacy") == "Supremacy is yours: +1 Financier"
    assert ui.text("financiers") == "Financiers: 2"


def test_six_players_answer_with_the_two_highest_rule(ui: Ui) -> None:
    ui.click("Table game (2–7 players)")
    switch_on(ui, "Corruption & Ascension")  # 6 and 7 players need it
    ui.click("One more player")
    ui.click("One more player")  # 6 players
    ui.click("Start the game")
    ui.click("Start production")  # 3 Materials
    assert {"Nobody has 3 or more", "One player has 3 or more",
            "2 or more players have 3 or more"} <= set(ui.names())
    ui.click("One player has 3 or more")  # the two highest: you are one of them
    assert ui.text("supremacy") == "Supremacy is yours: +1 Financier"


def test_table_game_end_scores_everyone(ui: Ui) -> None:
    ui.click("Table game (2–7 players)")
    ui.click("One player fewer")
    ui.click("One player fewer")  # 2 players
    ui.click("Start the game")
    for _round in range(4):
        ui.click("Start production")
        for _ in range(5):
            answer_others(ui, beaten=True)
            finish_step(ui)
            if ui.has_id("final-score"):
                break
    assert ui.text("verdict-0") == "Score the other players to see the ranking."
    final = ui.text("final-score")
    ui.click("Score everyone and rank")
    assert ui.text("score-total") in final  # your tableau, copied from the game
    assert ui.text("rank-1").startswith("1. You: ")  # the other player is still empty


def test_quick_score_ranking_with_tie_breakers(ui: Ui, services: Services) -> None:
    ui.click("Quick score")
    ui.click("One more player")
    # Player 1: Harbor Zone (2 points) and Wind Turbines (0): 2 points, 2 cards.
    tap_card(ui, "Harbor Zone")
    tap_card(ui, "Wind Turbines")
    ui.click("Face B")
    # Player 2: the same 2 points with 1 card: loses the tie on built cards.
    ui.click("Player 2 · 0")
    ui.click("Face B")
    tap_card(ui, "Harbor Zone")
    assert ui.text("rank-1") == "1. Player 1: 2 points (more built cards)"
    assert ui.text("rank-2") == "2. Player 2: 2 points"
    ui.fill("Name of player 2", "Simon")
    tap_card(ui, "Recycling Plant")
    assert ui.text("rank-1") == "1. Player 1: 2 points (shared place)"
    assert ui.text("rank-2") == "1. Simon: 2 points (shared place)"
    ui.click("Player 1", within="who-is-me")
    ui.click("Save to history")
    (saved,) = services.backend.finished_games()
    assert saved["players"] == ["Player 1", "Simon"]
    assert [p["place"] for p in saved["tableaux"]] == [1, 1]


def test_quick_score_saved_in_a_real_store_survives_reopening(open_ui: Callable[..., Ui],
                                                               tmp_path) -> None:
    from companion.usecases.store_backend import open_store_backend

    backend = open_store_backend(str(tmp_path))
    from companion.shipped.catalog import catalog

    services = Services(catalog(), backend)
    ui = open_ui(services)
    ui.click("Quick score")
    tap_card(ui, "Giant Tower")
    ui.click("Player 1", within="who-is-me")
    ui.click("Save to history")
    assert ui.last_message() == "Saved to the score history"
    backend.close()
    again = open_store_backend(str(tmp_path))
    try:
        (record,) = again.finished_games()
        assert record["score"]["total"] == 10 and record["tableaux"][0]["cards"] == [[45, 1]]
        assert record["me"] == 0 and again.setting("quick_score_me", None) == 0
    finally:
        again.close()


def test_settings_language_and_theme_are_kept(ui: Ui, services: Services) -> None:
    ui.click("Settings")
    ui.click("Dark")
    assert ui.page.theme_mode == ft.ThemeMode.DARK
    ui.click("Français")
    assert "Langue" in ui.screen_text() and services.setting("language", "en") == "fr"
    assert language() == "en"  # the tab's language, not the process's
    assert services.setting("theme", "system") == "dark"


def test_every_screen_has_named_finger_sized_controls(ui: Ui) -> None:
    assert ui.accessibility_problems() == []
    ui.click("Quick score")
    ui.click("Search by name")
    ui.fill("Search cards", "tower")
    ui.click("Giant Tower")  # a built tile has its −
    assert ui.accessibility_problems() == []
    ui.click("Back")
    for mode in ("New solo game", "Solo scenario", "Table game (2–7 players)"):
        ui.click(mode)
        assert ui.accessibility_problems() == []
        ui.click("Back")
    ui.click("New solo game")
    ui.click("Start the game")
    draft(ui, "Wind Turbines")
    search(ui, "recyc")
    ui.click("Recycling Plant")
    assert ui.accessibility_problems() == []
    ui.click("Recycle Recycling Plant")
    assert ui.accessibility_problems() == []
    ui.click("Put it on Wind Turbines")
    ui.click("Start production")
    assert ui.accessibility_problems() == []
    ui.click("Settings")
    assert ui.accessibility_problems() == []


def test_desktop_window_uses_a_centred_column(open_ui: Callable[..., Ui],
                                              services: Services) -> None:
    ui = open_ui(services, width=1280, height=800)
    row = next(c for c, _ in ui.controls() if isinstance(c, ft.ResponsiveRow))
    assert row.alignment == ft.MainAxisAlignment.CENTER
    assert row.controls[0].col["lg"] < 12
    ui.click("Quick score")
    assert ui.accessibility_problems() == []


def test_rule_messages_name_cards_and_resources_in_the_players_language(ui: Ui) -> None:
    from companion.i18n import set_language
    from companion.rules.cards import Resource
    from companion.rules.construction import FreeSlots
    from companion.usecases.labels import message

    set_language("fr")
    text = message("{card} recycled for {amount} {resource}",
                   {"card": "Wind Turbines", "amount": 1, "resource": "Energy"})
    assert text == "Éoliennes recyclée pour 1 Énergie"
    set_language("de")  # the resource and one cube of it are both "Material" (glossary)
    assert message("{card} recycled for {amount} {resource}",
                   {"card": "Zeppelin", "amount": 1, "resource": "Materials"}) == (
        "Zeppelin für 1 Material recycelt")
    set_language("fr")
    refusal = message("{card} has no {slot} slot; its free slots: {listing}",
                      {"card": "Giant Dam", "slot": "Energy",
                       "listing": FreeSlots(((Resource.MATERIALS, 3), (Resource.GOLD, 2)))})
    assert refusal == "Barrage Géant n'a pas de case Énergie ; ses cases libres : 3 Matériaux, 2 Or"
    phase = message("Cards are recycled during Planning, not during {phase}",
                    {"phase": "Production"})
    assert phase.endswith("Production") and phase.startswith("Les cartes")


def test_variant_faces_are_offered_only_when_asked(ui: Ui, services: Services) -> None:
    ui.click("New solo game")
    assert "Face C" not in ui.names()
    switch_on(ui, "Variant faces C to F (not in the rulebooks)")
    ui.click("Face C")
    ui.click("Start the game")
    backend = services.backend.inner  # the memory itself, under the watch
    assert isinstance(backend, MemoryBackend)
    (record,) = backend.games.values()
    start = record["actions"][0]
    assert (start["face"], start["variant_faces"]) == ("C", True)
    assert "Krystallium: 5" in ui.screen_text()  # face C starts with 5 Krystallium


def test_the_scenario_list_says_what_each_asks_and_offers_what_is_in_play(
        ui: Ui) -> None:
    ui.click("Solo scenario")
    offered = [name for name in ui.names() if name[:2] in {f"{n}." for n in range(1, 7)}]
    assert offered == ["1. To the Center of the Earth", "2. A Better World",
                       "3. They Are Among Us", "4. Back to the Future", "5. The End of Times",
                       "6. Money Has No Smell"], "the base game's six, none of an expansion off"
    assert ui.text("offer-base-1").endswith(
        "Polar Base, Mega-Drill, Super-Sonar, Center of the Earth · bronze 70, silver 95, "
        "gold 115")
    assert "appear when it is on" in ui.screen_text()
    switch_on(ui, "Corruption & Ascension")
    assert len([n for n in ui.names() if n.startswith("Corruption & Ascension ")]) == 6
    assert "appear when it is on" not in ui.screen_text()


def test_the_empire_dialog_says_what_each_produces_and_scores(ui: Ui) -> None:
    ui.click("New solo game")
    ui.click("Empire: Noram States")
    assert [n for n in ui.names() if n != "Cancel"] == [
        "Aztec Empire: 2 Energy, 1 Exploration; points: 3 per Discovery",
        "Federation of Asia: 1 Material, 2 Gold; points: 2 per Project",
        "Noram States: 3 Materials, 1 Gold; points: 1 per Financier",
        "Panafrican Union: 2 Materials, 2 Science; points: 2 per Research",
        "Republic of Europe: 2 Materials, 1 Energy, 1 Science; points: 1 per General",
    ], "face A of the base game's five Empires, with what the face gives"
    ui.click("Cancel")
    switch_on(ui, "Corruption & Ascension")
    ui.click("Empire: Noram States")
    assert len([n for n in ui.names() if n != "Cancel"]) == 7
