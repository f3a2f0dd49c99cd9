"""The card browser, a card's page and the Empires, against the printed cards.

Expected numbers come from ../shared/reference/cards.csv and empires.csv (the printed
cards): 78 base cards, 38 Corruption & Ascension, 13 War or Peace, 129 in all; 9 base
Vehicles; 8 base cards that cost Krystallium.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
from builders import memory_services
from harness import Ui


def _count(ui: Ui) -> int:
    return int(ui.text("card-count").rsplit(" ", 1)[1])


def test_the_browser_starts_with_the_games_owned_and_can_show_all(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    assert _count(ui) == 78  # base game only
    ui.click("All expansions")
    assert _count(ui) == 129
    ui = open_ui(memory_services(expansions=["base", "ca"]), route="/cards")
    assert _count(ui) == 78 + 38
    ui.click("Corruption & Ascension")  # off again
    assert _count(ui) == 78


def test_search_is_accent_insensitive_in_any_language(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    for typed in ("eoliennes", "ÉOLIENNES", "windkraft", "aerogenerador"):
        ui.fill("Search cards", typed)
        assert _count(ui) == 1, typed
        assert "Wind Turbines" in ui.names(within="card-list")
    ui.fill("Search cards", "zzzz")
    assert _count(ui) == 0
    assert "No card matches these filters." in ui.text("card-list")


def test_filters_by_type_and_by_what_a_card_produces_or_costs(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    ui.click("Vehicle")
    assert _count(ui) == 9
    ui.click("Every type")
    ui.click("Costs: any")
    ui.click("Krystallium")
    assert _count(ui) == 8
    assert "Secret Society" in ui.names(within="card-list")
    ui.click("Clear the filters")
    ui.click("Produces: any")
    ui.click("Exploration")
    names = ui.names(within="card-list")
    assert "Zeppelin" in names and "Wind Turbines" not in names
    assert "Aircraft Carrier" in names  # X1 per Vehicle counts as producing Exploration


def test_the_type_filter_is_the_game_pickers_tabs(open_ui: Callable[..., Ui]) -> None:
    """One picker to learn (issue 33): a tab per type of the expansions shown, in the
    game's colours, one tap shows that type's cards; "Every type" shows them all."""
    ui = open_ui(memory_services(), route="/cards")
    assert _tabs(ui) == {"Structure": False, "Vehicle": False, "Research": False,
                         "Project": False, "Discovery": False, "Every type": True}
    ui.click("Project")
    assert _tabs(ui)["Project"] and not _tabs(ui)["Every type"]
    projects = _count(ui)
    ui.click("Discovery")  # one type at a time: no second tap to leave the first
    assert _tabs(ui)["Discovery"] and not _tabs(ui)["Project"]
    assert _count(ui) + projects < 78
    ui.click("Every type")
    assert _count(ui) == 78
    ui.click("War or Peace")  # its own type joins the tabs
    ui.click("Memorial")
    assert _count(ui) > 0 and "Harbor Zone" not in ui.names(within="card-list")
    ui.fill("Search cards", "a")  # the search stays a field: typing here is fine
    assert _tabs(ui)["Memorial"]
    assert ui.accessibility_problems() == []


def _tabs(ui: Ui) -> dict[str, bool]:
    return {str(c.label): bool(c.selected) for c, _ in ui.controls()
            if isinstance(c, ft.Semantics) and str(c.identifier).startswith("type-")}


def test_rows_are_built_a_page_at_a_time(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    ui.click("All expansions")
    rows = [n for n in ui.names(within="card-list") if not n.startswith("Show ")]
    assert len(rows) == 30
    ui.click("Show 30 more")
    ui.click("Show 30 more")
    ui.click("Show 30 more")
    ui.click("Show 9 more")
    assert len(ui.names(within="card-list")) == 129
    assert ui.accessibility_problems() == []


def test_a_card_page_shows_everything_printed_and_its_other_names(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    ui.fill("Search cards", "harbor")
    ui.click("Harbor Zone")
    assert ui.route == "/cards/46"
    assert ui.view_routes() == ["/", "/cards", "/cards/46"]
    assert ui.text("card-cost") == "Cost 5 Gold"
    assert ui.text("card-production") == "Production 2 Materials 2 Gold"
    assert ui.text("card-points") == "Victory points 2"
    assert ui.text("card-bonus") == "Construction bonus 2 Financiers"
    assert ui.text("card-recycle") == "Recycling bonus 1 Gold"
    facts = ui.text("card-facts")
    assert "Project" in facts and "Copies in the deck: 2" in facts and "Base game" in facts
    assert "Français: Zone Portuaire" in ui.text("card-names")
    assert "Deutsch: Hafengebiet" in ui.text("card-names")


def test_points_per_card_token_and_pair_read_as_the_scorer_counts_them(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards/88")  # Giant Robot: 6/Structure+Vehicle
    assert ui.text("card-points") == "Victory points 6 per pair of Structure and Vehicle"
    ui.go("/cards/54")  # Secret Society: 1/Financier
    assert ui.text("card-points") == "Victory points 1 per Financier"
    ui.go("/cards/11")  # Aircraft Carrier: X1 per Vehicle
    assert ui.text("card-production") == "Production 1 Exploration per Vehicle"


def test_a_card_page_in_french_names_the_others(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(language="fr"), route="/cards")
    ui.fill("Chercher des cartes", "wind turbines")
    ui.click("Éoliennes")
    assert ui.route == "/cards/9"
    names = ui.text("card-names")
    assert "English : Wind Turbines" in names and "Français" not in names  # French space


def test_an_unknown_card_number_is_not_found(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards/999")
    assert "There is no card 999." in ui.text("not-found")
    ui.go("/cards/abc")
    assert "There is no card abc." in ui.text("not-found")


def test_empires_show_faces_a_and_b_and_the_variants_on_request(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards")
    ui.click("Empires")
    assert ui.route == "/cards/empires"
    noram = ui.text("empire-noram-states")
    assert "Face A" in noram and "Face B" in noram and "Face C" not in noram
    # empires.csv: Noram States A produces M3 G1 and scores 1 per Financier.
    assert ui.text("face-noram-states-A") == "Face A 3 Materials 1 Gold 1 per Financier"
    switch = next(c for c, _ in ui.controls() if isinstance(c, ft.Switch))
    ui.session.apply_patch(switch._i, {"value": True})
    ui.dispatch(switch, "change", "true")
    assert "Face F" in ui.text("empire-noram-states")


def test_empires_follow_a_variant_default_face(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(default_face="D"), route="/cards/empires")
    assert "Face D" in ui.text("empire-aztec-empire")


def test_one_variant_switch_per_tab_for_the_empires_and_setup(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(), route="/cards/empires")
    switch = next(c for c, _ in ui.controls() if isinstance(c, ft.Switch))
    ui.session.apply_patch(switch._i, {"value": True})
    ui.dispatch(switch, "change", "true")
    ui.go("/new/solo")
    assert "Face C" in ui.names()  # setup offers the variant faces too
    other_tab = open_ui(memory_services(), route="/new/solo")
    assert "Face C" not in other_tab.names()  # the switch belongs to the tab
