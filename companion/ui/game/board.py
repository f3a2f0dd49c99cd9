"""What the game screen's panels (status, planning, production) need of the screen.

The panels are functions of the screen's state, drawn into it; they take this much of
it, not the screen itself, so that the screen imports its panels and they never import
it back (`GameScreen` is the one `GameBoard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

if TYPE_CHECKING:
    from companion.rules.actions import Action
    from companion.rules.cards import Card
    from companion.rules.state import GameState
    from companion.ui.screen import Shell
    from companion.usecases.session import GameSession


class GameBoard(Protocol):
    """One game on screen: its session, and what the player is in the middle of."""

    app: Shell
    session: GameSession
    pending: Card | None
    """The card just drafted or picked, waiting for the player to say what to do."""
    recycling: bool
    note: str | None
    plan: dict[int | None, int]
    """Where the player means to place this step's cubes: card uid (None: the Empire)."""
    plan_key: tuple[int, int, str | None, int] | None
    exact_totals: bool
    opponent_fields: list[ft.TextField]
    opponents_key: tuple[int, str | None] | None

    @property
    def state(self) -> GameState: ...

    @property
    def catalog(self) -> Any: ...

    def memo(self, name: object, signature: object,
             build: Callable[[], ft.Control]) -> ft.Control: ...

    def play(self, action: Action) -> bool: ...

    def after_action(self) -> None: ...

    def uid_name(self, uid: int) -> str: ...

    def required_mark(self, card_id: int) -> list[ft.Control]: ...

    def next_button(self, label: str | None = None) -> ft.Control: ...

    def forget_pending(self) -> None: ...

    def cancel_pending(self) -> None: ...

    def show_exact_totals(self) -> None: ...
