"""The medal board (`/scenarios`) and one solo scenario's page (`/scenarios/<id>`).

Every solo scenario the app knows (the base game's, Corruption & Ascension's and the
player's own files) with what the player made of it: attempts, wins, best score, best
medal, the first gold, and how many points the best win lacks for the next medal. The
numbers come from the recorded attempts (`companion.store.medals.medal_board`); nothing
here decides whether a game was won or what it earned.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import flet as ft

from companion.i18n import language, t, tn
from companion.rules.errors import Rejected
from companion.rules.scenarios import MEDAL_ORDER, Attempt, Medal, Scenario, medal_for, points_short
from companion.store.medals import MedalRow, medal_board
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.medal_badge import as_medal, medal_badge, medal_name
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.labels import card_name

ROW_HEIGHT = 80
"""A board row: name, one or two lines of detail; at least a finger high."""


# --- what the numbers mean (pure) -------------------------------------------------------


def readable_attempts(records: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The attempts that can be read; a damaged one is left out rather than hide the board."""
    kept: list[Mapping[str, Any]] = []
    for record in records:
        try:
            Attempt.from_mapping(record)
        except (Rejected, KeyError, TypeError):
            continue
        if "scenario" in record:
            kept.append(record)
    return kept


def day_of(stamp: str | None) -> str:
    """A stored date-time as YYYY-MM-DD (the date the player played on, as stored)."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).date().isoformat()
    except ValueError:
        return stamp[:10]


def group_of(scenario: Scenario) -> str:
    """Which part of the board a scenario is listed in: "base", "ca", ... or "user"."""
    return "user" if scenario.source == "user" else scenario.expansion


# --- words --------------------------------------------------------------------------


def group_title(group: str) -> str:
    return {"base": t("Base game"), "ca": t("Corruption & Ascension"),
            "user": t("Your own scenarios")}.get(group, group)


def short_text(medal: Medal, points: int) -> str:
    """"15 more points for the silver medal": one template per medal, for the grammar."""
    return {
        Medal.BRONZE: tn("{points} more point for the bronze medal",
                            "{points} more points for the bronze medal", points, points=points),
        Medal.SILVER: tn("{points} more point for the silver medal",
                            "{points} more points for the silver medal", points, points=points),
        Medal.GOLD: tn("{points} more point for the gold medal",
                            "{points} more points for the gold medal", points, points=points),
    }[medal]


def threshold_text(medal: Medal, points: int) -> str:
    return {
        Medal.BRONZE: tn("Bronze medal: {points} point or more",
                            "Bronze medal: {points} points or more", points, points=points),
        Medal.SILVER: tn("Silver medal: {points} point or more",
                            "Silver medal: {points} points or more", points, points=points),
        Medal.GOLD: tn("Gold medal: {points} point or more",
                            "Gold medal: {points} points or more", points, points=points),
    }[medal]


def scenario_title(scenario: Scenario) -> str:
    name = scenario.name_in(language())
    return f"{scenario.number}. {name}" if scenario.number else name


def record_line(row: MedalRow) -> str:
    if row.attempts == 0:
        return t("Not played yet")
    return tn("Best score {score} · won {wins} of {attempts}",
              "Best score {score} · won {wins} of {attempts}", row.wins,
              score=row.best_score, wins=row.wins, attempts=row.attempts)


def _in_order(scenarios: Iterable[Scenario]) -> list[Scenario]:
    groups = {"base": 0, "ca": 1, "user": 3}
    return sorted(scenarios, key=lambda s: (groups.get(group_of(s), 2), group_of(s),
                                            s.number or 0, s.id))


# --- the board ----------------------------------------------------------------------


class MedalBoardScreen(Screen):
    """Every solo scenario at a glance; a row opens that scenario's page."""

    section_bar = True

    @property
    def title(self) -> str:
        return t("Medals")

    def refresh(self) -> None:
        services = self.app.services
        scenarios = _in_order(services.scenarios.values())
        if not scenarios:
            self.content.controls = [ft.Text(t("No scenario could be loaded."))]
            return
        attempts = readable_attempts(services.backend.attempts())
        rows = medal_board(scenarios, attempts)
        by_scenario: dict[str, list[Mapping[str, Any]]] = {}
        for record in attempts:
            by_scenario.setdefault(str(record["scenario"]), []).append(record)
        controls: list[ft.Control] = [self._summary(rows)]
        group = None
        for row in rows:
            if group_of(row.scenario) != group:
                group = group_of(row.scenario)
                controls.append(w.heading(group_title(group)))
            controls.append(self._row(row, by_scenario.get(row.scenario.id, [])))
        self.content.controls = controls

    def _summary(self, rows: Sequence[MedalRow]) -> ft.Control:
        counts = {medal: sum(1 for r in rows if as_medal(r.best_medal) is medal)
                  for medal in MEDAL_ORDER}
        won = sum(1 for r in rows if r.wins)
        tally = ft.Row(
            [ft.Row([medal_badge(medal, size=32),
                     ft.Text(f"× {counts[medal]}", size=16, weight=ft.FontWeight.BOLD)],
                    spacing=6, tight=True)
             for medal in reversed(MEDAL_ORDER)],
            spacing=24,
        )
        return w.card_box(
            w.value_text("gold-count", tn("Gold medals: {golds} of {total}",
                                          "Gold medals: {golds} of {total}",
                                          counts[Medal.GOLD], golds=counts[Medal.GOLD],
                                          total=len(rows)),
                         bold=True, size=18),
            tally,
            w.value_text("won-count", tn("Scenarios won: {won} of {total}",
                                         "Scenarios won: {won} of {total}", won, won=won,
                                         total=len(rows))),
            identifier="medal-summary",
        )

    def _row(self, row: MedalRow, records: Sequence[Mapping[str, Any]]) -> ft.Control:
        scenario = row.scenario
        details = [record_line(row)]
        short = points_short(scenario, records)
        if short is not None:
            details.append(short_text(*short))
        medal = as_medal(row.best_medal)
        lines: list[ft.Control] = [
            ft.Text(scenario_title(scenario), weight=ft.FontWeight.BOLD, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            *[ft.Text(line, size=13, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2,
                      overflow=ft.TextOverflow.ELLIPSIS) for line in details],
        ]
        target = address.path("scenarios", scenario.id)
        box = ft.Container(
            content=ft.Row([
                medal_badge(medal, size=40),
                ft.Column(lines, spacing=2, expand=True, tight=True,
                          alignment=ft.MainAxisAlignment.CENTER),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            height=ROW_HEIGHT,
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=12,
            on_click=lambda: self.app.navigate(target),
        )
        # The tappable box is the one button a screen reader finds; it reads the drawn
        # medal's name and the texts inside. The identifier only lets tests find the row.
        return ft.Semantics(content=box, container=True, identifier=f"scenario-{scenario.id}")


# --- one scenario -------------------------------------------------------------------


class ScenarioScreen(Screen):
    """One scenario: what it asks, what each medal needs, and every attempt at it."""

    def __init__(self, app: Shell, scenario: Scenario) -> None:
        super().__init__(app)
        self.scenario = scenario

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> ScenarioScreen:
        wanted = values.get("scenario", "")
        scenario = app.services.scenarios.get(wanted)
        if scenario is None:
            raise ScreenMissing(t("There is no solo scenario {scenario}.", scenario=wanted))
        return cls(app, scenario)

    @property
    def title(self) -> str:
        return self.scenario.name_in(language())

    def refresh(self) -> None:
        scenario = self.scenario
        records = readable_attempts(self.app.services.backend.attempts(scenario.id))
        row = medal_board([scenario], records)[0]
        self.content.controls = [
            self._about(),
            self._thresholds(),
            self._record(row, records),
            w.button(t("Play this scenario"), self._play, icon=ft.Icons.PLAY_ARROW),
            self._attempts(records),
        ]

    def _about(self) -> ft.Control:
        scenario = self.scenario
        catalog = self.app.services.catalog
        cards = [ft.Text("• " + card_name(catalog, card_id) + (f" ×{n}" if n > 1 else ""))
                 for card_id, n in scenario.required_counts()]
        summary = scenario.summary_in(language())
        return w.card_box(
            *([ft.Text(summary, italic=True)] if summary else []),
            w.heading(t("Cards to build")),
            *cards,
            ft.Text(t("Played with Empire face {face}. Won only if every one of these cards "
                      "is built at the end.", face=scenario.face), size=12),
            identifier="scenario-about",
        )

    def _thresholds(self) -> ft.Control:
        thresholds = self.scenario.thresholds
        return w.card_box(
            w.heading(t("Medals")),
            *[ft.Row([medal_badge(medal), ft.Text(threshold_text(medal, thresholds.of(medal)),
                                                  expand=True)], spacing=12)
              for medal in MEDAL_ORDER],
            identifier="thresholds",
        )

    def _record(self, row: MedalRow, records: Sequence[Mapping[str, Any]]) -> ft.Control:
        medal = as_medal(row.best_medal)
        lines: list[ft.Control] = [
            w.heading(t("Your record")),
            ft.Row([medal_badge(medal, size=48, identifier="best-medal"),
                    ft.Text(medal_name(medal), size=18, weight=ft.FontWeight.BOLD,
                            expand=True)], spacing=12),
            w.value_text("attempt-count", t("Attempts: {n}", n=row.attempts)),
            w.value_text("win-count", t("Wins: {n}", n=row.wins)),
        ]
        if row.best_score is not None:
            lines.append(w.value_text("best-score", t("Best score: {score}",
                                                      score=row.best_score)))
        if row.first_gold_date:
            lines.append(w.value_text("first-gold", t("First gold: {date}",
                                                      date=day_of(row.first_gold_date))))
        short = points_short(self.scenario, records)
        if short is not None:
            lines.append(ft.Row([medal_badge(short[0], size=28),
                                 w.value_text("points-short", short_text(*short))],
                                spacing=8))
        return w.card_box(*lines, identifier="record")

    def _attempts(self, records: Sequence[Mapping[str, Any]]) -> ft.Control:
        if not records:
            return w.card_box(ft.Text(t("No attempt yet.")), identifier="attempts")
        newest = sorted(records, key=lambda r: str(r.get("date", "")), reverse=True)
        return w.card_box(
            w.heading(t("Attempts")),
            *[self._attempt(record) for record in newest],
            identifier="attempts",
        )

    def _attempt(self, record: Mapping[str, Any]) -> ft.Control:
        """One line: date, score, won or lost, and the medal worked out from the thresholds
        (a stored medal is not trusted: the scenario file may have changed since)."""
        found = Attempt.from_mapping(record)
        medal = medal_for(found.total, self.scenario.thresholds) if found.won else None
        day = day_of(found.date)
        text = (tn("{date}: {score} point, won", "{date}: {score} points, won", found.total,
                   date=day, score=found.total) if found.won
                else tn("{date}: {score} point, lost", "{date}: {score} points, lost",
                        found.total, date=day, score=found.total))
        return ft.Row([medal_badge(medal, size=28), ft.Text(text, expand=True)], spacing=12)

    def _play(self) -> None:
        self.app.navigate(address.path("new", "scenario", scenario=self.scenario.id))
