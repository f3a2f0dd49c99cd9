"""The statistics screen: its charts, each with a summary a screen reader can say."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import flet_charts as fch
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import benjamin_game, record, table_game
from test_history import _services, quick_record

from companion.catalog import catalog
from companion.ui.services import MemoryBackend

CHARTS = ("over-time", "empires", "solo-ranks", "medals", "categories", "cards")


def _backend() -> MemoryBackend:
    cards = catalog()
    backend = MemoryBackend()
    backend.save_game(record(benjamin_game(cards), "benjamin", 0))
    backend.save_game(record(table_game(cards), "table", 1))
    backend.save_game(quick_record("quick", 2))
    backend.record_attempt({"scenario": "base-1", "date": "2025-03-04T10:00:00",
                            "score": 70, "won": True, "medal": "gold", "game": None})
    return backend


def test_each_chart_with_its_summary(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(_services(_backend()), route="/stats")
    for key in CHARTS:
        assert ui.has_id(f"chart-{key}") and ui.has_id(f"summary-{key}"), key
        label = ui.by_id(f"chart-{key}").label
        assert label and label == ui.text(f"summary-{key}")
    charts = [c for c, _ in ui.controls() if isinstance(c, fch.LineChart | fch.BarChart)]
    assert len(charts) == len(CHARTS)
    # Benjamin 2 (oldest), the table game 4, the quick score's own tableau (Ana) 24.
    assert ui.text("summary-over-time") == "3 games: first 2 points, latest 24, best 24."
    # Benjamin: face A, 2 − 15 < 60: Apprentice; the others are not plain solo games.
    assert "Apprentice 1" in ui.text("summary-solo-ranks")
    assert "Gold medal 1" in ui.text("summary-medals")
    # Cards: Mega-Drill, Recycling Plant (Benjamin), and Ana's four, once each.
    assert "Most built: " in ui.text("summary-cards")
    assert "built 1 times" in ui.text("stats-cards")
    assert "Panafrican Union (face A): 1 games, average 2, best 2" in ui.text("stats-empires")


def test_no_games_yet(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(_services(MemoryBackend()), route="/stats")
    assert "No games yet" in ui.text("stats-empty")
    assert not ui.has_id("chart-over-time")


def test_reached_from_the_history(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(_services(_backend()), route="/history")
    ui.click("Statistics")
    assert ui.route == "/stats"


def test_five_hundred_games_stay_quick(open_ui: Callable[..., Ui]) -> None:
    cards = catalog()
    backend = MemoryBackend()
    game = benjamin_game(cards)
    for number in range(500):
        backend.save_game(record(game, f"g{number:03d}", number % 300))
    ui = open_ui(_services(backend), route="/history")
    started = time.perf_counter()
    ui.click("Statistics")
    elapsed = time.perf_counter() - started
    assert ui.text("summary-over-time").startswith("500 games")
    assert elapsed < 3.0, elapsed  # about 1 s measured on 2 shared cores
