"""Errors of the store: every one carries a message a player can act on.

Like `companion.rules.errors.Rejected`, each keeps its English template and parameters
apart, so the UI can translate the template while the CLI prints the text as is.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import t


class StoreError(Exception):
    """The store could not do what was asked; nothing already saved was lost."""

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(t(template, **params))

    @property
    def message(self) -> str:
        return str(self)


class StoreLocked(StoreError):
    """Another running copy of the app holds this data folder."""


class StoreConflict(StoreError):
    """A save was refused because the game changed since the caller last saw it (in
    another window or tab): nothing was written. `stored` is the revision on the disk,
    `expected` the one the caller had."""

    def __init__(self, game_id: str, stored: int, expected: int) -> None:
        super().__init__(
            "This game was changed in another window or tab (it is at save {stored}, this"
            " one showed save {expected}). Nothing was saved: the game is shown again as"
            " it is now.", stored=stored, expected=expected)
        self.game_id = game_id
        self.stored = stored
        self.expected = expected
