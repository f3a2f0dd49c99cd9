"""The statistics screen: its charts, each with a summary a screen reader can say."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet_charts as fch
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from builders import memory_services
from story_samples import benjamin_game, record, table_game
from test_history import quick_record

from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend
from companion.usecases.session import GameSession

CHARTS = ("over-time", "empires", "solo-ranks", "medals", "categories", "cards")


def _backend() -> MemoryBackend:
    cards = catalog()
    backend = MemoryBackend()
    backend.save_game(record(benjamin_game(cards), "benjamin", 0))
    backend.save_game(record(table_game(cards), "table", 1))
    backend.save_game(quick_record("quick", 2, me=0))
    backend.record_attempt({"scenario": "base-1", "date": "2025-03-04T10:00:00",
                            "score": 70, "won": True, "medal": "gold", "game": None})
    return backend


def test_each_chart_with_its_summary(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(_backend()), route="/stats")
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
    assert "built 1 time" in ui.text("stats-cards") and "1 times" not in ui.text("stats-cards")
    assert "Panafrican Union (face A): 1 game, average 2, best 2" in ui.text("stats-empires")


def test_axes_say_what_they_count_with_round_ticks(open_ui: Callable[..., Ui]) -> None:
    """Names and dates under the bars and points, not "1, 2, 3 (see the list)"; ticks
    at round numbers."""
    from companion.ui.kit.charts import step

    ui = open_ui(memory_services(_backend()), route="/stats")
    charts = {identifier: next(c for c, _ in ui.controls(f"chart-{identifier}")
                               if isinstance(c, fch.LineChart | fch.BarChart))
              for identifier in CHARTS}
    def texts(chart: fch.LineChart | fch.BarChart) -> list[str]:
        return [str(label.label.content.value) for label in chart.bottom_axis.labels]

    for key, chart in charts.items():
        bottom = chart.bottom_axis
        labels = texts(chart)
        assert labels, key
        assert "see the list" not in str(bottom.title.value), key
        assert not all(label.isdigit() for label in labels), (key, labels)
    assert texts(charts["medals"])[:2] == ["Gold\nmedal", "Silver\nmedal"]
    dates = texts(charts["over-time"])
    assert all(len(d) == 5 and d[2] == "-" for d in dates), dates
    assert [step(top) for top in (4, 12, 47, 101, 118, 260)] == [1, 5, 10, 25, 25, 100]


def test_no_games_yet(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(MemoryBackend()), route="/stats")
    assert "No games yet" in ui.text("stats-empty")
    assert not ui.has_id("chart-over-time")


def test_reached_from_the_history(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(_backend()), route="/history")
    ui.click("Statistics")
    assert ui.route == "/stats"


class CountingBackend(MemoryBackend):
    """Counts whole-game reads: the statistics should not need them for new games."""

    reads = 0

    def game(self, game_id: str) -> dict[str, Any] | None:
        self.reads += 1
        return super().game(game_id)


def test_cards_built_come_from_the_record_without_reading_each_game(
        open_ui: Callable[..., Ui]) -> None:
    cards = catalog()
    backend = CountingBackend()
    services = memory_services(backend)
    session = GameSession.resume(services, record(benjamin_game(cards), "benjamin", 0))
    session.save()  # saved by the app: the record carries the cards it built
    saved = backend.games["benjamin"]
    assert saved["built"] == [c.id for c in session.state.built] and saved["built"]
    ui = open_ui(services, route="/stats")
    assert backend.reads == 0
    assert "Most built: " in ui.text("summary-cards")


def test_five_hundred_games(open_ui: Callable[..., Ui]) -> None:
    """Timing lives in bench/bench_records.py; this checks all 500 are counted."""
    cards = catalog()
    backend = MemoryBackend()
    game = benjamin_game(cards)
    for number in range(500):
        backend.save_game(record(game, f"g{number:03d}", number % 300))
    ui = open_ui(memory_services(backend), route="/history")
    ui.click("Statistics")
    assert ui.text("summary-over-time").startswith("500 games")
