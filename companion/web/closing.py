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
"""

from __future__ import annotations

import logging
import math

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

DROPPED = frozenset({"websocket.send", "websocket.close"})
"""What is dropped once the tab is gone: a message for it, or the closing of its socket."""
LINGER_SECONDS = 2.0
"""How long the handler of a tab that went away before the app sent it anything may
still run (see the module). Shorter than the wait of a stopping server for its open
connections (`server.GRACE_SECONDS`), so Ctrl+C never has to cancel such a handler."""


class QuietClose:
    """Drops what the app sends to a WebSocket whose client is gone (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        gone = False
        sent = False

        async def sending(message: Message) -> None:
            nonlocal gone, sent
            if gone and message["type"] in DROPPED:
                return
            sent = sent or message["type"] == "websocket.send"
            try:
                await send(message)
            except OSError:  # the server's "client disconnected" is one
                if message["type"] not in DROPPED:
                    raise
                gone = True
                log.debug("a tab closed while the app was sending to it")

        with anyio.CancelScope() as handler:

            async def receiving() -> Message:
                message = await receive()
                if message["type"] == "websocket.disconnect" and not sent \
                        and handler.deadline == math.inf:
                    handler.deadline = anyio.current_time() + LINGER_SECONDS
                return message

            await self.app(scope, receiving, sending)
        if handler.cancelled_caught:
            log.debug("stopped the handler of a tab that closed before it was answered")
