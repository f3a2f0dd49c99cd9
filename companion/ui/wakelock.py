"""Keep the phone's screen on while a game is on screen, and let it sleep elsewhere.

A screen asks for it with `Screen.keep_awake`; the app calls `follow` each time the top
screen changes. Flet's `Wakelock` service does the work in the browser or the phone;
the wish is sent only when it changes, never once per tap.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from companion.ui.tab import Tab

log = logging.getLogger(__name__)
KEY = "wakelock"
STATE = "wakelock_on"


def follow(app: Tab, wanted: bool) -> None:
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
        app.page.run_task(ask, step)


async def ask(step: Callable[[], Awaitable[None]]) -> bool:
    """Ask the browser; a refusal is normal, not an error to print. Browsers allow the
    screen wake lock only on a secure page (https or this computer's own address) that
    is visible: a phone on `--share` (plain http) keeps its own sleep settings, and a
    headless browser refuses (`NotAllowedError`)."""
    try:
        await step()
    except (RuntimeError, TimeoutError) as refused:
        log.info("the browser keeps its own sleep settings: %s", refused)
        return False
    return True
