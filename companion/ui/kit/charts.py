"""What the records' charts share: round steps on the axes, names under bars that fit,
and the line of scores over time (the statistics and a player's page draw the same one).

Everything is sized for the narrowest phone, 390 px wide, where a chart's plotting area
is about `PLOT_WIDTH` pixels: a date goes only under a point that has it, once for
several games of one day, and only where it has room; a name under a bar wraps onto a
second line and is cut with "…" when it still does not fit, its full name being in the
list under the chart and on the bar's tooltip. Labels under the x axis sit a little
lower than the y axis's "0", which otherwise touches the first date.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from companion.i18n import t, tn

CHART_HEIGHT = 240
MAX_BARS = 8
"""More bars than this would be too thin on a phone; the rest stay in the legend."""
PLOT_WIDTH = 270
"""Pixels between the y axis and the right edge of a chart on a 390 px phone: the page's
and the card's margins and the y axis's labels and title take the rest."""
LETTER = 5.8
"""Width of a letter of an axis label (size 11), wide letters included, in pixels."""
GAP = 6
"""Pixels left empty between two labels of the x axis."""
DATE_LETTERS = 6
"""The widest short date ("27.11.") in letters."""
LABEL_SIZE = 11
BELOW_ZERO = 8
"""Pixels between the plot's bottom and the x axis's labels: the y axis's "0" is
centred on that bottom line, so half of it hangs below; the first date stays clear."""
LINES = 2
"""Lines of a name under a bar."""


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


def letters_per_bar(bars: int) -> int:
    """Letters a line under one of `bars` bars may hold on a 390 px phone."""
    return max(3, int((PLOT_WIDTH / max(bars, 1) - GAP) / LETTER))


def bar_label(name: str, letters: int, lines: int = LINES) -> str:
    """`name` on at most `lines` lines of at most `letters` letters, cut at words; what
    still does not fit is cut with "…" (the list under the chart gives it whole).

    >>> bar_label("Raw points", 8)
    'Raw\\npoints'
    >>> bar_label("Recycling Plant", 5)
    'Recy…\\nPlant'
    """
    rows: list[str] = []
    words = name.split()
    while words and len(rows) < lines:
        row = words.pop(0)
        while words and len(row) + 1 + len(words[0]) <= letters:
            row += " " + words.pop(0)
        if len(row) > letters:
            row = row[:letters - 1].rstrip() + "…"
        rows.append(row)
    if words:  # more words than lines: the last line says it goes on
        last = rows[-1].rstrip("…")
        rows[-1] = (last if len(last) < letters else last[:letters - 1]).rstrip() + "…"
    return "\n".join(rows)


def day(date: str) -> str:
    """'2025-03-02T20:48:00' → '03-02' (in French '02/03'): the month and day of a game,
    under its point."""
    if len(date) < 10:
        return date
    return t("{month}-{day}", month=date[5:7], day=date[8:10])


def dates(points: Sequence[tuple[str, int]], width: float = PLOT_WIDTH
          ) -> list[tuple[int, str]]:
    """The x values (1 for the first game) with a date under them: only games' points,
    one label per day (at its first game), none closer to another than a label's width,
    the first day always and the last day in place of the one before it if need be."""
    days: list[tuple[int, str]] = []
    for index, (date, _) in enumerate(points):
        label = day(date)
        if not days or days[-1][1] != label:
            days.append((index + 1, label))
    if len(days) < 2:
        return days
    span = max(len(points) - 1, 1)
    room = math.ceil(span * (DATE_LETTERS * LETTER + GAP) / width)
    chosen = [days[0]]
    for x, label in days[1:]:
        if x - chosen[-1][0] >= room:
            chosen.append((x, label))
    last = days[-1]
    if chosen[-1] != last:
        if len(chosen) > 1 and last[0] - chosen[-2][0] >= room:
            chosen[-1] = last
        elif last[0] - chosen[-1][0] >= room:
            chosen.append(last)
    return chosen


def axis(title: str, labels: Sequence[tuple[int, str]] = (), size: int = 28,
         spacing: float | None = None, show_max: bool = False) -> fch.ChartAxis:
    """Whole-number steps only, and no odd top value (4.6) above the last line."""
    return fch.ChartAxis(
        title=ft.Text(title, size=12), title_size=20, label_size=size,
        label_spacing=spacing, show_max=show_max,
        labels=[fch.ChartAxisLabel(value=v, label=ft.Text(text, size=LABEL_SIZE))
                for v, text in labels])


def bottom_axis(title: str, labels: Sequence[tuple[int, str]], lines: int = 1
                ) -> fch.ChartAxis:
    """An x axis with a label at each given value and none elsewhere (a label at every
    whole value is asked for, and only those given are drawn), held below the "0"."""
    return fch.ChartAxis(
        title=ft.Text(title, size=12), title_size=20,
        label_size=BELOW_ZERO + 14 * lines + 2, label_spacing=1,
        labels=[fch.ChartAxisLabel(value=v, label=ft.Container(
            ft.Text(text, size=LABEL_SIZE, text_align=ft.TextAlign.CENTER, max_lines=lines),
            padding=ft.Padding.only(top=BELOW_ZERO))) for v, text in labels])


def score_line(points: Sequence[tuple[str, int]]) -> fch.LineChart:
    """Each game's total, oldest first, with its date under a few of them; a tap on a
    point says its date and total."""
    totals = [total for _, total in points]
    return fch.LineChart(
        data_series=[fch.LineChartData(
            points=[fch.LineChartDataPoint(
                x=i + 1, y=total,
                tooltip=tn("{date}: {count} point", "{date}: {count} points", total,
                           date=day(date)))
                for i, (date, total) in enumerate(points)],
            color=ft.Colors.PRIMARY, stroke_width=3, point=True)],
        min_x=1, max_x=max(len(totals), 2), min_y=0, max_y=max([*totals, 1]) * 1.15,
        left_axis=axis(t("Points"), size=36, spacing=step(max([*totals, 1]))),
        bottom_axis=bottom_axis(t("Date of the game"), dates(points)),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        expand=True)
