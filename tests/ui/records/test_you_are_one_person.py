"""A new player's five games, as the issue tried them: a table game on this device with
Ana and Bruno, and quick scores of Ana, Bruno, Carla (also typed "Karla"), only one of
them with a tableau of the player's. Their statistics are theirs: figures worked out by
hand below, never by the code under test."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from builders import memory_services
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))

from story_samples import record, table_game

from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend


def pad(raw: int, combo: int, generals: int = 0) -> dict[str, int]:
    return {"raw": raw, "combo": combo, "duo": 0, "generals": generals, "financiers": 0,
            "total": raw + combo + generals}


def stamp(day: int) -> str:
    return f"2026-03-{day:02d}T20:00:00+00:00"


def quick(game_id: str, day: int, *lines: tuple[str, str, dict[str, int], int],
          me: int | None = None) -> dict[str, Any]:
    return {"id": game_id, "kind": "quick-score", "mode": "table", "me": me,
            "players": [name for name, *_ in lines], "empires": [e for _, e, *_ in lines],
            "scenario": None, "created": stamp(day), "updated": stamp(day),
            "finished": True, "expansions": ["base"], "actions": [], "redo": [],
            "score": None, "tableaux": [
                {"name": name, "empire": empire, "face": "A", "cards": [], "generals": 0,
                 "financiers": 0, "score": score, "place": place}
                for name, empire, score, place in lines]}


HISTORY = [
    # Day 1, on this device: the player (Aztec B, 40 = 30 raw + 10 combo) with Ana, Bruno.
    {"id": "table", "mode": "table", "players": 3, "names": ["Ana", "Bruno"],
     "empires": ["Aztec Empire"], "face": "B", "scenario": None, "created": stamp(1),
     "updated": stamp(1), "finished": True, "score": pad(30, 10), "built": [],
     "expansions": ["base"], "actions": [], "redo": []},
    # Day 2: friends' game the player scored: Ana 35, Bruno 30, Carla 28.
    quick("q1", 2, ("Ana", "Noram States", pad(35, 0), 1),
          ("Bruno", "Aztec Empire", pad(30, 0), 2),
          ("Carla", "Panafrican Union", pad(28, 0), 3)),
    # Day 3: the player (second line, Noram A, 31 = 21 + 10) with Ana 25 and Carla 22.
    quick("q2", 3, ("Ana", "Aztec Empire", pad(25, 0), 2),
          ("Zé", "Noram States", pad(21, 10), 1),
          ("Carla", "Panafrican Union", pad(22, 0), 3), me=1),
    # Day 4: Ana 12 against Karla 20 (Carla, typed otherwise).
    quick("q3", 4, ("Ana", "Noram States", pad(12, 0), 2),
          ("Karla", "Aztec Empire", pad(20, 0), 1)),
    # Day 5: Bruno 18 against Carla 26.
    quick("q4", 5, ("Bruno", "Noram States", pad(18, 0), 2),
          ("Carla", "Aztec Empire", pad(26, 0), 1)),
]


@pytest.fixture
def ui(open_ui: Callable[..., Ui]) -> Ui:
    backend = MemoryBackend()
    for game in HISTORY:
        backend.save_game(game)
    backend.settings["player_aliases"] = {"karla": "Carla"}
    return open_ui(memory_services(backend))


def test_the_statistics_count_the_players_two_games(ui: Ui) -> None:
    ui.go("/stats")
    # The table game (40) and their line of q2 (31): not the 5 first lines of 5 records.
    assert ui.text("summary-over-time") == "2 games: first 40 points, latest 31, best 40."
    assert ui.text("stats-quick").startswith("3 quick scores without you are left out")
    legend = ui.text("stats-empires")
    assert "Aztec Empire (face B): 1 game, average 40, best 40" in legend
    assert "Noram States (face A): 1 game, average 31, best 31" in legend
    assert "23.5" not in legend, "Ana's 35 and 12 are not the player's"
    # Averages of the rows: raw (30 + 21) / 2 = 25.5, combo (10 + 10) / 2 = 10; no game
    # had Corruption & Ascension: no Duo points row.
    assert ui.text("summary-categories") == (
        "Average per game: Raw points 25.5, Combo points 10, Generals 0, Financiers 0.")
    assert "Duo points" not in ui.text("stats-categories")


def test_you_on_the_players_pages_is_the_same_two_games(ui: Ui) -> None:
    ui.go("/players/%20")
    assert ui.text("player-games") == "2 games"
    # q2: first of three (31 against 25 and 22); the table game has no places.
    assert ui.text("player-wins") == "Wins: 1 of 1 game with others"
    assert ui.text("player-scores") == "Average 35.5, best 40 points"  # (40 + 31) / 2
    ui.go("/players/Carla")
    assert ui.text("player-games") == "4 games"  # q1, q2, q3 as Karla, q4


def test_a_group_is_who_sat_with_the_player(ui: Ui) -> None:
    ui.go("/new/table")
    # Most recent first: q2 (Ana, Carla), the table game (Ana, Bruno); never the
    # friends' tables the player only scored (Ana, Bruno, Carla).
    assert ui.names(within="groups") == ["Ana, Carla", "Ana, Bruno"]
    ui.click("Ana, Carla")
    assert ui.text("player-count").endswith("3")  # the player, Ana and Carla


def test_everyones_score_after_a_table_game_is_that_game_counted_once(
        open_ui: Callable[..., Ui]) -> None:
    """The quick score filled in from a table game (4 points, with Bo and Cy) is the same
    game: the statistics and the players pages count it once, with everyone's places."""
    backend = MemoryBackend()
    backend.save_game(record(table_game(catalog()), "table", 1, names=["Bo", "Cy"]))
    ui = open_ui(memory_services(backend))
    ui.go("/quick?game=table")
    ui.click("Save to history")  # "You" is the player's line: answered already
    (quick_score,) = [g for g in backend.finished_games() if g.get("kind") == "quick-score"]
    assert (quick_score["me"], quick_score["from_game"]) == (0, "table")
    ui.go("/stats")
    assert ui.text("summary-over-time") == "1 game: first 4 points, latest 4, best 4."
    ui.go("/players/%20")
    # The player's 4 points against Bo's and Cy's empty tableaux (0 each): first.
    assert ui.text("player-games") == "1 game"
    assert ui.text("player-wins") == "Wins: 1 of 1 game with others"
