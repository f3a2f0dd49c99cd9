"""Keep the phone's screen on while a game is on screen, and let it sleep elsewhere.

A screen asks for it with `Screen.keep_awake`; the app calls `follow` each time the top
screen changes. Flet's `Wakelock` service does the work in the browser or the phone;
the wish is sent only when it changes, never once per tap.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

KEY = "wakelock"
STATE = "wakelock_on"


def follow(app: CompanionApp, wanted: bool) -> None:
    """Enable or release the wakelock of this tab when the top screen's wish changed."""
    if bool(app.memory.get(STATE, False)) == wanted:
        return
    app.memory[STATE] = wanted
    lock = app.memory.get(KEY)
    if not isinstance(lock, ft.Wakelock):
        lock = ft.Wakelock()
        app.memory[KEY] = lock
    step = lock.enable if wanted else lock.disable
    with contextlib.suppress(RuntimeError):  # no event loop (a unit test without one)
        app.page.run_task(step)
