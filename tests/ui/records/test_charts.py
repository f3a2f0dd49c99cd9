"""The records' charts as drawn on a 390 px phone, in the six languages: a date only
under a point that has it and never twice (several games of one day: one date), dates far
enough apart not to touch, the first date below the y axis's "0", and under each bar a
name that fits its bar or is cut with "…" while its full name is on the bar's tooltip
and in the list under the chart."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import flet_charts as fch
import pytest
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))

from builders import memory_services
from story_samples import benjamin_game, quick_pair, record, stamp, table_game

from companion.i18n import SUPPORTED
from companion.shipped.catalog import catalog
from companion.ui.kit.charts import (
    DATE_LETTERS,
    GAP,
    LABEL_SIZE,
    LETTER,
    PLOT_WIDTH,
    bar_label,
    dates,
    letters_per_bar,
)
from companion.usecases.services import MemoryBackend

DAYS = (0, 0, 0, 3, 5, 5, 9, 14, 20, 20, 27, 30, 30, 31, 33)
"""Fifteen games: three the first evening, two on some others, some days apart."""
BARS = ("empires", "solo-ranks", "medals", "categories", "cards")


def _backend(language: str) -> MemoryBackend:
    cards = catalog()
    backend = MemoryBackend(settings={"language": language})
    for index, days in enumerate(DAYS):
        if index % 3 == 0:
            backend.save_game(record(benjamin_game(cards), f"solo{index}", days))
        elif index % 3 == 1:
            backend.save_game(record(table_game(cards), f"table{index}", days,
                                     names=["Bo", "Cy"]))
        else:
            backend.save_game(quick_pair(f"quick{index}", days, index))
    backend.record_attempt({"scenario": "base-1", "date": stamp(2), "score": 70,
                            "won": True, "medal": "gold", "game": None})
    return backend


def _chart(ui: Ui, identifier: str) -> Any:
    return next(c for c, _ in ui.controls(identifier)
                if isinstance(c, fch.LineChart | fch.BarChart))


def _label(axis_label: fch.ChartAxisLabel) -> tuple[str, float]:
    """The text of an axis label and the space above it."""
    holder = axis_label.label
    assert isinstance(holder, ft.Container) and isinstance(holder.content, ft.Text)
    padding = holder.padding
    top = padding.top if isinstance(padding, ft.Padding) else 0
    return str(holder.content.value), float(top or 0)


def _check_dates(chart: fch.LineChart) -> None:
    xs = [point.x for point in chart.data_series[0].points]
    shown = [(label.value, *_label(label)) for label in chart.bottom_axis.labels]
    texts = [text for _, text, _ in shown]
    assert texts and len(texts) == len(set(texts)), texts  # each date at most once
    assert all(value in xs for value, _, _ in shown), (shown, xs)  # only under points
    assert chart.bottom_axis.label_spacing == 1  # every whole x is asked for its label
    # Neighbouring dates do not touch on the 390 px phone's plot.
    pixels = PLOT_WIDTH / max(len(xs) - 1, 1)
    values = [value for value, _, _ in shown]
    for left, right in itertools.pairwise(values):
        assert (right - left) * pixels >= DATE_LETTERS * LETTER + GAP, values
    # The y axis's "0" is centred on the plot's bottom line: its lower half ends above
    # the dates.
    assert all(top >= LABEL_SIZE * 1.2 / 2 for _, _, top in shown)
    for point in chart.data_series[0].points:  # a tap on a point says its date
        assert str(point.tooltip).strip()


@pytest.mark.parametrize("language", SUPPORTED)
def test_dates_once_and_only_under_points(open_ui: Callable[..., Ui], language: str) -> None:
    ui = open_ui(memory_services(_backend(language)), route="/stats")
    over_time = _chart(ui, "chart-over-time")
    _check_dates(over_time)
    first = _label(over_time.bottom_axis.labels[0])[0]
    assert first == {"en": "03-01", "de": "01.03."}.get(language, "01/03")
    ui.go("/players/Bo")
    _check_dates(_chart(ui, "chart-player"))


@pytest.mark.parametrize("language", SUPPORTED)
def test_bar_labels_fit_or_say_where_the_full_name_is(open_ui: Callable[..., Ui],
                                                      language: str) -> None:
    ui = open_ui(memory_services(_backend(language)), route="/stats")
    for key in BARS:
        chart = _chart(ui, f"chart-{key}")
        letters = letters_per_bar(len(chart.groups))
        budget = PLOT_WIDTH / len(chart.groups)
        legend = ui.text(f"stats-{key}") if ui.has_id(f"stats-{key}") else ""
        listed = " ".join(text_of_all(ui, f"stats-{key}")) or legend
        for group, axis_label in zip(chart.groups, chart.bottom_axis.labels, strict=True):
            text, _ = _label(axis_label)
            lines = text.split("\n")
            assert len(lines) <= 3, text
            for line in lines:  # each line fits its bar, with a gap to the next
                assert len(line) * LETTER + GAP <= budget or len(line) <= letters, (key, text)
            tip = str(group.rods[0].tooltip)
            name = tip.rsplit(":", 1)[0].rstrip(" \u00a0")
            assert name and name in listed, (key, name)  # the full name, in the list
            if "…" in text:  # cut: the tooltip has the whole name
                head = lines[0].rstrip("…").strip()
                assert head and head in name, (key, text, name)


def text_of_all(ui: Ui, identifier: str) -> list[str]:
    """Every text of the element (the legend lines under a chart)."""
    return [str(c.value) for c, _ in ui.controls(identifier) if isinstance(c, ft.Text)]


def test_one_date_a_day_and_the_last_one_shown() -> None:
    points = [(stamp(days), 10) for days in DAYS]
    shown = dates(points)
    assert shown[0][0] == 1 and shown[-1][1] == "04-03"  # 1 March + 33 days
    assert dates([(stamp(0), 1), (stamp(0), 2), (stamp(0), 3)]) == [(1, "03-01")]
    assert dates([]) == []


def test_a_name_under_a_bar() -> None:
    assert bar_label("Raw points", 8) == "Raw\npoints"
    assert bar_label("Apprentice", 6) == "Appre…"
    assert bar_label("Won, no medal", 8) == "Won, no\nmedal"
    assert bar_label("Universal Exposition", 5) == "Univ…\nExpo…"
    assert bar_label("Living God Emperor", 6) == "Living\nGod…"
