"""What the records' charts share: round steps on the axes, short names under bars, and
the line of scores over time (the statistics and a player's page draw the same one).

Charts put short numbers on their axes and the long names in a list under the chart, so
nothing overflows a 390 px phone in any language.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from companion.i18n import t

CHART_HEIGHT = 220
MAX_BARS = 8
"""More bars than this would be too thin on a phone; the rest stay in the legend."""
SHORT = 9
"""Letters of a name under a bar: what fits a phone's narrow bar."""


def step(top: float) -> int:
    """A round gap between axis labels (1, 2, 5, 10, 20, 25, 50, 100...) giving at most
    about five of them: ticks at 0, 20, 40, never at 0, 21, 42."""
    wanted = max(1.0, top / 5)
    scale = 1
    while True:
        for nice in (1, 2, 2.5, 5):
            gap = nice * scale
            if gap >= wanted and float(gap).is_integer():
                return int(gap)
        scale *= 10


def short(name: str) -> str:
    """A name cut to fit under a bar; the list under the chart gives it whole."""
    return name if len(name) <= SHORT else name[:SHORT - 1].rstrip() + "…"


def day(date: str) -> str:
    """'2025-03-02T20:48:00' → '03-02': the month and day of a game, under its point."""
    return date[5:10] if len(date) >= 10 else date


def axis(title: str, labels: Sequence[tuple[int, str]] = (), size: int = 28,
         spacing: float | None = None, show_max: bool = False) -> fch.ChartAxis:
    """Whole-number steps only, and no odd top value (4.6) above the last line."""
    return fch.ChartAxis(
        title=ft.Text(title, size=12), title_size=20, label_size=size,
        label_spacing=spacing, show_max=show_max,
        labels=[fch.ChartAxisLabel(value=v, label=ft.Text(text, size=11))
                for v, text in labels])


def dates(points: Sequence[tuple[str, int]]) -> list[tuple[int, str]]:
    """A date under the first, the last and a few games between (about five)."""
    every = max(1, -(-len(points) // 5))
    shown = sorted({0, len(points) - 1, *range(0, len(points), every)})
    return [(i + 1, day(points[i][0])) for i in shown]


def score_line(points: Sequence[tuple[str, int]]) -> fch.LineChart:
    """Each game's total, oldest first, with its date under a few of them."""
    totals = [total for _, total in points]
    return fch.LineChart(
        data_series=[fch.LineChartData(
            points=[fch.LineChartDataPoint(x=i + 1, y=total)
                    for i, total in enumerate(totals)],
            color=ft.Colors.PRIMARY, stroke_width=3, point=True)],
        min_x=1, max_x=max(len(totals), 2), min_y=0, max_y=max([*totals, 1]) * 1.15,
        left_axis=axis(t("Points"), size=36, spacing=step(max([*totals, 1]))),
        bottom_axis=axis(t("Date of the game"), dates(points), size=22),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        expand=True)
