"""This device's own language and theme, kept in its browser.

Every phone at a shared table is a tab of the same app, and the data folder's settings
are one for all of them: they only give a new device its first language. What a player
chose on their phone is also kept in that phone's browser (local storage, through Flet's
`SharedPreferences`), so a reload or a phone that slept comes back in its own language
and theme, never in the last one another player chose.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import language as current_language

if TYPE_CHECKING:
    from companion.ui.tab import Tab

PREFIX = "wonderful-companion."
"""The browser's storage is shared by every Flet app of the same address: our keys only."""
LANGUAGE = PREFIX + "language"
THEME = PREFIX + "theme"
SERVICE = "device-preferences"

log = logging.getLogger(__name__)


def _preferences(app: Tab) -> ft.SharedPreferences:
    found = app.memory.get(SERVICE)
    if not isinstance(found, ft.SharedPreferences):
        found = ft.SharedPreferences()
        app.memory[SERVICE] = found
    return found


def recall(app: Tab) -> None:
    """Take this device's own language and theme, if it chose them before."""
    if not app.page.web:
        return  # a window on the computer: the data folder's settings are its own

    async def read() -> None:
        preferences = _preferences(app)
        try:
            language = await preferences.get(LANGUAGE)
            theme = await preferences.get(THEME)
        except Exception as exc:  # a browser without storage: the folder's settings stay
            log.info("device preferences unavailable: %s", exc)
            return
        # A task `page.run_task` started runs as this tab (its language), awaits included.
        if not isinstance(language, str):
            # A new device keeps the language it first opened in, whatever another
            # player later makes the first language of the next device.
            remember(app, LANGUAGE, current_language())
        app.use_device_choices(language if isinstance(language, str) else None,
                               theme if isinstance(theme, str) else None)

    with contextlib.suppress(RuntimeError):  # no event loop (a unit test without one)
        app.page.run_task(read)


def remember(app: Tab, key: str, value: str) -> None:
    """Keep a choice in this device's browser (nothing to wait for)."""
    if not app.page.web:
        return

    async def write() -> None:
        try:
            await _preferences(app).set(key, value)
        except Exception as exc:
            log.info("device preferences not saved: %s", exc)

    with contextlib.suppress(RuntimeError):
        app.page.run_task(write)
