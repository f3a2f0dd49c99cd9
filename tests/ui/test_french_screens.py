"""A French screen shows no English leftover: the scenario page, the planning status with
its resource letters, a table game's and a quick score's default names (issue 10).

The check is a list of English words that are not also French ones ("Or" is Gold,
"place" and "cube" are French words): any of them on a French screen is a template
without its translation, or a text built outside `t()`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from harness import Ui
from test_game_flow import search

from companion.i18n import set_language, t
from companion.shipped.scenarios import shipped_scenarios

ENGLISH_ONLY = frozenset([
    "the", "of", "and", "your", "you", "is", "are", "has", "have", "card", "cards",
    "player", "players", "round", "sequence", "take", "ask", "nobody", "someone", "enter",
    "their", "build", "built", "games", "times", "with", "from", "none", "drafted", "left",
])


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _french(ui: Ui) -> None:
    ui.click("Settings")
    ui.click("Français")
    ui.go("/")
    set_language("fr")  # the tab is in French; so are the test's own t() calls


def _leftovers(text: str) -> list[str]:
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH_ONLY})


def test_scenario_page_in_french(ui: Ui) -> None:
    _french(ui)
    ui.click("Scénario solo")
    ui.click("1. Vers le centre de la Terre")
    scenario = shipped_scenarios()["base-1"]
    shown = ui.text("scenario")
    assert scenario.summary["fr"] in ui.screen_text()
    assert scenario.summary["en"] not in ui.screen_text()
    assert "Base Polaire" in shown
    assert _leftovers(ui.screen_text()) == []


def test_planning_status_and_resource_letters_in_french(ui: Ui) -> None:
    _french(ui)
    ui.click("Nouvelle partie solo")
    ui.click("Commencer la partie")
    search(ui, "centre de", label=t("Search a drafted card"), opener=t("Search by name"))
    text = ui.screen_text()
    assert "Projet · O3 · 1" in text  # Propaganda Center costs 3 Gold: O for Or
    assert "Découverte · X5 Gén2 · 15" in text  # Gen for Général
    assert "G3" not in text and " Gen2" not in text
    assert _leftovers(text) == []


def test_table_game_default_names_in_french(ui: Ui) -> None:
    _french(ui)
    ui.click("Partie à plusieurs (2–7 joueurs)")
    ui.click("Commencer la partie")
    ui.click("Lancer la Production")
    ui.click(t("Enter their exact totals"))
    assert ui.field("Total de Joueur 2") is not None
    assert not [n for n in ui.names() if "Player" in n]
    assert _leftovers(ui.screen_text() + " ".join(ui.names())) == []


def test_quick_score_default_names_in_french(ui: Ui) -> None:
    _french(ui)
    ui.click("Score rapide")
    text = ui.screen_text()
    assert "Joueur 1" in text and "Player" not in text
    assert _leftovers(text) == []
