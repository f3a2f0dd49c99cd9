"""What a browser tab's helpers need of the app: its page and its own memory.

The wakelock and the device's own choices work for one tab; they take this much of the
app, not the app itself, so that the app can import them and they never import it back.
"""

from __future__ import annotations

from typing import Any, Protocol

import flet as ft


class Tab(Protocol):
    """One browser tab of the app (`CompanionApp` is one)."""

    @property
    def page(self) -> ft.Page: ...

    @property
    def memory(self) -> dict[str, Any]:
        """What this tab keeps between screens, never global."""
        ...

    def use_device_choices(self, language: str | None, theme: str | None) -> None:
        """This device chose its own language or theme before."""
        ...
