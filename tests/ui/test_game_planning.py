"""Fewer taps at the table: cards built or recycled from their own row, the solo sequence
counter, scenario cards marked, the others asked once and only when it matters."""

from __future__ import annotations

from harness import Ui
from test_game_flow import draft, finish_step, search, start_solo


def title(ui: Ui) -> str:
    return str(ui.page.views[-1].appbar.title.value)


def test_a_card_is_built_from_its_row_in_one_tap(ui: Ui) -> None:
    start_solo(ui)
    search(ui, "wind")
    ui.click("Build Wind Turbines")  # on the result's row: no second screen
    assert ui.text("construction-1").startswith("Wind Turbines")
    assert ui.field("Search a drafted card").value == ""
    # Picked once, it is a recent card: on screen with nothing typed.
    ui.click("Build Wind Turbines")
    assert ui.text("construction-2").startswith("Wind Turbines")


def test_a_cube_no_card_can_take_goes_to_the_empire_at_once(ui: Ui) -> None:
    start_solo(ui)
    search(ui, "wind")
    ui.click("Recycle Wind Turbines")  # nothing under construction: no question
    assert ui.text("empire-cubes").startswith("Cubes on your Empire: 1/5")
    assert ("No card under construction can take its Energy cube: it went on your Empire."
            in ui.text("events"))
    assert ui.find("Undo: Recycle Wind Turbines onto your Empire")
    # Opened by its name, the card says where its cube would go before the tap.
    search(ui, "zeppelin")
    ui.click("Zeppelin")
    assert "no card under construction can take it, so it goes on your Empire" in (
        ui.text("pending"))


def test_a_cube_with_a_home_goes_to_the_closest_card_or_where_the_player_says(
        ui: Ui) -> None:
    start_solo(ui)
    draft(ui, "Financial Center")  # M4 E1: 5 slots to fill
    draft(ui, "Wind Turbines")  # M2: 2 slots, closer to completion
    search(ui, "mega")
    ui.click("Recycle Mega-Drill")  # its Materials cube, in one tap from the row
    assert ui.text("construction-2").startswith("Wind Turbines 1 of 2 slots filled")
    assert ("Its Materials cube went on Wind Turbines, the card closest to completion "
            "(undo to put it elsewhere).") in ui.text("events")
    ui.click("Undo: Recycle Mega-Drill onto Wind Turbines")
    ui.click("Mega-Drill")  # a recent card, opened by its name: the player chooses
    ui.click("Recycle Mega-Drill")
    ui.click("Put it on Financial Center")
    assert ui.text("construction-1").startswith("Financial Center 1 of 5 slots filled")
    assert "it went on" not in ui.screen_text()


def test_solo_sequences_are_counted(ui: Ui) -> None:
    start_solo(ui)
    assert ui.text("sequence") == "Sequence 1 of 2 · card 1 of 5"
    for _ in range(2):
        draft(ui, "Wind Turbines")
    assert ui.text("sequence") == "Sequence 1 of 2 · card 3 of 5"
    for _ in range(3):
        ui.click("Build Wind Turbines")  # a recent card
    assert ui.text("sequence") == "Sequence 2 of 2 · card 1 of 5"
    ui.click("Undo: Build Wind Turbines")
    assert ui.text("sequence") == "Sequence 1 of 2 · card 5 of 5"
    for _ in range(3):  # the deck has 7 Wind Turbines
        ui.click("Build Wind Turbines")
    for _ in range(3):
        draft(ui, "Recycling Plant")
    assert ui.text("sequence") == "Both sequences played (10 cards)"
    ui.click("Start production")
    for _ in range(5):
        finish_step(ui)
    assert ui.text("sequence") == "Sequence 1 of 2 · card 1 of 5"  # round 2 starts again


def test_a_c_and_a_pool_is_three_base_and_two_expansion_cards(ui: Ui) -> None:
    from test_game_tools import switch_on

    ui.click("New solo game")
    switch_on(ui, "Corruption & Ascension")
    ui.click("Start the game")
    assert "Take a pool (3 base + 2 Corruption & Ascension cards)" in ui.text("phase-panel")


def test_scenario_cards_are_marked_and_their_discard_warned(ui: Ui) -> None:
    ui.click("Solo scenario")
    ui.click("1. To the Center of the Earth")
    ui.click("Start the game")
    assert "Required by the scenario" in ui.text("construction-1")  # Polar Base
    search(ui, "polar")
    assert "Required" in ui.screen_text()  # the picker marks it too
    ui.click("Discard Polar Base")
    assert ("Polar Base is required by the scenario: unless you build another one by the "
            "end, the scenario is lost.") in ui.screen_text()
    ui.click("Keep it")
    assert ui.has_id("construction-1")
    draft(ui, "Wind Turbines")
    ui.click("Discard Wind Turbines")  # not required: the usual question
    assert "required by the scenario" not in ui.screen_text()
    ui.click("Yes, discard it")
    ui.click("Discard Polar Base")
    ui.click("Discard it and lose the scenario")
    assert not ui.has_id("construction-1")


def test_titles_fit_a_phone_and_the_body_says_the_rest(ui: Ui) -> None:
    start_solo(ui)
    assert title(ui) == "Round 1 · Planning"
    ui.click("Start production")
    assert title(ui) == "Round 1 · Materials"
    assert ui.text("phase") == "Round 1 · Production: Materials"


def test_science_supremacy_is_said_once(ui: Ui) -> None:
    ui.click("Table game (2–7 players)")
    ui.click("Face B")  # Noram States B: 1 Science
    ui.click("Start the game")
    ui.click("Start production")
    while "Science" not in title(ui):
        answers = [n for n in ui.names() if n.startswith("Someone has")]
        if answers:
            ui.click(answers[0])
        finish_step(ui)
    ui.click("Nobody has 1 or more")
    text = ui.screen_text()
    assert text.count("choose a General or a Financier") == 1
    assert "choose a Financier or a General" not in text
    ui.click("Take a General")
    text = ui.screen_text()
    assert text.count("you take 1 General") == 1
    assert ui.text("supremacy") == "1 — supremacy: you take 1 General"


def test_the_screen_stays_on_during_a_game_only(ui: Ui) -> None:
    def calls() -> list[str]:
        return ui.calls("enable", "disable")  # the wakelock's, once its tasks have run

    start_solo(ui)
    assert calls() == ["enable"]
    draft(ui, "Wind Turbines")
    assert calls() == ["enable"]  # asked once, not at every tap
    ui.click("Back")
    assert calls() == ["enable", "disable"]


def test_an_eleventh_card_in_a_solo_round_is_refused_and_said(ui: Ui) -> None:
    """Two pools of 5 a round: the app once took 12 drafted cards without a word."""
    start_solo(ui)
    for name in ["Wind Turbines", "Recycling Plant", "Zeppelin", "Transportation Network",
                 "Harbor Zone", "Financial Center", "Industrial Complex", "Mega-Drill",
                 "Research Center", "Secret Society"]:
        search(ui, name)
        ui.click(f"Recycle {name}")
    assert ui.text("sequence") == "Both sequences played (10 cards)"
    before = ui.text("built"), ui.text("sequence")
    search(ui, "wind")
    ui.click("Build Wind Turbines")
    assert ui.last_message().startswith("A solo round plays at most 10 cards, two pools of "
                                        "5: this would be card 11.")
    assert (ui.text("built"), ui.text("sequence")) == before
    assert not ui.has_id("construction-1"), "nothing was put under construction"


def test_a_round_begins_with_the_card_types_and_no_keyboard(ui: Ui) -> None:
    """A phone's keyboard hides half the screen: a round opens on the type tabs, and the
    cursor goes to the search only when the player asks for it; there, with nothing
    typed, only a few recent cards, so what the last tap did stays in sight."""
    start_solo(ui)
    assert ui.focus_calls() == 0
    assert ui.has_id("type-Structure")
    for name in ["Wind Turbines", "Recycling Plant", "Zeppelin", "Transportation Network",
                 "Harbor Zone", "Financial Center"]:
        draft(ui, name)
    assert ui.focus_calls() == 1, "once, when the search was opened"
    ui.field("Search a drafted card").value = ""
    recent = [n for n in ui.names() if n.startswith("Build ")]
    assert len(recent) == 4, recent
    for _ in range(6):  # start production, then the five steps
        finish_step(ui)
    assert title(ui).startswith("Round 2")
    assert ui.focus_calls() == 2, "the search stayed open: round 2 begins in it"
    ui.click("Pick by type")
    assert ui.has_id("type-Structure") and "Search by name" in ui.names()
    for _ in range(6):
        finish_step(ui)
    assert title(ui).startswith("Round 3")
    assert ui.focus_calls() == 2, "by type: no keyboard"


def test_the_last_message_above_the_picker_and_start_production_after_the_cards(
        ui: Ui) -> None:
    start_solo(ui)
    draft(ui, "Wind Turbines")
    search(ui, "recy")
    ui.click("Recycle Recycling Plant")  # its cube goes on Wind Turbines, and says so
    ui.click("Pick by type")
    named = {id(control): label for control, label in ui.clickables()}
    order: list[str] = []
    for control, _ in ui.controls():
        identifier = getattr(control, "identifier", None)
        if identifier in ("events", "construction-1"):
            order.append(identifier)
        elif identifier == "type-Structure":
            order.append("picker")
        elif named.get(id(control)) == "Start production":
            order.append("start production")
    assert order == ["events", "picker", "construction-1", "start production"]
