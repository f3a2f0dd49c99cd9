"""The browser's history and address bar, as one tab's app sees them.

The app pushes an address for every screen it goes to, and Flet's client reports each
push back as a route change (unless the browser already showed that address), maybe
after the player has tapped on. Such a report is the app's own step: following it would
take the player back to the screen they just left, and build a screen again, losing what
was typed or chosen on it. So every push is awaited until its report comes; what else
the browser reports (back, forward, a typed address) is the player's.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import flet as ft

from companion.ui import address

HISTORY_DELAY = 1.0
"""Seconds after start before a deep address gets home under it (see `put_home_under`)."""
OWN_PUSHES_SECONDS = 5.0
"""How long the browser may take to report the app's own history pushes back."""
NEXT_FRAME = 0.1
"""Seconds that hold a browser frame or more, between two pushes to its history."""


class BrowserHistory:
    """The pushes of one tab's app that the browser has not reported back yet."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._awaited: list[tuple[str, float]] = []
        """Each pushed address, with the time after which its report is no longer
        awaited."""
        self._reported: asyncio.Event | None = None
        """Set when the browser reports one of the app's own pushes back."""

    def tell(self, route: str) -> None:
        """Push the address to the browser's history (and its address bar)."""
        with contextlib.suppress(RuntimeError):  # no loop (a unit test): nobody to tell
            self.page.run_task(self._push, route)

    async def _push(self, route: str) -> None:
        """Push `route`, its report awaited from now (see the module)."""
        self._awaited.append((route, time.monotonic() + OWN_PUSHES_SECONDS))
        await self.page.push_route(route)

    def is_own(self, route: str) -> bool:
        """Whether `route` is the browser reporting one of the app's own pushes.

        Reports come in the order of the pushes; one the browser never sends (a push of
        the address it already shows) is passed over by the next one, or forgotten once
        its time is up. Anything else is the player's own (back button, typed address),
        and the pushes still awaited are forgotten with it."""
        now = time.monotonic()
        awaited = [(pushed, until) for pushed, until in self._awaited if until >= now]
        addresses = [pushed for pushed, _ in awaited]
        if route not in addresses:
            self._awaited = []
            return False
        self._awaited = awaited[addresses.index(route) + 1:]
        if self._reported is not None:
            self._reported.set()
        return True

    async def put_home_under(self, route: str, showing: Callable[[], str]) -> None:
        """Opened on a deep address (a bookmark, a reload): put home in the browser's
        history under it, so the back button goes home instead of leaving the app.
        `showing` gives the address of the screen the player is on now.

        The browser's router must have settled on its first address first: pushed
        earlier, the two addresses replaced each other and left no history (seen in
        Chromium).
        """
        await asyncio.sleep(HISTORY_DELAY)
        if showing() != route:  # the player already went elsewhere
            return
        self._reported = asyncio.Event()
        await self._push(address.HOME)
        # Two pushes the browser handles in one frame become one history entry (seen on
        # a busy machine: home never got under the address). The second waits until the
        # browser has reported the first back, then for the next frame.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._reported.wait(), OWN_PUSHES_SECONDS)
        await asyncio.sleep(NEXT_FRAME)
        # A tap meanwhile pushed its own address over home: pushing this one again would
        # leave the address bar, and the browser's next report, on the screen just left
        # (seen on a busy machine: the log opened, then the game came back over it).
        if showing() == route:
            await self._push(route)
