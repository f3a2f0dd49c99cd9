"""Settings: language and light/dark theme, kept in the player's data folder."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import SUPPORTED, language, t
from companion.ui import widgets as w
from companion.ui.app import LANGUAGE_NAMES, Screen


class SettingsScreen(Screen):
    @property
    def title(self) -> str:
        return t("Settings")

    def build(self) -> ft.Control:
        theme = str(self.app.services.setting("theme", "system"))
        themes = [("system", t("Same as the device")), ("light", t("Light")),
                  ("dark", t("Dark"))]
        return ft.Column(
            [
                w.heading(t("Language")),
                ft.Row(
                    [
                        w.button(LANGUAGE_NAMES[code], self._language(code),
                                 kind="filled" if code == language() else "outlined")
                        for code in SUPPORTED
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
                w.heading(t("Theme")),
                ft.Row(
                    [
                        w.button(label, self._theme(code),
                                 kind="filled" if code == theme else "outlined")
                        for code, label in themes
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=12,
        )

    def _language(self, code: str) -> Callable[[], None]:
        return lambda: self.app.set_language(code)

    def _theme(self, code: str) -> Callable[[], None]:
        return lambda: self.app.set_theme(code)
