"""The app shell: one `CompanionApp` per browser tab, holding navigation, theme and language.

Navigation is by route (see `routes.py`): the page shows one Flet `View` per level of
the route (`/`, `/history`, `/history/<game>`), so the browser's back button and the
phone's back gesture step back one screen inside the app, and a reload rebuilds the
same screen from its address. Screens are plain classes that build their controls once
and refresh the parts that change; the shell turns every `Rejected` the rules raise
into a translated message instead of a crash. No game rule lives here.

The shell imports the route table, which names every screen, so no screen imports the
shell: each is given it as a `Shell` (`screen.py`), the little of it that screens use.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import SUPPORTED, follow_sessions, t
from companion.rules.errors import Rejected
from companion.store import StoreError
from companion.ui import address, device_prefs, routes, sections, wakelock
from companion.ui.browser_history import BrowserHistory
from companion.ui.kit import widgets as w
from companion.ui.screen import Screen, ScreenMissing
from companion.usecases.labels import message

if TYPE_CHECKING:
    from companion.usecases.services import Services

log = logging.getLogger(__name__)

THEMES = ("system", "light", "dark")
SEED_COLOUR = "#00695C"
CONTENT_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 12, "md": 10, "lg": 8, "xl": 6}
"""Phone: full width; wider windows: a centred column, so lines stay readable."""
WIDE = 840
"""From this width the sections are a rail at the side instead of a bar at the bottom."""


SHOWN_ROUTE = 80
"""How much of an unknown address a message quotes."""


class NotFoundScreen(Screen):
    """An address the app does not know (an old bookmark, a deleted game), or whose
    screen could not be made from it (`failed`)."""

    def __init__(self, app: CompanionApp, reason: str, *, failed: bool = False) -> None:
        super().__init__(app)
        self.reason = reason
        self.failed = failed

    @property
    def title(self) -> str:
        return t("Cannot open this page") if self.failed else t("Not found")

    def build(self) -> ft.Control:
        return ft.Column([
            w.card_box(ft.Text(self.reason, selectable=True), identifier="not-found"),
            w.button(t("Back to the home screen"), lambda: self.app.navigate(address.HOME),
                     icon=ft.Icons.HOME, kind="outlined"),
        ], spacing=12)


@dataclass
class _Frame:
    """One level of the view stack: its route, its screen and the view showing it."""

    route: str
    screen: Screen
    view: ft.View
    title: ft.Text
    body: ft.Container
    scroller: ft.View | ft.Column | None = None
    """What scrolls the screen: the view on a phone, the column beside the rail."""


def _draw_nothing(event: Any = None) -> None:
    """A tab hidden, shown or going away (a reload) changes nothing on its screen, so
    Flet's redraw after the event is not needed. It would also find the connection of a
    reloading tab already put away, and print a traceback."""
    ft.context.disable_auto_update()  # type: ignore[no-untyped-call]


class CompanionApp:
    """Routes, views, theme, language and messages for one page (browser tab)."""

    def __init__(self, page: ft.Page, services: Services) -> None:
        self.page = page
        self.services = services
        self.frames: list[_Frame] = []
        self.last_message = ""
        self._notice: ft.SnackBar | None = None
        """The message last shown at the bottom (`notify`), which `close_notice` closes."""
        self.history = BrowserHistory(page)
        self.memory: dict[str, Any] = {}
        """What this tab keeps between screens (open game sessions...), never global."""
        self._context = contextvars.copy_context()
        """Made while Flet runs `main` for this page, so `ft.context.page` is this page
        in it: what `run_as_tab` runs in."""

    # --- start --------------------------------------------------------------------

    def start(self) -> None:
        page = self.page
        self.use_language(str(self.services.setting("language", "en")))
        page.title = t("Wonderful Companion")
        page.theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        self.apply_theme(str(self.services.setting("theme", "system")))
        page.padding = 0
        self._guard_every_handler()
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.on_resize = self._on_resize
        page.on_app_lifecycle_state_change = _draw_nothing
        self._wide = self._is_wide()
        route = page.route or address.HOME
        self.show(route)
        device_prefs.recall(self)
        if routes.parents(route):
            with contextlib.suppress(RuntimeError):  # no loop (a unit test)
                self.page.run_task(self.history.put_home_under, route, lambda: self.route)

    def _guard_every_handler(self) -> None:
        """One guard for every handler of this tab: an error becomes a message on the
        same screen instead of Flet's "Error running app", which throws the screen away.

        Flet reports a handler's exception to the session's `error` from inside its
        `except` block, so the exception itself is still at hand there. Errors before
        the first screen is up (the app could not start) still go to Flet's report.
        """
        session = self.page.session
        report = session.error

        def handler_failed(text: str) -> None:
            error = sys.exception()
            if not self.frames or not isinstance(error, Exception):
                report(text)
                return
            self.handler_failed(error)

        session.error = handler_failed  # type: ignore[method-assign,assignment]

    def handler_failed(self, error: Exception) -> None:
        """Say what went wrong, keep the screen, and show it as the data now is."""
        try:
            if isinstance(error, Rejected | StoreError):
                self.explain(error)  # its template, in the player's language
            else:  # a bug: its English text means nothing to a player, the log keeps it
                self.notify(t("Something went wrong. Nothing else was changed; "
                              "you can go on."))
        except Exception:
            # Nothing reaches the tab: it has gone (reloaded or closed while a screen
            # was drawn), and the handler's error was that send too.
            log.debug("A handler of a tab that has gone failed: %s", _one_line(error))
            return
        if not isinstance(error, Rejected | StoreError):
            log.error("A handler failed: %s", _one_line(error))
        with contextlib.suppress(Exception):  # the screen as the data now is
            self.refresh()

    def apply_theme(self, theme: str) -> None:
        modes = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
        self.page.theme_mode = modes.get(theme, ft.ThemeMode.SYSTEM)

    def _is_wide(self) -> bool:
        return (self.page.width or 0) >= WIDE

    # --- navigation ---------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        return self.frames[-1].screen

    @property
    def showing(self) -> Screen | None:
        return self.frames[-1].screen if self.frames else None

    @property
    def route(self) -> str:
        return self.frames[-1].route if self.frames else address.HOME

    @property
    def parent(self) -> str:
        """The route's parent; the home screen, which has none, for itself."""
        parents = routes.parents(self.route)
        return parents[-1] if parents else address.HOME

    def knows(self, route: str) -> bool:
        return routes.parse(route).route is not None

    def screen_for(self, route: str) -> Screen:
        return routes.screen_for(self, route)

    def navigate(self, route: str) -> None:
        """Go to `route`: show it now, and tell the browser (history, address bar)."""
        self.show(route)
        self.history.tell(route)

    def back(self) -> None:
        """One screen up: the route's parent (the home screen has none)."""
        self.navigate(self.parent)

    def home(self) -> None:
        self.navigate(address.HOME)

    def replace(self, screen: Screen) -> None:
        """Show another screen at the same address (a game that just ended, say)."""
        frame = self.frames[-1]
        self.frames[-1] = self._framed(frame.route, screen, frame.view)
        self._publish()

    def reopen(self) -> None:
        """Make the top screen again from its route (a game that just ended or was
        taken back by an undo shows the screen that fits its new state)."""
        route = self.route
        self.frames[-1] = self._framed(route, self._make(route), self.frames[-1].view)
        self._publish()

    def show_again(self, game_id: str) -> None:
        """A game was moved on in another tab: if this tab shows it, show it as it is."""
        if self.frames and (self.route == address.path("play", game_id)
                            or self.screen.game_id == game_id):
            self.reopen()

    def rebuild(self) -> None:
        """Build every screen again (after a language or theme change, for example)."""
        self.show(self.route, fresh=True)

    def _framed(self, route: str, screen: Screen, view: ft.View | None = None) -> _Frame:
        """`_frame`, and if the screen fails to draw itself, the failure's own page."""
        try:
            return self._frame(route, screen, view)
        except Exception as exc:
            return self._frame(route, self._failed(route, exc), view)

    def _failed(self, route: str, error: Exception) -> Screen:
        """A screen raised while being made from its address: one line in the log (a
        hostile link must not fill it with tracebacks) and a page that says so."""
        log.error("The screen at %s could not be made: %s: %s", _shown(route, 200),
                  type(error).__name__, _shown(str(error), 200))
        return NotFoundScreen(self, t(
            "This page could not be opened from its address: the address holds something "
            "the app cannot read. Nothing was changed: go back, or to the home screen."),
            failed=True)

    def show(self, route: str, *, fresh: bool = False) -> None:
        """Make the view stack match `route`, keeping the screens already built."""
        chain = [*routes.parents(route), route]
        previous = {frame.route: frame for frame in self.frames}
        frames: list[_Frame] = []
        for level in chain:
            old = previous.get(level)
            if old is not None and not fresh and level != chain[-1]:
                frames.append(old)
                continue
            screen = old.screen if old is not None and not fresh else self._make(level)
            # The same View object for the same address: Flutter then keeps its page (and
            # a dialog closing over it) instead of replacing it mid-animation.
            frames.append(self._framed(level, screen, old.view if old else None))
        self.frames = frames
        self._publish()

    def _make(self, route: str) -> Screen:
        """The screen of `route`; for an unknown address, or one its screen cannot be
        made from, a page saying so: a link, whatever it holds, never breaks the tab."""
        found = routes.parse(route)
        if found.route is None:
            return NotFoundScreen(self, t("There is no page at {route}.",
                                          route=_shown(route, SHOWN_ROUTE)))
        try:
            factory = routes.screen_class(found.route)
            screen: Screen = factory.from_route(self, **{**found.query, **found.values})
        except ScreenMissing as exc:
            return NotFoundScreen(self, _shown(str(exc), routes.MAX_SEGMENT))
        except Exception as exc:
            return self._failed(route, exc)
        return screen

    def _frame(self, route: str, screen: Screen, view: ft.View | None = None) -> _Frame:
        screen.on_show()
        title = ft.Text(screen.title)
        body = ft.Container(content=screen.build())
        content: ft.Control = ft.ResponsiveRow(
            [ft.Container(content=body, col=CONTENT_COLUMNS, padding=12)],
            alignment=ft.MainAxisAlignment.CENTER,
        )
        if view is None:
            view = ft.View(route=route, padding=0)
        view.scroll = ft.ScrollMode.AUTO
        view.bottom_appbar = None
        view.navigation_bar = None
        is_top_section = screen.section_bar and len(sections.destinations()) >= 2
        scroller: ft.View | ft.Column = view
        if is_top_section and self._wide:
            scroller = ft.Column([content], scroll=ft.ScrollMode.AUTO)
            content = ft.Row([sections.rail(route, self.navigate), ft.VerticalDivider(width=1),
                              ft.Container(content=scroller, expand=True)],
                             vertical_alignment=ft.CrossAxisAlignment.START, expand=True)
            view.scroll = None
        view.controls = [ft.SafeArea(content=content, expand=True)]
        parent = len(routes.parents(route)) > 0
        view.appbar = ft.AppBar(
            title=title,
            leading=(w.icon_button(ft.Icons.ARROW_BACK, t("Back"), self.back)
                     if parent else None),
            automatically_imply_leading=False,
            actions=[w.icon_button(ft.Icons.MENU_BOOK, t("Rules"),
                                   lambda: self.open_on_top("rules")),
                     w.icon_button(ft.Icons.SETTINGS, t("Settings"),
                                   lambda: self.open_on_top("settings"))],
        )
        bar = screen.bottom_bar()
        if bar is not None:
            view.bottom_appbar = ft.BottomAppBar(
                content=bar, padding=ft.Padding.symmetric(horizontal=8), height=72)
        elif is_top_section and not self._wide:
            view.navigation_bar = sections.navigation_bar(route, self.navigate)
        return _Frame(route, screen, view, title, body, scroller)

    def scroll_to_top(self) -> None:
        """Show the top of the current screen: a new step of a game opens where its
        first line is, not where the last step was scrolled to."""
        scroller = self.frames[-1].scroller if self.frames else None
        if scroller is not None:
            self.page.run_task(scroller.scroll_to, offset=0)

    def section_routes(self) -> set[str]:
        """The routes the navigation bar (or rail) leads to; none when it is not shown."""
        found = sections.destinations()
        return {route for route, *_ in found} if len(found) >= 2 else set()

    def _publish(self) -> None:
        self.page.views.clear()
        self.page.views.extend(frame.view for frame in self.frames)
        self.page.title = t("Wonderful Companion")
        wakelock.follow(self, self.screen.keep_awake)
        self.page.update()

    def _on_route_change(self, event: ft.RouteChangeEvent) -> None:
        """The browser's address changed (back button, a typed address)."""
        if self.history.is_own(event.route):
            return
        if event.route != self.route:
            self.show(event.route)

    def _on_view_pop(self, event: ft.ViewPopEvent) -> None:
        """The phone's back gesture or the app bar's arrow: one level up."""
        self.back()

    def _on_resize(self, event: Any = None) -> None:
        wide = self._is_wide()
        if wide != self._wide:
            self._wide = wide
            self.show(self.route, fresh=False)

    def refresh(self) -> None:
        """Refresh the current screen and the bars that depend on it."""
        frame = self.frames[-1]
        screen = frame.screen
        screen.refresh()
        frame.title.value = screen.title
        bar = screen.bottom_bar()
        view = frame.view
        if bar is None:
            view.bottom_appbar = None
        elif view.bottom_appbar is not None:
            view.bottom_appbar.content = bar
        else:
            view.bottom_appbar = ft.BottomAppBar(
                content=bar, padding=ft.Padding.symmetric(horizontal=8), height=72
            )
        # Explicit: a handler run from a dialog would otherwise update only the dialog.
        self.page.update()

    def open_on_top(self, *segments: str, **query: str) -> None:
        """A screen on top of the one in use (settings, a rule from a "?"): back, the
        arrow or the phone's gesture, returns to it, the game in the middle of its round
        say, not to the home screen."""
        here = routes.parse(self.route)
        if here.path == address.path(*segments):
            return
        if here.route is not None and here.path != address.HOME:
            query[address.OVER] = self.route
        self.navigate(address.path(*segments, **query))

    # --- settings -----------------------------------------------------------------

    def use_language(self, language: str) -> None:
        """This tab's language, kept in its session: another tab (another phone at the
        table) keeps its own."""
        code = language if language in SUPPORTED else "en"
        self.page.session.store.set(LANGUAGE_KEY, code)

    def run_as_tab(self, action: Callable[[], None]) -> None:
        """Run `action` now, for this tab, from outside its own handlers: a message from
        another tab runs in the sender's context, where `ft.context.page` (and so the
        language, and the page a new Flet service joins) is the sender's page.

        It runs in a copy of the context Flet made this tab in. `page.run_task` would
        also run it for this page, but later, and only while the tab is connected: it
        fails for a phone asleep, whose session Flet keeps and which must wake up to
        its screen as it now is."""
        self._context.copy().run(action)

    def set_language(self, language: str) -> None:
        if language not in SUPPORTED:
            return
        self.use_language(language)
        self.services.set_setting("language", language)  # the next device's first language
        device_prefs.remember(self, device_prefs.LANGUAGE, language)
        self.page.title = t("Wonderful Companion")
        self.rebuild()

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            return
        self.services.set_setting("theme", theme)
        device_prefs.remember(self, device_prefs.THEME, theme)
        self.apply_theme(theme)
        self.rebuild()

    def use_device_choices(self, language: str | None, theme: str | None) -> None:
        """This device chose its own language or theme before (see `device_prefs`)."""
        changed = False
        if language in SUPPORTED and language != tab_language():
            assert language is not None
            self.use_language(language)
            self.page.title = t("Wonderful Companion")
            changed = True
        if theme in THEMES:
            assert theme is not None
            self.apply_theme(theme)
        if changed and self.frames:
            self.rebuild()
        else:
            self.page.update()

    # --- messages -----------------------------------------------------------------

    def notify(self, message: str, *, action: str | None = None,
               on_action: Callable[[], None] | None = None) -> None:
        """A short message at the bottom of the screen (also kept for the tests)."""
        self.last_message = message
        bar = ft.SnackBar(content=ft.Text(message), show_close_icon=True,
                          close_icon_color=ft.Colors.ON_INVERSE_SURFACE)
        if action is not None and on_action is not None:
            bar.action = action
            bar.on_action = self.guarded(lambda *_: on_action())
            bar.duration = ft.Duration(seconds=8)  # time to read it and change one's mind
        self._notice = bar  # the client replaces the one showing, if any, by this one
        self.page.show_dialog(bar)

    def close_notice(self) -> None:
        """Take the message at the bottom away at once: after a move, what it said (where
        a going back left the game, why a move was refused) may no longer be so, and it
        would stay seconds over a screen it no longer describes. Only our own message
        closes: a dialog opened since stays."""
        bar, self._notice = self._notice, None
        if bar is not None and bar.open:  # not timed out or closed by the player yet
            bar.open = False
            bar.update()

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


LANGUAGE_KEY = "companion.language"


def _shown(text: str, limit: int) -> str:
    """`text` on one line, cut to `limit` characters: what a message or the log quotes
    of an address."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _one_line(error: BaseException) -> str:
    """What the log keeps of an unexpected error: its kind, its text and where it was
    raised (the file's name, not its path), on one line."""
    where = traceback.extract_tb(error.__traceback__)
    place = f" at {Path(where[-1].filename).name}:{where[-1].lineno}" if where else ""
    return f"{type(error).__name__}: {_shown(str(error), 200)}{place}"


def tab_language() -> str | None:
    """The language of the tab whose handler is running, if any (see `use_language`)."""
    try:
        page = ft.context.page  # the page Flet runs the current handler or task for
    except RuntimeError:  # none: a command, a test without a page
        return None
    try:
        found = page.session.store.get(LANGUAGE_KEY)
    except Exception:  # a page without a live session: the process's language
        return None
    return found if isinstance(found, str) else None


def make_main(services: Services) -> Callable[[ft.Page], None]:
    """The function Flet calls for each new page (browser tab)."""
    follow_sessions(tab_language)
    if not services.runs_in_browser:  # a table a stopped host left unsettled: settled now
        # Imported here: the phone app hosts no table, and every import is time to its
        # first screen (tests/webapp/test_phone_start.py).
        from companion.usecases.tables import table_hub

        table_hub(services).settle_every_table()

    def main(page: ft.Page) -> None:
        CompanionApp(page, services).start()

    return main
