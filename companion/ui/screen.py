"""What a screen is, and what it may ask of the app shell that shows it.

The shell (`app.py`) makes each screen from the route table (`routes.py`), which names
every screen's module. A screen that imported the shell, or the table, would import
itself back through them; so a screen gets the shell as a `Shell` when it is made and
reaches everything else through it: another screen by its address (`navigate`), what
the table knows (`knows`, `parent`, `screen_for`), the tab's messages and settings.
`CompanionApp` is the one `Shell`; tests may pass another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.i18n import t
from companion.ui.tab import Tab

if TYPE_CHECKING:
    from companion.usecases.services import Services

EVERY_TABLE = "*"
"""`Screen.follows_table` of a screen that shows every table this app hosts."""


class ScreenMissing(Exception):
    """A route's screen cannot be made (a game that no longer exists...): say why."""


class Screen:
    """One screen of the app. Subclasses fill `build()` and, if they change, `refresh()`."""

    section_bar = False
    """True for the sections' own pages: they show the navigation bar (or rail)."""
    follows_table: str | None = None
    """The shared table whose changes redraw this screen (`open_games.follow_tables`);
    `EVERY_TABLE` for a screen that shows them all (the home screen)."""
    game_id: str | None = None
    """The game this screen shows, whatever its address (`/play/<game>`, a table's seat)."""
    keep_awake = False
    """True for screens the player watches without touching (a game): the screen stays on."""

    def __init__(self, app: Shell) -> None:
        self.app = app

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> Screen:
        """The screen for an address; values are the route's `{names}` and its query."""
        return cls(app)

    @property
    def title(self) -> str:
        return t("Wonderful Companion")

    content: ft.Column

    def build(self) -> ft.Control:
        """By default one column that `refresh()` fills. Built each time the screen comes
        on top, so it always shows the data as it is now (back from a game, say)."""
        self.content = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.refresh()
        return self.content

    def refresh(self) -> None:
        """Update the controls after the state changed (the page sends the diff itself)."""

    def bottom_bar(self) -> ft.Control | None:
        """Controls that must stay visible while the screen scrolls (undo/redo)."""
        return None

    def on_show(self) -> None:
        """Called each time the screen comes (back) on top."""


class Shell(Tab, Protocol):
    """The app as its screens see it: one browser tab's navigation, messages, settings."""

    @property
    def services(self) -> Services:
        """The data and the rules' use cases, shared by every tab."""
        ...

    # --- where the tab is, and going elsewhere -------------------------------------

    @property
    def route(self) -> str:
        """The address of the screen on top."""
        ...

    @property
    def parent(self) -> str:
        """The address one screen up from the top one: where back goes."""
        ...

    @property
    def showing(self) -> Screen | None:
        """The screen on top; None before the first one is shown."""
        ...

    def knows(self, route: str) -> bool:
        """Whether the app has a screen at this address."""
        ...

    def screen_for(self, route: str) -> Screen:
        """The screen another address shows, for a screen that hands over to it (a seat
        at a table shows its game); `ScreenMissing` passes through."""
        ...

    def navigate(self, route: str) -> None:
        """Go to `route`, and tell the browser (its history, its address bar)."""
        ...

    def home(self) -> None: ...

    def open_on_top(self, *segments: str, **query: str) -> None:
        """A screen on top of the one in use, which back returns to."""
        ...

    def section_routes(self) -> set[str]:
        """The routes the navigation bar (or rail) leads to; none when it is not shown."""
        ...

    # --- drawing again -------------------------------------------------------------

    def show(self, route: str, *, fresh: bool = False) -> None:
        """Make the view stack match `route`; `fresh`: every screen made anew."""
        ...

    def reopen(self) -> None:
        """Make the top screen again from its address (its game's state changed)."""
        ...

    def show_again(self, game_id: str) -> None:
        """A game was moved on in another tab: if this tab shows it, show it as it is."""
        ...

    def rebuild(self) -> None:
        """Build every screen again (after a language or theme change)."""
        ...

    def refresh(self) -> None:
        """Refresh the top screen and the bars that depend on it."""
        ...

    def scroll_to_top(self) -> None: ...

    def run_as_tab(self, action: Callable[[], None]) -> None:
        """Run `action` now as this tab (its language, its page) from outside its own
        handlers: a message from another tab comes in the sender's context."""
        ...

    # --- messages ------------------------------------------------------------------

    def notify(self, message: str, *, action: str | None = None,
               on_action: Callable[[], None] | None = None) -> None:
        """A short message at the bottom of the screen, with an action if given."""
        ...

    def close_notice(self) -> None: ...

    def explain(self, error: Exception) -> None:
        """An error of the rules or the store, as a message the player can act on."""
        ...

    def guarded(self, action: Callable[..., Any]) -> Callable[..., Any]:
        """A handler whose rule's refusal becomes a message."""
        ...

    # --- settings ------------------------------------------------------------------

    def use_language(self, language: str) -> None: ...

    def apply_theme(self, theme: str) -> None: ...

    def set_language(self, language: str) -> None: ...

    def set_theme(self, theme: str) -> None: ...
