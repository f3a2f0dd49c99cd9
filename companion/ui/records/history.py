"""`/history`: every finished game, newest first, with filters; abandoned games too.

The list comes from the store's summaries (no actions), filtered in memory, and shows
the first `PAGE` games with "Show more", so years of games stay quick to filter. An
abandoned game is listed as what it is and can be taken up again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t, tn
from companion.i18n.counts import points_total
from companion.rules.stats import MODES, record_empire, record_mode, record_total
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.open_games import forget_session
from companion.ui.screen import Screen, Shell
from companion.usecases.labels import empire_label
from companion.usecases.record_labels import (
    mode_label,
    record_date,
    record_empire_line,
    record_heading,
    scenario_name,
)

PAGE = 50
ALL = ""


class HistoryScreen(Screen):
    section_bar = True

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.mode = ALL
        self.empire = ALL
        self.scenario = ALL
        self.shown = PAGE
        self.records: list[dict[str, Any]] = []
        self._content = ft.Column(spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def title(self) -> str:
        return t("History")

    def build(self) -> ft.Control:
        self._load()
        self.refresh()
        return self._content

    def on_show(self) -> None:
        if self._content.controls:
            self._load()
            self.refresh()

    def _load(self) -> None:
        self.records = self.app.services.backend.finished_games()

    # --- filtering ----------------------------------------------------------------

    def matching(self) -> list[dict[str, Any]]:
        """The records the filters let through, newest first (the store's order)."""
        return [r for r in self.records if self._matches(r)]

    def _matches(self, record: dict[str, Any]) -> bool:
        if self.mode and record_mode(record) != self.mode:
            return False
        if self.empire and record_empire(record)[0] != self.empire:
            return False
        return not self.scenario or record.get("scenario") == self.scenario

    # --- drawing ------------------------------------------------------------------

    def refresh(self) -> None:
        controls: list[ft.Control] = [ft.Row([
            w.button(t("Statistics"), lambda: self.app.navigate("/stats"),
                     icon=ft.Icons.INSIGHTS, kind="tonal"),
            w.button(t("Players"), lambda: self.app.navigate("/players"),
                     icon=ft.Icons.GROUPS, kind="tonal"),
        ], wrap=True, spacing=8, run_spacing=8)]
        if not self.records:
            controls.append(w.card_box(ft.Text(t(
                "No finished games yet. Games you finish, quick scores you save and games "
                "you abandon will be listed here.")), identifier="history-empty"))
            self._content.controls = controls
            return
        controls.append(self._filters())
        found = self.matching()
        controls.append(w.value_text("history-count",
                                     tn("{count} game", "{count} games", len(found))))
        controls.append(ft.Semantics(
            content=ft.Column([self._entry(r) for r in found[: self.shown]], spacing=8,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            identifier="history-list", container=True))
        if len(found) > self.shown:
            controls.append(w.button(t("Show more"), self._more, kind="outlined",
                                     icon=ft.Icons.EXPAND_MORE))
        self._content.controls = controls

    def _filters(self) -> ft.Control:
        modes = [(t("All"), ALL)] + [(mode_label(m), m) for m in MODES]
        chips = ft.Row(
            [w.button(label, self._set("mode", value),
                      kind="filled" if value == self.mode else "outlined")
             for label, value in modes],
            wrap=True, spacing=8, run_spacing=8)
        catalog = self.app.services.catalog
        empire = (empire_label(catalog, self.empire) if self.empire else t("All Empires"))
        row: list[ft.Control] = [
            w.button(t("Empire: {empire}", empire=empire), self._choose_empire,
                     icon=ft.Icons.PUBLIC, kind="tonal")]
        if any(r.get("scenario") for r in self.records):
            scenario = (scenario_name(self.app.services, self.scenario) if self.scenario
                        else t("All scenarios"))
            row.append(w.button(t("Scenario: {name}", name=scenario), self._choose_scenario,
                                icon=ft.Icons.FLAG, kind="tonal"))
        return ft.Semantics(
            content=ft.Column([chips, *row], spacing=8,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            identifier="history-filters", container=True)

    def _entry(self, record: dict[str, Any]) -> ft.Control:
        game_id = str(record.get("id"))
        services = self.app.services
        details = " · ".join(x for x in (record_empire_line(services, record),
                                         record_date(record)) if x)
        if record.get("abandoned"):
            return w.card_box(
                ft.Text(record_heading(services, record), weight=ft.FontWeight.BOLD),
                ft.Text(details),
                ft.Text(t("Abandoned, round {round}", round=record.get("round") or 1)),
                w.button(t("Take it up again"), self._resume(game_id),
                         icon=ft.Icons.PLAY_ARROW, kind="tonal"),
                identifier=f"game-{game_id}")
        total = record_total(record)
        return ft.Semantics(
            content=ft.Container(
                ft.ListTile(
                    title=ft.Text(record_heading(services, record)),
                    subtitle=ft.Text(details),
                    trailing=ft.Text(points_total(total) if total is not None
                                     else "", weight=ft.FontWeight.BOLD),
                    on_click=lambda: self.app.navigate(address.path("history", game_id)),
                ),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12),
            identifier=f"game-{game_id}", container=True)

    # --- handlers -----------------------------------------------------------------

    def _set(self, name: str, value: str) -> Callable[[], None]:
        def apply() -> None:
            setattr(self, name, value)
            self.shown = PAGE
            self.app.refresh()

        return apply

    def _more(self) -> None:
        self.shown += PAGE
        self.app.refresh()

    def _choose_empire(self) -> None:
        catalog = self.app.services.catalog
        played = sorted({e for e in (record_empire(r)[0] for r in self.records) if e},
                        key=lambda name: empire_label(catalog, name))
        options = [(t("All Empires"), ALL)] + [(empire_label(catalog, e), e) for e in played]
        w.choice_dialog(self.app.page, t("Choose the Empire"), options,
                        lambda value: self._set("empire", value)())

    def _choose_scenario(self) -> None:
        ids = sorted({str(r["scenario"]) for r in self.records if r.get("scenario")})
        options = [(t("All scenarios"), ALL)] + [
            (scenario_name(self.app.services, s), s) for s in ids]
        w.choice_dialog(self.app.page, t("Choose the scenario"), options,
                        lambda value: self._set("scenario", value)())

    def _resume(self, game_id: str) -> Callable[..., None]:
        def resume(*_: Any) -> None:
            self.app.services.backend.resume_game(game_id)
            forget_session(self.app, game_id)
            self.app.navigate(address.path("play", game_id))

        return self.app.guarded(resume)
