"""Files the host hands out as plain downloads: a shared table's game taken home.

At the end of a shared table each seat's final screen shows a QR code to its file
(`usecases.take_home`), for the player to scan with their own phone: the phone's browser
downloads it, and the player imports it in their own app. This is one pure ASGI app in
front of Flet's, inside the door (`door.py`): a request reaches it only with the launch's
key, and a link that carries the access code lets a phone in first, as the QR code to
join the table does (the door answers with the key cookie and sends the browser back to
the same address, which then serves the file).

Only what the seat's final screen offers is served (the file of a finished seat's game);
any other address under the prefix is answered 404 with a short page in the browser's
language.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from starlette.types import ASGIApp, Receive, Scope, Send

from companion.usecases.take_home import ROUTE, TakenHome
from companion.web.door import _header, _respond

MissingPage = Callable[[str], bytes]
"""Renders the page saying there is no such file, from the request's Accept-Language."""


class Downloads:
    """Serves `/take-home/...` from `find` (a path gives a file or None); passes
    everything else to `app`."""

    def __init__(self, app: ASGIApp, find: Callable[[str], TakenHome | None],
                 missing_page: MissingPage) -> None:
        self.app = app
        self.find = find
        self.missing_page = missing_page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or not path.startswith(f"/{ROUTE}/"):
            await self.app(scope, receive, send)
            return
        if scope.get("method") != "GET":
            await _respond(send, 405, b"", [(b"allow", b"GET")])
            return
        found = self.find(path)
        if found is None:
            accept = _header(scope, b"accept-language").decode("latin-1")
            await _respond(send, 404, self.missing_page(accept),
                           [(b"content-type", b"text/html; charset=utf-8")])
            return
        await _respond(send, 200, found.data, [
            (b"content-type", b"application/json; charset=utf-8"),
            (b"content-disposition", attachment(found.name).encode("latin-1")),
            (b"x-content-type-options", b"nosniff"),
        ])


def attachment(name: str) -> str:
    """A Content-Disposition that downloads under `name` (RFC 6266: a plain ASCII name
    for old browsers, the exact one in UTF-8 for the others)."""
    plain = "".join(c if c.isascii() and c.isprintable() and c not in '"\\' else "_"
                    for c in name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"
