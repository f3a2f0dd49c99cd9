"""`/stats`: the history in charts, each with its title, axes and a sentence that says
what it shows (for screen readers, and for anyone in a hurry).

Charts put short numbers on their axes and the long names (Empires, cards, ranks) in a
numbered list under the chart, so nothing overflows a 390 px phone in any language.
The numbers come from `companion.rules.stats`; the cards each game built come from
replaying its actions, kept per tab (by game and last change) so coming back is quick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

import flet as ft
import flet_charts as fch

from companion.i18n import number, t, tn
from companion.rules.actions import actions_from_json
from companion.rules.game import replay
from companion.rules.players import ANY_TIME, Period, owners_records
from companion.rules.stats import (
    CATEGORIES,
    MEDAL_KEYS,
    Statistics,
    is_played,
    record_mode,
    record_players,
    statistics,
)
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.charts import (
    CHART_HEIGHT,
    MAX_BARS,
    axis,
    bar_label,
    bottom_axis,
    letters_per_bar,
    score_line,
    step,
)
from companion.ui.kit.filters import period_filters
from companion.ui.kit.score_pad import row_label
from companion.ui.screen import Screen, Shell
from companion.usecases.labels import card_name, empire_label, solo_rank_label
from companion.usecases.people import aliases, period_from, period_query

BUILT_CACHE = "built-cards"


class StatsScreen(Screen):
    stats: Statistics

    def __init__(self, app: Shell, period: Period = ANY_TIME, count: int | None = None,
                 chosen: str = "all") -> None:
        super().__init__(app)
        self.filter, self.count, self.period = period, count, chosen

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> StatsScreen:
        """`/stats?players=3&period=year`: the filter is in the address."""
        return cls(app, *period_from(values.get("players"), values.get("period"),
                                     date.today()))

    @property
    def title(self) -> str:
        return t("Statistics")

    def build(self) -> ft.Control:
        backend = self.app.services.backend
        known_as = aliases(self.app.services)
        every = backend.finished_games()
        records = owners_records(every, known_as)
        mine = {str(r.get("id")) for r in records}
        left = [record_mode(r) == "quick" for r in every
                if is_played(r) and str(r.get("id")) not in mine]
        others, quick = left.count(False), left.count(True)
        self.stats = statistics(records, backend.attempts(), self.built_cards(records),
                                self.filter)
        if self.stats.empty and self.filter == ANY_TIME and not left:
            return w.card_box(ft.Text(t("No games yet: finish a game or save a quick score, "
                                        "and your statistics will appear here.")),
                              identifier="stats-empty")
        counts = [n for n in map(record_players, records) if n is not None]
        rows: list[ft.Control | None] = [period_filters(
            counts, self.count, self.period, lambda count, period: self.app.navigate(
                address.path("stats", **period_query(count, period))), "stats-filters")]
        if others:
            rows.append(w.value_text("stats-seats", tn(
                "{count} seat of a shared table is left out: on that player's page, \"That"
                " was me\" makes it yours.", "{count} seats of shared tables are left out:"
                " on your seat's player page, \"That was me\" makes them yours.", others),
                size=12))
        if quick:
            rows.append(w.value_text("stats-quick", tn(
                "{count} quick score without you is left out: a quick score counts when"
                " you say which player you were.", "{count} quick scores without you are"
                " left out: a quick score counts when you say which player you were.",
                quick), size=12))
        if self.stats.empty:
            rows.append(w.value_text("stats-none", t("No game matches these filters.")))
        else:
            rows += [self._over_time(), self._empires(), self._solo_ranks(), self._medals(),
                     self._categories(), self._cards()]
        return ft.Column([c for c in rows if c is not None], spacing=12,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # --- data ---------------------------------------------------------------------

    def built_cards(self, records: Sequence[Mapping[str, Any]]) -> dict[str, list[int]]:
        """Cards each played game built, from its actions (cached in this tab)."""
        cache: dict[tuple[str, str], list[int]] = self.app.memory.setdefault(BUILT_CACHE, {})
        backend = self.app.services.backend
        catalog = self.app.services.catalog
        found: dict[str, list[int]] = {}
        for record in records:
            if not is_played(record) or record_mode(record) == "quick":
                continue
            key = (str(record.get("id")), str(record.get("updated")))
            kept = record.get("built")
            if isinstance(kept, list):  # saved with the game since this version
                found[key[0]] = [n for n in kept if isinstance(n, int)]
                continue
            if key not in cache:
                full = backend.game(key[0])
                try:
                    actions = actions_from_json(full["actions"]) if full else []
                    cache[key] = replay(actions, catalog).built_ids()
                except Exception:  # one damaged game must not hide the statistics
                    cache[key] = []
            found[key[0]] = cache[key]
        return found

    # --- one chart ----------------------------------------------------------------

    def _box(self, key: str, title: str, summary: str, chart: ft.Control,
             legend: Sequence[str] = ()) -> ft.Control:
        return w.card_box(
            w.heading(title),
            ft.Semantics(content=ft.Container(chart, height=CHART_HEIGHT,
                                              padding=ft.Padding.only(right=12, top=8)),
                         label=summary, identifier=f"chart-{key}", container=True),
            w.value_text(f"summary-{key}", summary),
            *[ft.Text(line, size=13) for line in legend],
            identifier=f"stats-{key}")

    def _bars(self, values: Sequence[float], *, y_title: str, x_title: str,
              names: Sequence[str], second: Sequence[float] | None = None,
              labels: Sequence[str] | None = None) -> fch.BarChart:
        """One bar per name (two with `second`: average then best), its name under it on
        up to two lines cut to fit, and whole on a tap on the bar."""
        letters = letters_per_bar(len(values))
        shown = labels or [bar_label(name, letters) for name in names]
        groups = []
        for index, value in enumerate(values):
            name = names[index]
            rods = [fch.BarChartRod(
                to_y=value, width=12 if second else 20, color=ft.Colors.PRIMARY,
                border_radius=3, tooltip=t("{name}: average {value}", name=name,
                                           value=number(value)) if second is not None
                else t("{name}: {value}", name=name, value=number(value)))]
            if second is not None:
                rods.append(fch.BarChartRod(
                    to_y=second[index], width=12, color=ft.Colors.TERTIARY, border_radius=3,
                    tooltip=t("{name}: best {value}", name=name,
                              value=number(second[index]))))
            groups.append(fch.BarChartGroup(x=index + 1, rods=rods))
        top = max([*values, *(second or ()), 1])
        return fch.BarChart(
            groups=groups, max_y=top * 1.15, min_y=0, interactive=True,
            left_axis=axis(y_title, size=36, spacing=step(top)),
            bottom_axis=bottom_axis(x_title, [(i + 1, label) for i, label in enumerate(shown)],
                                    lines=max(label.count("\n") + 1 for label in shown)),
            horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT,
                                                     width=1),
            expand=True)

    # --- the charts ---------------------------------------------------------------

    def _over_time(self) -> ft.Control | None:
        points = self.stats.over_time
        if not points:
            return None
        totals = [p.total for p in points]
        chart = score_line([(p.date, p.total) for p in points])
        summary = tn("{count} game: first {first} points, latest {latest}, best {best}.",
                     "{count} games: first {first} points, latest {latest}, best {best}.",
                     len(totals), first=totals[0], latest=totals[-1], best=max(totals))
        return self._box("over-time", t("Score over time"), summary, chart)

    def _empires(self) -> ft.Control | None:
        found = self.stats.empires[:MAX_BARS]
        if not found:
            return None
        catalog = self.app.services.catalog

        def name(empire: str, face: str | None) -> str:
            label = empire_label(catalog, empire)
            return t("{empire} (face {face})", empire=label, face=face) if face else label

        letters = letters_per_bar(len(found))

        def under(empire: str, face: str | None) -> str:
            """The Empire on two lines, its face on the next: two bars of one Empire
            differ by their face, which must not be the part cut off."""
            label = bar_label(empire_label(catalog, empire), letters)
            if not face:
                return label
            side = t("Face {face}", face=face)
            return f"{label}\n{side if len(side) <= letters else face}"

        chart = self._bars([s.average for s in found], second=[s.best for s in found],
                           y_title=t("Points"), x_title=t("Empire and face"),
                           names=[name(s.empire, s.face) for s in found],
                           labels=[under(s.empire, s.face) for s in found])
        legend = [t("Bars: average, then best.")] + [
            tn("{number}. {name}: {games} game, average {average}, best {best}",
               "{number}. {name}: {games} games, average {average}, best {best}", s.games,
               number=i + 1, name=name(s.empire, s.face), games=s.games,
              average=number(s.average), best=s.best) for i, s in enumerate(found)]
        top = max(found, key=lambda s: s.average)
        summary = tn("Best average: {name}, {average} points over {games} game.",
                     "Best average: {name}, {average} points over {games} games.", top.games,
                    name=name(top.empire, top.face), average=number(top.average),
                    games=top.games)
        return self._box("empires", t("Average and best per Empire"), summary, chart, legend)

    def _solo_ranks(self) -> ft.Control | None:
        ranks = list(self.stats.solo_ranks.items())[::-1]  # Apprentice first
        if not any(n for _, n in ranks):
            return None
        chart = self._bars([n for _, n in ranks], y_title=t("Games"),
                           x_title=t("Solo rank"),
                           names=[solo_rank_label(rank) for rank, _ in ranks])
        words = [f"{solo_rank_label(rank)} {n}" for rank, n in ranks]
        legend = [t("{number}. {name}", number=i + 1, name=solo_rank_label(rank))
                  for i, (rank, _) in enumerate(ranks)]
        summary = t("Solo ranks: {counts}.", counts=", ".join(words))
        return self._box("solo-ranks", t("Solo ranks"), summary, chart, legend)

    def _medals(self) -> ft.Control | None:
        medals = self.stats.medals
        if not any(medals.values()):
            return None
        names = {"gold": t("Gold medal"), "silver": t("Silver medal"),
                 "bronze": t("Bronze medal"), "none": t("Won, no medal"), "lost": t("Lost")}
        summary = t("Scenario attempts: {counts}.",
                    counts=", ".join(f"{names[k]} {medals[k]}" for k in MEDAL_KEYS))
        chart, legend = self._listed(MEDAL_KEYS, names, medals, y_title=t("Attempts"),
                                     x_title=t("Result"))
        return self._box("medals", t("Scenario medals"), summary, chart, legend)

    def _categories(self) -> ft.Control | None:
        rows = self.stats.categories
        if not rows:
            return None
        shown = [k for k in CATEGORIES if k in rows]
        names = {k: row_label(k) for k in shown}
        summary = t("Average per game: {rows}.",
                    rows=", ".join(f"{names[k]} {number(rows[k])}" for k in shown))
        chart, legend = self._listed(shown, names, rows, y_title=t("Points"),
                                     x_title=t("Score pad row"))
        return self._box("categories", t("Points by score pad row"), summary, chart, legend)

    def _listed(self, keys: Sequence[str], names: dict[str, str],
                values: Mapping[str, float], *, y_title: str, x_title: str
                ) -> tuple[ft.Control, list[str]]:
        """Bars numbered 1, 2... and the list saying what each number is (long names do
        not fit under a bar on a phone)."""
        chart = self._bars([values[k] for k in keys], y_title=y_title, x_title=x_title,
                           names=[names[k] for k in keys])
        legend = [t("{number}. {name}", number=i + 1, name=names[k])
                  for i, k in enumerate(keys)]
        return chart, legend

    def _cards(self) -> ft.Control | None:
        cards = self.stats.top_cards[:MAX_BARS]
        if not cards:
            return None
        catalog = self.app.services.catalog
        chart = self._bars([n for _, n in cards], y_title=t("Times built"),
                           x_title=t("Card"),
                           names=[card_name(catalog, card) for card, _ in cards])
        legend = [tn("{number}. {card}: built {count} time",
                     "{number}. {card}: built {count} times",
                     n, number=i + 1, card=card_name(catalog, card))
                  for i, (card, n) in enumerate(cards)]
        first, count = cards[0]
        summary = tn("Most built: {card}, {count} time.", "Most built: {card}, {count} times.",
                     count, card=card_name(catalog, first))
        return self._box("cards", t("Most built cards"), summary, chart, legend)
