"""A tab that closes or reloads is not an error: the WebSocket's end, told quietly.

Flet sends to a tab from a loop of its own, apart from the loop that reads what the tab
sends. When a tab reloads, is opened again by its address or closes while the app still
has something to send it (the first screen, a screen that is being drawn), the send
fails: the server (uvicorn) says the client is gone, Starlette turns that into a
`WebSocketDisconnect` raised out of Flet's send loop, and Flet lets it out of its
handler. uvicorn then printed "Exception in ASGI application" with a long traceback, and
Flet's reading loop, finding the socket already marked closed, printed another ("Receive
loop error: WebSocket is not connected. Need to call "accept" first."): 83 of them in one
evening of play on one device. Worse, Flet never reached the end of its handler, where
it lets go of the tab's session, so that session was kept for as long as the app ran.

`QuietClose` is a pure ASGI middleware around the app's WebSockets: a send to a tab that
is gone is dropped instead of raising (one debug line, which the terminal does not show).
Flet's reading loop then gets the server's own "disconnected" message, which it takes as
the normal end of a tab: it stops its send loop, and its handler lets go of the session
after its idle time, as for any tab that closed. The server always queues that message
when a client goes away, before or after a send fails. Nothing else changes: any other
error still reaches the terminal whole.

One more end is Flet's to miss: a tab that goes away before it has said hello (a reload
in the first instant) leaves Flet's handler waiting for ever for a message to send,
since only a registered tab's end stops its send loop. Such a handler held its socket's
task until the app stopped, where uvicorn cancelled it with another traceback ("Cancel 1
running task(s)"). So when a tab goes away before the app has sent it anything, its
handler gets `LINGER_SECONDS` to end by itself (one that had just registered the tab
does, at once), then is stopped.

Last, an event the tab sent just before it went (a reloading tab says it is hidden) is
handled in a task of its own, which may draw after Flet has put away the tab's send
queue but before it has let go of the session: Flet's send then fails inside Flet
(`'NoneType' object has no attribute 'put_nowait'`), and Flet reports "Unhandled error
in 'on_app_lifecycle_state_change' handler" with a traceback (seen once in five runs of
eight reloads on a busy machine). Every task of a connection carries that connection's
`Tab` (a context variable, which asyncio copies into each task it starts), and
`GoneTabReports` turns Flet's reports made for a tab that has gone into one debug line.
"""

from __future__ import annotations

import logging
import math
from contextvars import ContextVar
from dataclasses import dataclass

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

DROPPED = frozenset({"websocket.send", "websocket.close"})
"""What is dropped once the tab is gone: a message for it, or the closing of its socket."""
LINGER_SECONDS = 2.0
"""How long the handler of a tab that went away before the app sent it anything may
still run (see the module). Shorter than the wait of a stopping server for its open
connections (`server.GRACE_SECONDS`), so Ctrl+C never has to cancel such a handler."""
FLET_LOGGER = "flet"
"""Where Flet reports a handler that failed (`flet.messaging.session`)."""


@dataclass
class Tab:
    """One WebSocket's tab, as every task serving it sees it."""

    gone: bool = False
    """The tab has closed, reloaded or lost its network: nothing reaches it any more."""


TAB: ContextVar[Tab | None] = ContextVar("companion_tab", default=None)
"""The tab the running task serves; None outside a WebSocket (a page, a test)."""


class GoneTabReports(logging.Filter):
    """Flet's reports of an error while serving a tab that has gone, as a debug line: the
    error is the tab's going (a send with nowhere to go), already told by the socket."""

    def filter(self, record: logging.LogRecord) -> bool:
        tab = TAB.get()
        if tab is None or not tab.gone or record.levelno < logging.WARNING:
            return True
        log.debug("while a tab closed: %s", record.getMessage())
        return False


def quiet_gone_tabs() -> None:
    """Put `GoneTabReports` on Flet's logger, once however many apps are built."""
    flet_log = logging.getLogger(FLET_LOGGER)
    if not any(isinstance(each, GoneTabReports) for each in flet_log.filters):
        flet_log.addFilter(GoneTabReports())


class QuietClose:
    """Drops what the app sends to a WebSocket whose client is gone (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        tab = Tab()
        serving = TAB.set(tab)  # seen by every task the app starts for this socket
        try:
            await self._serve(tab, scope, receive, send)
        finally:
            TAB.reset(serving)

    async def _serve(self, tab: Tab, scope: Scope, receive: Receive, send: Send) -> None:
        sent = False

        async def sending(message: Message) -> None:
            nonlocal sent
            if tab.gone and message["type"] in DROPPED:
                return
            sent = sent or message["type"] == "websocket.send"
            try:
                await send(message)
            except OSError:  # the server's "client disconnected" is one
                if message["type"] not in DROPPED:
                    raise
                tab.gone = True
                log.debug("a tab closed while the app was sending to it")

        with anyio.CancelScope() as handler:

            async def receiving() -> Message:
                message = await receive()
                if message["type"] != "websocket.disconnect":
                    return message
                tab.gone = True
                if not sent and handler.deadline == math.inf:
                    handler.deadline = anyio.current_time() + LINGER_SECONDS
                return message

            await self.app(scope, receiving, sending)
        if handler.cancelled_caught:
            log.debug("stopped the handler of a tab that closed before it was answered")
