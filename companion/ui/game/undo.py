"""Undo and redo, shared by the game's screens: always visible, each saying what it does,
beside the way to the game's moves so far (where a player goes back several at once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t
from companion.rules.errors import Rejected
from companion.store import StoreError
from companion.store.errors import StoreConflict
from companion.ui.kit import widgets as w
from companion.usecases.game_log import brought_back_message, went_back_message

if TYPE_CHECKING:
    from companion.ui.screen import Shell
    from companion.usecases.session import GameSession


def undo_bar(app: Shell, session: GameSession,
             after: Callable[[], None]) -> ft.Control:
    """Undo and redo, always visible, each saying what it will take back or do again.

    A message still at the bottom (where going back left the game, a refusal) describes
    the game before the step: several moves moved at once replace it by where the game
    is now, a single move takes it away."""

    def run(step: Callable[[], object], told: Callable[[], str | None]) -> None:
        try:
            step()
        except StoreConflict as exc:  # another tab moved the game on: show it as it is
            app.explain(exc)
            app.reopen()
            return
        except (Rejected, StoreError) as exc:
            app.explain(exc)
            after()
            return
        after()
        said = told()
        if said is None:
            app.close_notice()
        else:
            app.notify(said)

    def undo() -> None:
        brought = len(session.game.undo_brings_back)
        run(session.undo,
            lambda: brought_back_message(session, brought) if brought else None)

    def redo() -> None:
        taken = len(session.game.redo_takes_back)
        run(session.redo, lambda: went_back_message(session, taken) if taken else None)

    undo_what = session.undo_label()
    redo_what = session.redo_label()
    return ft.Row(
        [
            bar_button(ft.Icons.UNDO, t("Undo"), undo_what or t("nothing to undo"), undo,
                       disabled=undo_what is None),
            bar_button(ft.Icons.REDO, t("Redo"), redo_what or t("nothing to redo"), redo,
                       disabled=redo_what is None),
            w.icon_button(ft.Icons.HISTORY, t("Moves so far"),
                          lambda: app.open_on_top("play", session.id, "log")),
        ],
        spacing=8,
    )


def bar_button(icon: ft.IconData, title: str, detail: str, on_click: Callable[[], None],
               *, disabled: bool) -> ft.Control:
    label = t("{label}: {value}", label=title, value=detail)
    inner = ft.OutlinedButton(
        content=ft.Row(
            [
                ft.Icon(icon),
                ft.Column(
                    [ft.Text(title, weight=ft.FontWeight.BOLD),
                     ft.Text(detail, size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
                    spacing=0,
                    tight=True,
                    expand=True,
                ),
            ],
            spacing=6,
        ),
        on_click=on_click,
        disabled=disabled,
        height=56,
        expand=True,
    )
    return ft.Semantics(content=inner, label=label, button=True, container=True, expand=True)
