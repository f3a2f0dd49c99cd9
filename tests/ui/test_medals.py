"""The medal board and a scenario's page: every solo scenario, the medals drawn, and
"points short" only where more points alone would earn the next medal.

Thresholds are read off the scenario files (and RULES.md §6): base-1 and base-2 are
bronze 70, silver 95, gold 115; ca-5 is bronze 95, silver 105, gold 120.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from harness import Ui, walk

from companion.rules.scenarios import Medal, points_short
from companion.shipped.catalog import catalog
from companion.shipped.paths import scenarios_dir
from companion.ui.records.medals import day_of
from companion.usecases.services import MemoryBackend, Services, load_scenario_library

MEDAL_WORDS = ("Bronze medal", "Silver medal", "Gold medal", "No medal yet")


def attempt(scenario: str, day: str, score: int, won: bool, medal: str | None,
            game: str) -> dict[str, Any]:
    return {"scenario": scenario, "date": f"2026-11-{day}T10:00:00+00:00", "score": score,
            "won": won, "medal": medal, "game": game}


ATTEMPTS = [
    # base-1: a lost 100, a silver 100, then two golds; the first gold is on 11-03.
    attempt("base-1", "01", 100, False, None, "g1"),
    attempt("base-1", "02", 100, True, "silver", "g2"),
    attempt("base-1", "05", 120, True, "gold", "g4"),
    attempt("base-1", "03", 118, True, "gold", "g3"),
    # base-2: bronze with 80, and a lost 120 that earns nothing: 95 - 80 = 15 to silver.
    attempt("base-2", "04", 80, True, "bronze", "g5"),
    attempt("base-2", "06", 120, False, None, "g6"),
    # base-3: lost only, with points enough for gold: cards are missing, not points.
    attempt("base-3", "07", 110, False, None, "g7"),
    # the player's own scenario (base-1's thresholds): won with 60, 10 short of bronze.
    attempt("home-1", "08", 60, True, None, "g8"),
]


@pytest.fixture
def library(tmp_path: Path) -> Services:
    """The 12 shipped scenarios and one of the player's own files, with attempts."""
    mine = json.loads((scenarios_dir() / "solo" / "base-1.json").read_text(encoding="utf-8"))
    mine.update(id="home-1", names={"en": "Kitchen Table Classic"}, translated_names=[])
    mine.pop("number", None)
    (tmp_path / "home-1.json").write_text(json.dumps(mine), encoding="utf-8")
    scenarios, skipped = load_scenario_library(tmp_path)
    assert not skipped
    return Services(catalog=catalog(), backend=MemoryBackend(attempt_list=list(ATTEMPTS)),
                    scenarios=scenarios)


def medals_in(ui: Ui, identifier: str) -> list[str]:
    """The medals drawn inside a part of the screen, as a screen reader names them."""
    return [str(c.label) for c, _ in walk(ui.by_id(identifier))
            if isinstance(c, ft.Semantics) and c.label in MEDAL_WORDS]


# --- points short: the rule of thumb, worked by hand ---------------------------------


@pytest.mark.parametrize(("scenario", "records", "expected"), [
    ("base-1", [(80, True)], (Medal.SILVER, 15)),
    ("base-1", [(60, True)], (Medal.BRONZE, 10)),
    ("base-1", [(94, True)], (Medal.SILVER, 1)),
    ("base-1", [(95, True)], (Medal.GOLD, 20)),
    ("base-1", [(120, False), (80, True)], (Medal.SILVER, 15)),  # a lost 120 earned nothing
    ("base-1", [(100, False)], None),  # lost: the cards are missing, not the points
    ("base-1", [(115, True)], None),  # gold: nothing left to earn
    ("base-1", [(90, True), (118, True)], None),
    ("ca-5", [(104, True)], (Medal.SILVER, 1)),
    ("ca-5", [(105, True)], (Medal.GOLD, 15)),
    ("base-1", [], None),
])
def test_points_short_counts_only_won_games(services: Services, scenario: str,
                                            records: list[tuple[int, bool]],
                                            expected: tuple[Medal, int] | None) -> None:
    rows = [{"scenario": scenario, "score": score, "won": won, "date": "2026-11-01"}
            for score, won in records]
    assert points_short(services.scenarios[scenario], rows) == expected


def test_dates_show_as_the_day() -> None:
    assert day_of("2026-11-03T10:00:00+00:00") == "2026-11-03"
    assert day_of("2026-11-03") == "2026-11-03"
    assert day_of(None) == ""


# --- the board ----------------------------------------------------------------------


def test_the_board_lists_every_scenario_with_its_best_medal(
        open_ui: Callable[..., Ui], library: Services) -> None:
    ui = open_ui(library, route="/scenarios")
    assert ui.route == "/scenarios"
    shipped = [f"scenario-{g}-{n}" for g in ("base", "ca") for n in range(1, 7)]
    for identifier in [*shipped, "scenario-home-1"]:
        assert ui.has_id(identifier), identifier
    text = ui.screen_text()
    for heading in ("Base game", "Corruption & Ascension", "Your own scenarios"):
        assert heading in text
    assert ui.text("gold-count") == "Gold medals: 1 of 13"
    assert ui.text("won-count") == "Scenarios won: 3 of 13"  # base-1, base-2, home-1

    assert medals_in(ui, "scenario-base-1") == ["Gold medal"]
    assert "Best score 120 · won 3 of 4" in ui.text("scenario-base-1")
    assert "more points" not in ui.text("scenario-base-1")

    assert medals_in(ui, "scenario-base-2") == ["Bronze medal"]
    assert "15 more points for the silver medal" in ui.text("scenario-base-2")

    assert medals_in(ui, "scenario-base-3") == ["No medal yet"]
    assert "Best score 110 · won 0 of 1" in ui.text("scenario-base-3")
    assert "more points" not in ui.text("scenario-base-3")

    assert medals_in(ui, "scenario-home-1") == ["No medal yet"]
    assert "10 more points for the bronze medal" in ui.text("scenario-home-1")
    assert "Not played yet" in ui.text("scenario-ca-6")
    assert ui.accessibility_problems() == []


def test_a_row_opens_the_scenario_page_and_back_returns_to_the_board(
        open_ui: Callable[..., Ui], library: Services) -> None:
    ui = open_ui(library)
    ui.section("Medals")
    assert ui.route == "/scenarios"
    ui.click("2. A Better World", exact=False)
    assert ui.view_routes() == ["/", "/scenarios", "/scenarios/base-2"]
    assert ui.page.views[-1].appbar.title.value == "A Better World"
    ui.pop_view()
    assert ui.route == "/scenarios"


# --- a scenario's page --------------------------------------------------------------


def test_the_scenario_page_shows_thresholds_record_and_attempts(
        open_ui: Callable[..., Ui], library: Services) -> None:
    ui = open_ui(library, route="/scenarios/base-1")
    about = ui.text("scenario-about")
    for card in ("Polar Base", "Mega-Drill", "Super-Sonar", "Center of the Earth"):
        assert card in about
    thresholds = ui.text("thresholds")
    assert "Bronze medal: 70 points or more" in thresholds
    assert "Silver medal: 95 points or more" in thresholds
    assert "Gold medal: 115 points or more" in thresholds
    assert medals_in(ui, "thresholds") == ["Bronze medal", "Silver medal", "Gold medal"]
    assert ui.by_id("best-medal").label == "Gold medal"
    assert ui.text("attempt-count") == "Attempts: 4"
    assert ui.text("win-count") == "Wins: 3"
    assert ui.text("best-score") == "Best score: 120"
    assert ui.text("first-gold") == "First gold: 2026-11-03"
    assert not ui.has_id("points-short")
    attempts = ui.text("attempts")
    assert attempts.index("2026-11-05: 120 points, won") < attempts.index(
        "2026-11-01: 100 points, lost")
    assert medals_in(ui, "attempts") == ["Gold medal", "Gold medal", "Silver medal",
                                         "No medal yet"]
    assert ui.accessibility_problems() == []


def test_points_short_on_a_page_only_where_points_alone_are_missing(
        open_ui: Callable[..., Ui], library: Services) -> None:
    ui = open_ui(library, route="/scenarios/base-2")
    assert ui.text("points-short") == "15 more points for the silver medal"
    assert ui.text("best-score") == "Best score: 120"  # the lost game's, earning nothing
    assert ui.by_id("best-medal").label == "Bronze medal"
    assert not ui.has_id("first-gold")

    lost = open_ui(library, route="/scenarios/base-3")
    assert not lost.has_id("points-short")
    assert lost.by_id("best-medal").label == "No medal yet"

    fresh = open_ui(library, route="/scenarios/ca-5")
    assert not fresh.has_id("points-short")
    assert "Icebreaker ×3" in fresh.text("scenario-about")
    assert "No attempt yet." in fresh.text("attempts")


def test_card_names_are_in_the_players_language(open_ui: Callable[..., Ui],
                                                library: Services) -> None:
    library.set_setting("language", "fr")
    ui = open_ui(library, route="/scenarios/base-1")
    assert "Base Polaire" in ui.text("scenario-about")
    assert ui.page.views[-1].appbar.title.value == "Vers le centre de la Terre"


def test_an_unknown_scenario_is_not_found(open_ui: Callable[..., Ui],
                                          library: Services) -> None:
    ui = open_ui(library, route="/scenarios/no-such")
    assert "no-such" in ui.text("not-found")


def test_play_this_scenario_sets_it_up_and_starts_it(
        open_ui: Callable[..., Ui], library: Services) -> None:
    ui = open_ui(library, route="/scenarios/ca-5")
    ui.click("Play this scenario")
    assert ui.route == "/new/scenario?scenario=ca-5"
    assert "Hyperborea" in ui.text("scenario")
    ui.click("Start the game")
    assert ui.route.startswith("/play/")
    (record,) = library.backend.ongoing_games()
    assert record["scenario"] == "ca-5"
    assert record["face"] == "B"
