"""The app's front door: one pure ASGI middleware in front of everything Flet serves.

The app runs in the player's browser, and so does every other web page the player opens.
Without a door, any page could open `ws://127.0.0.1:8550/ws` and play, read or undo the
player's games (the browser lets a page open a WebSocket to any address, and Flet's
server answers every response with `Access-Control-Allow-Origin: *`). Three locks:

1. **A per-launch secret.** The app opens (and prints) `http://HOST:PORT/?token=SECRET`.
   A request carrying the right token gets an HttpOnly, SameSite=Strict cookie and a
   redirect to the same address without the token (so it never stays in the address bar,
   the history or a bookmark). Every other request, static files and `/ws` included,
   needs that cookie; without it the answer is a short page saying how to open the app.
   Another page cannot read the cookie (HttpOnly) nor guess the secret.
2. **Only the app's own origin opens `/ws`.** A browser always tells a WebSocket
   handshake's `Origin`; it must be the very address the browser used for the app
   (`scheme://Host`), and that Host must be this computer's: an IP address, `localhost`,
   the `--host` name or the computer's name. The second condition stops a DNS rebinding
   page (evil.example resolving to 127.0.0.1), whose Origin and Host agree with each
   other. Cookies are shared by every port of a host, and pages on 127.0.0.1 at another
   port are "same-site": the cookie alone would not stop them, the Origin does. A refused
   handshake is closed before it is accepted (the browser sees HTTP 403) and Flet never
   starts a session for it.
3. **No CORS header at all**: the wildcard `Access-Control-Allow-Origin` is removed
   from every response, so no other origin can read what the app serves.

It is a pure ASGI middleware, not Starlette's `BaseHTTPMiddleware`, which never sees
WebSocket connections. Secrets are compared with `hmac.compare_digest` (constant time).
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOKEN = "token"
"""The query parameter that carries the secret in the address the app opens."""

REFUSED_HEADERS = frozenset({
    b"access-control-allow-origin",
    b"access-control-allow-credentials",
    b"access-control-allow-methods",
    b"access-control-allow-headers",
    b"access-control-expose-headers",
})

DeniedPage = Callable[[str], bytes]
"""Renders the page shown without the secret, from the request's Accept-Language."""


def cookie_name(port: int) -> str:
    """One cookie per port: a browser shares a host's cookies across its ports, so two
    apps (two data folders) on one computer must not overwrite each other's key."""
    return f"companion-{port}"


class Door:
    """Lets a request through only with the launch's secret (and, for /ws, the right Origin)."""

    def __init__(self, app: ASGIApp, *, secret: str, cookie: str, own_hosts: frozenset[str],
                 denied_page: DeniedPage) -> None:
        self.app = app
        self.secret = secret.encode()
        self.cookie = cookie
        self.own_hosts = frozenset(name.lower() for name in own_hosts)
        self.denied_page = denied_page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            if self.has_key(scope) and self.own_origin(scope):
                await self.app(scope, receive, send)
            else:
                # Closing before accepting makes the server answer the handshake with 403.
                await send({"type": "websocket.close", "code": 1008})
        elif kind == "http":
            await self._http(scope, receive, send)
        else:  # lifespan: the server starting and stopping, nothing from a browser
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        tokens = [value for name, value in query if name == TOKEN]
        if tokens and self._matches(tokens[-1].encode()):
            rest = urlencode([(name, value) for name, value in query if name != TOKEN])
            await self._let_in(scope, send, rest)
        elif self.has_key(scope):
            await self.app(scope, receive, _without_cors(send))
        else:
            accept = _header(scope, b"accept-language").decode("latin-1")
            await _respond(send, 403, self.denied_page(accept), [
                (b"content-type", b"text/html; charset=utf-8"),
            ])

    async def _let_in(self, scope: Scope, send: Send, rest: str) -> None:
        """Set the key cookie and send the browser to the same address without the token."""
        path = scope.get("root_path", "") + scope["path"]
        location = path + ("?" + rest if rest else "")
        cookie = (f"{self.cookie}={self.secret.decode()}; Path=/; HttpOnly; "
                  "SameSite=Strict")
        await _respond(send, 303, b"", [
            (b"location", location.encode("latin-1", "replace")),
            (b"set-cookie", cookie.encode()),
        ])

    def has_key(self, scope: Scope) -> bool:
        """Whether the request carries the launch's cookie."""
        raw = _header(scope, b"cookie").decode("latin-1")
        try:
            jar: SimpleCookie = SimpleCookie(raw)
        except CookieError:
            return False
        morsel = jar.get(self.cookie)
        return morsel is not None and self._matches(morsel.value.encode())

    def own_origin(self, scope: Scope) -> bool:
        """Whether the handshake comes from a page of this app, at the address it was opened."""
        origin = _header(scope, b"origin").decode("latin-1").lower()
        host = _header(scope, b"host").decode("latin-1").lower()
        if not origin or not host:
            return False
        scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
        return origin == f"{scheme}://{host}" and self.is_own_host(host)

    def is_own_host(self, host: str) -> bool:
        """An IP address, `localhost`, or a name this computer answers to (not a domain
        name someone else controls, which could point at 127.0.0.1 at will)."""
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        name = name.strip("[]")
        if name in self.own_hosts or name == "localhost":
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def _matches(self, candidate: bytes) -> bool:
        return hmac.compare_digest(candidate, self.secret)


def _header(scope: Scope, name: bytes) -> bytes:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value)
    return b""


def _without_cors(send: Send) -> Send:
    """Wrap `send` so no response leaves with a CORS header."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [
                (key, value) for key, value in message.get("headers", [])
                if key.lower() not in REFUSED_HEADERS
            ]}
        await send(message)

    return sending


async def _respond(send: Send, status: int, body: bytes,
                   headers: list[tuple[bytes, bytes]]) -> None:
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [*headers,
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                    (b"referrer-policy", b"no-referrer")],
    })
    await send({"type": "http.response.body", "body": body})
