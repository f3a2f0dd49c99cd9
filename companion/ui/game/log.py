"""`/play/<game>/log`: the moves of a game so far, in its story's words, latest first,
each with "Go back to here".

Opened on top of the game (back returns to it). What is listed, in which words, and
whether a move can be gone back to are the use case's (`companion.usecases.game_log`);
going back is the session's, one step that the game's Undo takes back. After it the game
is shown again, as it now is.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.ui.kit import widgets as w
from companion.ui.open_games import open_session
from companion.ui.screen import Screen, Shell
from companion.usecases.game_log import LogMove, LogRound, game_log, went_back_message
from companion.usecases.session import GameSession


class GameLogScreen(Screen):
    def __init__(self, app: Shell, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.id
        self.follows_table = (session.table or {}).get("id")

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> GameLogScreen:
        return cls(app, open_session(app, values.get("game", "")))

    @property
    def title(self) -> str:
        return t("Moves so far")

    def refresh(self) -> None:
        log = game_log(self.session)
        controls: list[ft.Control] = [w.value_text("log-count", log.heading())]
        if log.refusal is not None:
            controls.append(w.card_box(
                ft.Text(t("Going back stops at move {number}: {reason}",
                          number=log.earliest, reason=log.refusal), italic=True),
                identifier="log-limit"))
        controls += [self._round(told) for told in log.rounds]
        self.content.controls = controls

    def _round(self, told: LogRound) -> ft.Control:
        lines: list[ft.Control] = [w.heading(told.title),
                                   ft.Text(told.summary, italic=True, size=12)]
        for step in told.steps:
            title = (t("{label}: {value}", label=step.title, value=" · ".join(step.notes))
                     if step.notes else step.title)
            lines.append(ft.Text(title, weight=ft.FontWeight.BOLD))
            lines += [self._move(move) for move in step.moves]
        return w.card_box(*lines, identifier=f"log-round-{told.number}")

    def _move(self, move: LogMove) -> ft.Control:
        words: list[ft.Control] = [ft.Text(f"{move.number}. {move.text}")]
        if move.results:
            words.append(ft.Text(" · ".join(move.results), size=12))
        row: list[ft.Control] = [ft.Column(words, spacing=2, expand=True)]
        if move.now:
            row.append(ft.Text(t("You are here"), italic=True))
        elif move.can_go_back:  # named with its move by the group around it
            row.append(w.button(t("Go back to here"), self._go_back(move.number),
                                icon=ft.Icons.HISTORY, kind="text"))
        return ft.Semantics(
            content=ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            identifier=f"move-{move.number}", container=True)

    def _go_back(self, keep: int) -> Callable[[], None]:
        """A refusal (or another tab having moved the game on) is said by the app's guard
        of every handler, which then shows this log as the game now is."""

        def go_back() -> None:
            taken = self.session.go_back(keep)
            said = went_back_message(self.session, len(taken))
            under = self.app.parent
            # A new game screen, not the one left under this log: the game as it now is
            # (an ended game may be going again), nothing half-done from before.
            self.app.show(under, fresh=True)
            self.app.navigate(under)
            self.app.notify(said)

        return go_back
