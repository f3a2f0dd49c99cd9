"""Every write to the games, told to whoever watches them.

A shared table is one truth that several screens draw: each phone's seat, the host's
table page, the seats page. Each of those must redraw whenever what it shows changes,
and what it shows is derived from the seats' saved games. Rather than every place that
writes a game remembering to tell the others (a move, an undo, a going back, the end
undone, a seat joined, a game abandoned from the home screen, an import), the backend
itself tells: a write that returns is a write the watchers hear of, whoever made it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Watcher = Callable[[str | None], None]
"""Told the id of the game just written, or None when any game may have changed (an
import, a reset)."""

GAME_WRITES = frozenset({
    "save_game", "finish_game", "abandon_game", "resume_game", "delete_game",
    "set_aside_game",
})
EVERY_GAME = frozenset({"import_all", "reset"})


class WatchedBackend:
    """The app's backend, unchanged, but for telling `watchers` after each game write.

    Reads and every other call go straight through; `inner` is the backend itself."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.watchers: list[Watcher] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if not callable(found) or name not in GAME_WRITES | EVERY_GAME:
            return found

        def written(*args: Any, **kwargs: Any) -> Any:
            result = found(*args, **kwargs)
            self._tell(None if name in EVERY_GAME else _game_id(args, kwargs))
            return result

        return written

    def _tell(self, game_id: str | None) -> None:
        for watcher in list(self.watchers):
            watcher(game_id)


def _game_id(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """The game a write names: its record's id (a save), or the id itself."""
    first = args[0] if args else kwargs.get("record", kwargs.get("game_id"))
    if isinstance(first, dict):
        found = first.get("id")
        return found if isinstance(found, str) else None
    return first if isinstance(first, str) else None


def watched(backend: Any) -> WatchedBackend:
    """`backend`, watched once: wrapping twice would tell every write twice."""
    return backend if isinstance(backend, WatchedBackend) else WatchedBackend(backend)
