"""Quick score screen: a tableau typed in by taps gives the rulebook's totals."""

from __future__ import annotations

from harness import Ui

SIMON = [
    "Harbor Zone",
    "Giant Tower",
    "World Congress",
    "National Monument",
    "Universal Vaccine",
    "Aquaculture",
    "Secret Society",
    "Recycling Plant",
    "Wind Turbines",
]


def add_card(ui: Ui, name: str, query: str | None = None) -> None:
    ui.fill("Add a built card", query or name)
    ui.click(name)


def test_simon_tableau_scores_62(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("Face B")
    for name in SIMON:
        add_card(ui, name)
    for _ in range(2):
        ui.click("One more General")
    for _ in range(6):
        ui.click("One more Financier")
    assert ui.text("score-total") == "62 points"
    assert ui.text("score-raw") == "12"
    assert ui.text("score-combo") == "30"
    assert ui.text("score-generals") == "2"
    assert ui.text("score-financiers") == "18"
    assert ui.text("solo-rank") == "Dictator"


def test_empire_is_chosen_in_a_dialog(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("Empire: Noram States")
    ui.click("Aztec Empire")
    assert ui.find("Empire: Aztec Empire")
    ui.click("Face A")
    assert ui.text("score-total") == "0 points"  # Aztec A: 3 per Discovery, none built


def test_search_puts_recent_cards_first(ui: Ui) -> None:
    from companion.catalog import catalog
    from companion.ui.card_picker import search

    cards = catalog()
    plain = [c.name for c in search(cards, "base", lambda c: True)]
    assert len(plain) > 2
    last = cards.card(plain[-1])
    again = [c.name for c in search(cards, "base", lambda c: True, recent=[last.id])]
    assert again[0] == last.name and sorted(again) == sorted(plain)
