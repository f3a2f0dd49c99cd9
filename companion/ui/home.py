"""The first screen: pick up the game in progress, or start something new."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.ui import widgets as w
from companion.ui.app import Screen


class HomeScreen(Screen):
    @property
    def title(self) -> str:
        return t("Wonderful Companion")

    def build(self) -> ft.Control:
        from companion.ui.session import GameSession, SessionError

        controls: list[ft.Control] = [
            w.card_box(ft.Text(notice, selectable=True), identifier="notice")
            for notice in [*self.app.services.backend.notices(), *self.app.services.messages]
        ]
        if self._set_aside:
            controls.append(w.card_box(ft.Text(
                t("That game was kept whole in {path}.",
                  path=self._set_aside), selectable=True)))
        record = self.app.services.backend.current_game()
        if record is not None:
            try:
                session = GameSession.resume(self.app.services, record)
            except SessionError as exc:
                controls.append(
                    w.card_box(
                        ft.Text(t("Your last game could not be opened: {reason}",
                                  reason=str(exc))),
                        w.button(t("Set it aside"), lambda: self._abandon(record), kind="outlined"),
                    )
                )
            else:
                controls.append(
                    w.card_box(
                        w.heading(t("Game in progress")),
                        ft.Text(session.headline()),
                        w.button(t("Continue the game"), lambda: self._continue(session),
                                 icon=ft.Icons.PLAY_ARROW),
                        identifier="continue",
                    )
                )
        controls += [
            w.heading(t("New game")),
            w.button(t("New solo game"), self._solo, icon=ft.Icons.PERSON, expand=False),
            w.button(t("Solo scenario"), self._scenario, icon=ft.Icons.FLAG, kind="tonal"),
            w.button(t("Table game (2–7 players)"), self._table, icon=ft.Icons.GROUPS,
                     kind="tonal"),
            w.heading(t("Scores")),
            w.button(t("Quick score"), self._quick, icon=ft.Icons.CALCULATE, kind="outlined"),
        ]
        return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _continue(self, session: object) -> None:
        from companion.ui.game_view import GameScreen
        from companion.ui.session import GameSession

        assert isinstance(session, GameSession)
        self.app.go(GameScreen(self.app, session))

    _set_aside: str | None = None

    def _abandon(self, record: dict[str, object]) -> None:
        game_id = record.get("id")
        if isinstance(game_id, str):
            self._set_aside = self.app.services.backend.set_aside_game(game_id)
        self.app.rebuild()

    def _solo(self) -> None:
        from companion.ui.setup_view import SetupScreen

        self.app.go(SetupScreen(self.app, mode="solo"))

    def _scenario(self) -> None:
        from companion.ui.setup_view import SetupScreen

        self.app.go(SetupScreen(self.app, mode="scenario"))

    def _table(self) -> None:
        from companion.ui.setup_view import SetupScreen

        self.app.go(SetupScreen(self.app, mode="table"))

    def _quick(self) -> None:
        from companion.ui.quick_score import QuickScoreScreen

        self.app.go(QuickScoreScreen(self.app))
