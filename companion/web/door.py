"""The app's front door: one pure ASGI middleware in front of everything Flet serves.

The app runs in the player's browser, and so does every other web page the player opens.
Without a door, any page could open `ws://127.0.0.1:8550/ws` and play, read or undo the
player's games (the browser lets a page open a WebSocket to any address, and Flet's
server answers every response with `Access-Control-Allow-Origin: *`). Three locks:

1. **A per-launch secret.** The app opens (and prints) `http://HOST:PORT/?token=SECRET`.
   A request carrying the right token gets an HttpOnly, SameSite=Strict cookie and a
   redirect to the same address without the token (so it never stays in the address bar,
   the history or a bookmark). The cookie is not the secret: it is a key of that browser's
   own, random, which the door keeps in memory (`Devices`) until the app stops. Every
   other request, static files and `/ws` included, needs such a key; without it the
   answer is a short page saying how to open the app. Another page cannot read the
   cookie (HttpOnly) nor guess the secret or a key.
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

**Shared on the local network** (`companion --share`), the door also takes an access
code, which phones type (or scan: `http://HOST:PORT/?code=CODE`). Without the key cookie
every HTTP path answers 401 with a small form asking for the code, and the WebSocket
handshake is refused as above. The right code, in the address or sent by the form, gives
the device a key of its own as the token does, and redirects (303) to the address
without it: a phone never holds the host's secret, and no two phones share a key. A
wrong code is answered 401 with the form saying so; too many, from one address or from
all together, and the code is not checked for a while (429, `Retry-After`; see
`throttle.py`): eight characters from 31 symbols cannot be guessed at a few tries a
minute. The token keeps working, so the computer that started the app opens it without
typing the code.

It is a pure ASGI middleware, not Starlette's `BaseHTTPMiddleware`, which never sees
WebSocket connections. Secrets are compared with `hmac.compare_digest` (constant time).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.usecases.share import CODE_PARAM
from companion.web.sharing import normalise
from companion.web.throttle import NO_WAIT, Throttle, Wait

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

MAX_FORM = 2048
"""The largest code form read, in bytes: the form holds one short field."""
MAX_DEVICES = 4096
"""Device keys remembered at most (the least recently seen is forgotten first: that
device types the code again). Far more than the phones of any table."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the code page says: where its form goes, and why it is shown again."""

    action: str
    """The address the form posts to (the one asked for, without a code)."""
    wrong: bool = False
    wait: Wait = NO_WAIT
    """How long before the next try (falsy: try now), and whether it is for everyone."""


CodePage = Callable[[str, Prompt], bytes]
"""Renders the code prompt, from the request's Accept-Language."""


class Devices:
    """The keys handed to the devices let in: each its own, random, kept in memory only.

    Only a digest of each key is kept and looked up, so neither the memory nor the time
    a look-up takes tells anything about a key. A new launch knows none of them."""

    def __init__(self, limit: int = MAX_DEVICES) -> None:
        self.limit = limit
        self._seen: OrderedDict[bytes, None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._seen)

    def new(self) -> str:
        """A new device's key: 256 random bits."""
        key = secrets.token_urlsafe(32)
        self._seen[_digest(key)] = None
        while len(self._seen) > self.limit:
            self._seen.popitem(last=False)
        return key

    def known(self, key: str) -> bool:
        digest = _digest(key)
        if digest not in self._seen:
            return False
        self._seen.move_to_end(digest)
        return True


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8", "replace")).digest()


def cookie_name(port: int) -> str:
    """One cookie per port: a browser shares a host's cookies across its ports, so two
    apps (two data folders) on one computer must not overwrite each other's key."""
    return f"companion-{port}"


class Door:
    """Lets a request through only with the launch's secret (and, for /ws, the right Origin)."""

    def __init__(self, app: ASGIApp, *, secret: str, cookie: str, own_hosts: frozenset[str],
                 denied_page: DeniedPage, code: str | None = None,
                 code_page: CodePage | None = None, throttle: Throttle | None = None,
                 devices: Devices | None = None) -> None:
        self.app = app
        self.secret = secret.encode()
        """The launch's key: it lets a browser in once, and is never a cookie itself."""
        self.cookie = cookie
        self.own_hosts = frozenset(name.lower() for name in own_hosts)
        self.denied_page = denied_page
        self.code = normalise(code).encode() if code else None
        """The access code when the app is shared on the network (None: token only)."""
        self.code_page = code_page
        self.throttle = throttle or Throttle()
        self.devices = devices if devices is not None else Devices()

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
        codes = [value for name, value in query if name == CODE_PARAM]
        if tokens and self._matches(tokens[-1].encode()):
            rest = urlencode([(name, value) for name, value in query if name != TOKEN])
            await self._let_in(scope, send, rest)
        elif self.code is not None and codes:
            rest = urlencode([(name, value) for name, value in query if name != CODE_PARAM])
            if self.has_key(scope):  # already in (a second scan): just leave the address
                await self._let_in(scope, send, rest)
            else:
                await self._try_code(scope, send, codes[-1], rest)
        elif self.has_key(scope):
            await self.app(scope, receive, _without_cors(send))
        elif self.code is not None and _is_form(scope):
            typed = dict(parse_qsl((await _read_body(receive)).decode("utf-8", "replace")))
            await self._try_code(scope, send, typed.get(CODE_PARAM, ""),
                                 urlencode(query))
        elif self.code is not None:
            await self._prompt(scope, send, 401, Prompt(_action(scope, urlencode(query))))
        else:
            accept = _header(scope, b"accept-language").decode("latin-1")
            await _respond(send, 403, self.denied_page(accept), [
                (b"content-type", b"text/html; charset=utf-8"),
            ])

    async def _try_code(self, scope: Scope, send: Send, typed: str, rest: str) -> None:
        """Let in with the right code; refuse a wrong one, and make a guesser wait."""
        assert self.code is not None
        client = _client(scope)
        action = _action(scope, rest)
        wait = self.throttle.wait_left(client)
        if not wait:
            if hmac.compare_digest(normalise(typed).encode("utf-8", "replace"), self.code):
                self.throttle.passed(client)
                await self._let_in(scope, send, rest)
                return
            wait = self.throttle.failed(client)
        if wait:
            await self._prompt(scope, send, 429, Prompt(action, wrong=True, wait=wait),
                               [(b"retry-after", str(wait.seconds).encode())])
        else:
            await self._prompt(scope, send, 401, Prompt(action, wrong=True))

    async def _prompt(self, scope: Scope, send: Send, status: int, prompt: Prompt,
                      headers: list[tuple[bytes, bytes]] | None = None) -> None:
        assert self.code_page is not None, "a shared door needs its code page"
        accept = _header(scope, b"accept-language").decode("latin-1")
        await _respond(send, status, self.code_page(accept, prompt), [
            (b"content-type", b"text/html; charset=utf-8"), *(headers or []),
        ])

    async def _let_in(self, scope: Scope, send: Send, rest: str) -> None:
        """Give the browser a key of its own as a cookie (a device already in keeps its
        own) and send it to the same address without the token or code."""
        path = scope.get("root_path", "") + scope["path"]
        location = path + ("?" + rest if rest else "")
        headers = [(b"location", location.encode("latin-1", "replace"))]
        if not self.has_key(scope):
            cookie = f"{self.cookie}={self.devices.new()}; Path=/; HttpOnly; SameSite=Strict"
            headers.append((b"set-cookie", cookie.encode()))
        await _respond(send, 303, b"", headers)

    def has_key(self, scope: Scope) -> bool:
        """Whether the request carries the key of a device let in by this launch."""
        raw = _header(scope, b"cookie").decode("latin-1")
        try:
            jar: SimpleCookie = SimpleCookie(raw)
        except CookieError:
            return False
        morsel = jar.get(self.cookie)
        return morsel is not None and self.devices.known(morsel.value)

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


def _client(scope: Scope) -> str:
    """The client's address, which the slow-down counts by."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def _action(scope: Scope, rest: str) -> str:
    """The address asked for, without any code: where the prompt's form posts."""
    path = str(scope.get("root_path", "")) + str(scope["path"])
    return path + ("?" + rest if rest else "")


def _is_form(scope: Scope) -> bool:
    kind = _header(scope, b"content-type").split(b";")[0].strip().lower()
    return scope.get("method") == "POST" and kind == b"application/x-www-form-urlencoded"


async def _read_body(receive: Receive) -> bytes:
    """A request's body, up to `MAX_FORM` bytes (the rest is read and dropped)."""
    body = b""
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b""  # the client went away
        if len(body) < MAX_FORM:
            body += message.get("body", b"")
        if not message.get("more_body", False):
            return body[:MAX_FORM]


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
