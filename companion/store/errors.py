"""Errors of the store: every one carries a message a player can act on.

Like `companion.rules.errors.Rejected`, each keeps its English template and parameters
apart, so the UI can translate the template while the CLI prints the text as is.

`Invalid` is the problem a check finds in a value (`validate.py`, `derive.py`, both of
which raise it); the store words it as a `StoreError`.
"""

from __future__ import annotations

from companion.i18n import PlayerError

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any


class StoreError(PlayerError):
    """The store could not do what was asked; nothing already saved was lost."""


class StoreLocked(StoreError):
    """Another running copy of the app holds this data folder."""


class StoreConflict(StoreError):
    """A save was refused because the game changed since the caller last saw it (in
    another window or tab): nothing was written. Its parameters say which game
    (`game_id`), the revision on the disk (`stored`) and the one the caller had
    (`expected`)."""

    @property
    def game_id(self) -> str:
        return str(self.params["id"])

    @property
    def stored(self) -> int:
        return int(self.params["stored"])

    @property
    def expected(self) -> int:
        return int(self.params["expected"])


class Invalid(Exception):
    """One problem in a value, with where it is; the store turns it into a StoreError."""

    def __init__(self, where: str, template: str, /, **params: Any) -> None:
        self.where = where
        self.template = template
        self.params = params
        super().__init__(f"{where}: {template.format(**params)}")
