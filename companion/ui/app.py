"""The app shell: one `CompanionApp` per browser tab, holding navigation, theme and language.

Screens are plain classes that build their controls once and refresh the parts that
change; the shell swaps screens, shows messages, and turns every `Rejected` the rules
raise into a translated message instead of a crash. No game rule lives here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import SUPPORTED, set_language, t
from companion.rules.errors import Rejected
from companion.store import StoreError
from companion.ui import widgets as w
from companion.ui.labels import message

if TYPE_CHECKING:
    from companion.ui.services import Services

log = logging.getLogger(__name__)

LANGUAGE_NAMES = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "pt": "Português",
    "it": "Italiano",
    "de": "Deutsch",
}
"""Each language by its own name, so a player can find theirs whatever is shown now."""

THEMES = ("system", "light", "dark")
SEED_COLOUR = "#00695C"
CONTENT_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 12, "md": 10, "lg": 8, "xl": 6}
"""Phone: full width; wider windows: a centred column, so lines stay readable."""


class Screen:
    """One screen of the app. Subclasses fill `build()` and, if they change, `refresh()`."""

    def __init__(self, app: CompanionApp) -> None:
        self.app = app

    @property
    def title(self) -> str:
        return t("Wonderful Companion")

    def build(self) -> ft.Control:
        raise NotImplementedError

    def refresh(self) -> None:
        """Update the controls after the state changed (the page sends the diff itself)."""

    def bottom_bar(self) -> ft.Control | None:
        """Controls that must stay visible while the screen scrolls (undo/redo)."""
        return None

    def on_show(self) -> None:
        """Called each time the screen comes (back) on top."""


class CompanionApp:
    """Navigation stack, theme, language and messages for one page (browser tab)."""

    def __init__(self, page: ft.Page, services: Services) -> None:
        self.page = page
        self.services = services
        self.stack: list[Screen] = []
        self._title = ft.Text(t("Wonderful Companion"))
        self._body = ft.Container()
        self.last_message = ""

    # --- start --------------------------------------------------------------------

    def start(self) -> None:
        page = self.page
        set_language(str(self.services.setting("language", "en")))
        page.title = t("Wonderful Companion")
        page.theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        self.apply_theme(str(self.services.setting("theme", "system")))
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        page.controls = [
            ft.SafeArea(
                content=ft.ResponsiveRow(
                    [ft.Container(content=self._body, col=CONTENT_COLUMNS, padding=12)],
                    alignment=ft.MainAxisAlignment.CENTER,
                )
            )
        ]
        from companion.ui.home import HomeScreen

        self.go(HomeScreen(self))

    def apply_theme(self, theme: str) -> None:
        modes = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
        self.page.theme_mode = modes.get(theme, ft.ThemeMode.SYSTEM)

    # --- navigation ---------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        return self.stack[-1]

    def go(self, screen: Screen) -> None:
        self.stack.append(screen)
        self._show()

    def replace(self, screen: Screen) -> None:
        if self.stack:
            self.stack.pop()
        self.go(screen)

    def back(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
        self._show()

    def home(self) -> None:
        del self.stack[1:]
        self._show()

    def rebuild(self) -> None:
        """Build the current screen again (after a language change, for example)."""
        self._show()

    def _show(self) -> None:
        screen = self.screen
        screen.on_show()
        self._body.content = screen.build()
        self._title.value = screen.title
        leading = (
            w.icon_button(ft.Icons.ARROW_BACK, t("Back"), lambda: self.back())
            if len(self.stack) > 1
            else None
        )
        self.page.appbar = ft.AppBar(
            title=self._title,
            leading=leading,
            automatically_imply_leading=False,
            actions=[w.icon_button(ft.Icons.SETTINGS, t("Settings"), self.open_settings)],
        )
        bar = screen.bottom_bar()
        self.page.bottom_appbar = (
            ft.BottomAppBar(content=bar, padding=ft.Padding.symmetric(horizontal=8),
                            height=72)
            if bar is not None
            else None
        )
        self.page.update()

    def refresh(self) -> None:
        """Refresh the current screen and the bars that depend on it."""
        screen = self.screen
        screen.refresh()
        self._title.value = screen.title
        bar = screen.bottom_bar()
        if bar is None:
            self.page.bottom_appbar = None
        elif self.page.bottom_appbar is not None:
            self.page.bottom_appbar.content = bar
        else:
            self.page.bottom_appbar = ft.BottomAppBar(
                content=bar, padding=ft.Padding.symmetric(horizontal=8), height=72
            )
        # Explicit: a handler run from a dialog would otherwise update only the dialog.
        self.page.update()

    def open_settings(self) -> None:
        from companion.ui.settings_view import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.go(SettingsScreen(self))

    # --- settings -----------------------------------------------------------------

    def set_language(self, language: str) -> None:
        if language not in SUPPORTED:
            return
        set_language(language)
        self.services.set_setting("language", language)
        self.page.title = t("Wonderful Companion")
        self.rebuild()

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            return
        self.services.set_setting("theme", theme)
        self.apply_theme(theme)
        self.rebuild()

    # --- messages -----------------------------------------------------------------

    def notify(self, message: str) -> None:
        """A short message at the bottom of the screen (also kept for the tests)."""
        self.last_message = message
        self.page.show_dialog(
            ft.SnackBar(content=ft.Text(message), show_close_icon=True,
                        close_icon_color=ft.Colors.ON_INVERSE_SURFACE)
        )

    def explain(self, error: Exception) -> None:
        """Turn an error from the rules or the store into a message the player can act on."""
        template = getattr(error, "template", None)
        params = getattr(error, "params", None)
        if isinstance(template, str) and isinstance(params, dict):
            self.notify(message(template, params))
        else:
            self.notify(str(error))

    def guarded(self, action: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a handler: a rule's refusal becomes a message; nothing else is swallowed."""

        def run(*args: Any) -> Any:
            try:
                return action(*args)
            except (Rejected, StoreError) as exc:
                self.explain(exc)
                return None

        return run


def make_main(services: Services) -> Callable[[ft.Page], None]:
    """The function Flet calls for each new page (browser tab)."""

    def main(page: ft.Page) -> None:
        CompanionApp(page, services).start()

    return main
