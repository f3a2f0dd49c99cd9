"""`/players` and `/players/<name>`: everyone who has played, and one player's page —
games, wins, scores over time, favourite Empires, and head-to-head against each rival.

The figures are the rules' (`companion.rules.players`), from the history's summaries;
the filters (number of players, period) live in the address, so back, reload and a link
keep them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date

import flet as ft

from companion.i18n import number, t, tn
from companion.rules.errors import Rejected
from companion.rules.players import (
    OWNER,
    Period,
    Played,
    PlayerLine,
    Rivalry,
    head_to_head,
    name_key,
    players,
    summary,
)
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.charts import CHART_HEIGHT, score_line
from companion.ui.kit.fields import limited_field
from companion.ui.kit.filters import period_filters
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.labels import empire_label
from companion.usecases.people import (
    OWNER_SEGMENT,
    games_of,
    period_from,
    period_query,
    player_label,
    player_segment,
    put_back,
    rename,
    this_is_me,
)


def _games(app: Shell) -> list[Played]:
    return games_of(app.services.backend.finished_games(), app.services)


class PlayersScreen(Screen):
    """Everyone who has played, most games first."""

    @property
    def title(self) -> str:
        return t("Players")

    def build(self) -> ft.Control:
        lines = players(_games(self.app))
        if not lines:
            return w.card_box(ft.Text(t("No players yet: finish a game or save a quick score,"
                                        " and everyone who played will be listed here.")),
                              identifier="players-empty")
        return ft.Semantics(
            content=ft.Column([self._row(line) for line in lines], spacing=4,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            identifier="player-list", container=True)

    def _row(self, line: PlayerLine) -> ft.Control:
        games = tn("{count} game", "{count} games", line.games)
        wins = tn("{count} win", "{count} wins", line.wins)
        return ft.ListTile(title=ft.Text(player_label(line.key, line.name)),
                           subtitle=ft.Text(f"{games} · {wins}"),
                           trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                           on_click=lambda: self.app.navigate(
                               address.path("players", player_segment(line.key, line.name))))


class PlayerScreen(Screen):
    """One player: their figures under the chosen filters, and their rivals."""

    def __init__(self, app: Shell, key: str, name: str, games: list[Played],
                 period: Period, count: int | None, chosen: str) -> None:
        super().__init__(app)
        self.key, self.name, self.games = key, name, games
        self.filter, self.count, self.period = period, count, chosen

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> PlayerScreen:
        segment = values.get("player", "")
        key = "" if segment == OWNER_SEGMENT else name_key(segment.strip())
        games = _games(app)
        line = next((line for line in players(games) if line.key == key), None)
        if line is None:
            raise ScreenMissing(t("Nobody called {name} has played in your records.",
                                  name=segment))
        return cls(app, key, line.name, games,
                   *period_from(values.get("players"), values.get("period"), date.today()))

    @property
    def title(self) -> str:
        return player_label(self.key, self.name)

    def build(self) -> ft.Control:
        period = self.filter
        found = summary(self.games, self.key, period)
        rows: list[ft.Control] = [self._filters()]
        if not found.games:
            rows.append(w.value_text("player-none", t("No game matches these filters.")))
            return ft.Column(rows, spacing=12)
        rows.append(w.card_box(*self._figures(found.games, found.ranked, found.wins,
                                              found.average, found.best),
                               identifier="player-figures"))
        if found.scores:
            rows.append(w.card_box(
                w.heading(t("Score over time")),
                ft.Semantics(content=ft.Container(score_line(found.scores),
                                                  height=CHART_HEIGHT,
                                                  padding=ft.Padding.only(right=12, top=8)),
                             label=tn("{count} game with a known score",
                                      "{count} games with a known score",
                                      len(found.scores)),
                             identifier="chart-player", container=True)))
        if found.empires:
            catalog = self.app.services.catalog
            rows.append(w.card_box(
                w.heading(t("Favourite Empires")),
                *[ft.Text(tn("{empire}: {count} game", "{empire}: {count} games", n,
                             empire=empire_label(catalog, empire)))
                  for empire, n in found.empires], identifier="player-empires"))
        rivals = head_to_head(self.games, self.key, period)
        if rivals:
            rows.append(w.card_box(w.heading(t("Head to head")),
                                   *[self._rival(r) for r in rivals],
                                   identifier="player-rivals"))
        rows.append(self._renaming())
        return ft.Column(rows, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _renaming(self) -> ft.Control:
        """A new name, or the name of the same person under another spelling (a merge);
        "That was me" for a seat that was the app's own player. Each is one step, with
        an undo."""
        field = limited_field(t("New name, or another name of the same person"), 40)

        def renamed() -> None:
            typed = str(field.value or "").strip()
            self._known_as(lambda: rename(self.app.services, self.key, self.name, typed,
                                          {line.key: line.name
                                           for line in players(self.games)}), typed)

        actions: list[ft.Control] = [w.button(t("Rename"), renamed, kind="tonal")]
        if self.key != OWNER:
            actions.append(w.button(t("That was me"), lambda: self._known_as(
                lambda: this_is_me(self.app.services, self.key, self.name), OWNER_SEGMENT),
                kind="outlined"))
        return w.card_box(w.heading(t("Rename or merge")), field,
                          ft.Row(actions, wrap=True, spacing=8, run_spacing=8),
                          identifier="player-rename")

    def _known_as(self, change: Callable[[], tuple[str, dict[str, str]]],
                  segment: str) -> None:
        """Make the change, show the player as they are now known, and offer the undo."""
        try:
            said, before = change()
        except Rejected as exc:
            self.app.explain(exc)
            return
        here = self.app.route

        def undo() -> None:
            put_back(self.app.services, before)
            self.app.navigate(here)

        self.app.navigate(address.path("players", segment))
        self.app.notify(said, action=t("Undo"), on_action=undo)

    def _figures(self, games: int, ranked: int, wins: int, average: float | None,
                 best: int | None) -> list[ft.Control]:
        lines = [w.value_text("player-games", tn("{count} game", "{count} games", games),
                              bold=True)]
        if ranked:
            lines.append(w.value_text("player-wins", tn(
                "Wins: {wins} of {count} game with others", "Wins: {wins} of {count} games"
                " with others", ranked, wins=wins)))
        if average is not None and best is not None:
            lines.append(w.value_text("player-scores", tn(
                "Average {average}, best {count} point", "Average {average}, best {count}"
                " points", best, average=number(average))))
        return lines

    def _rival(self, rivalry: Rivalry) -> ft.Control:
        me = player_label(self.key, self.name)
        them = player_label(rivalry.rival, rivalry.name)
        parts = [tn("{count} game together", "{count} games together", rivalry.games)]
        if rivalry.ahead or rivalry.behind:
            parts.append(t("{me} ahead {ahead}, {them} ahead {behind}", me=me, them=them,
                           ahead=rivalry.ahead, behind=rivalry.behind))
        if rivalry.margin is not None:
            parts.append(t("average margin {margin}", margin=number(rivalry.margin, signed=True)))
        return ft.ListTile(
            title=ft.Text(them, weight=ft.FontWeight.BOLD),
            subtitle=w.value_text(f"rival-{player_segment(rivalry.rival, rivalry.name)}",
                                  "; ".join(parts)),
            on_click=lambda: self.app.navigate(address.path(
                "players", player_segment(rivalry.rival, rivalry.name), **self._over())))

    def _over(self) -> dict[str, str]:
        """A rival's page opens over this one: the app's back arrow then returns here,
        as the browser's back does, not to the list of players. One level only (this
        page as it is filtered, without what it was itself opened over): a chain of
        rivals keeps a short address, and the arrow always has a page to go back to."""
        here = address.place(self.app.route)
        query = {k: v for k, v in here.query.items() if k != address.OVER}
        return {address.OVER: dataclasses.replace(here, query=query).key}

    def _filters(self) -> ft.Control:
        played = [len(g.seats) for g in self.games if g.seat(self.key) is not None]
        segment = player_segment(self.key, self.name)
        return period_filters(played, self.count, self.period, lambda count, period: (
            self.app.navigate(address.path("players", segment, **period_query(count, period)))),
            "player-filters")
