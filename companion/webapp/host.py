"""The built phone app served as a static site should be: its compressed copies, the right
types and caching, and nothing but its files (`companion serve-web`, for a computer on
the same Wi-Fi as the phones).

Why not `python3 -m http.server`: it sends every file uncompressed (Flutter's client and
Pyodide are mostly wasm and JavaScript, three times smaller compressed) and with no
`Cache-Control`, which lets a browser guess a lifetime from a file's age and keep an old
build's file beside a new build's page.

**Compressed copies.** `build-web` writes `X.br` and `X.gz` beside every compressible
file `X` (`offline.write_precompressed`). A request for `X` gets `X.br` when the
browser's `Accept-Encoding` allows `br`, else `X.gz` when it allows `gzip`, else `X`
itself, with `Content-Encoding`, `Vary: Accept-Encoding` and the type of `X` (a wasm
file stays `application/wasm`, which browsers need to compile it while it downloads).
Nothing is compressed per request; a copy is checked once (it must decode to the file's
bytes), so a file edited by hand after the build goes out as it is now. Browsers ask
for Brotli only over https or from `localhost`: a phone on a plain-http Wi-Fi address
gets the gzip copy.

**Caching, reasoned from what the build writes.** No file of the site is
content-addressed: every name is fixed (`main.dart.wasm`, `pyodide/pyodide.asm.wasm`,
`app.zip` are the same addresses in every build, and no folder carries a version), while
their bytes change between builds (`app.zip`, `index.html`, `sw.js`, `python.js` at each
version of the app; the Flutter client and Pyodide with each flet-web version). A long
`immutable` lifetime on a fixed address would leave a phone with an old `main.dart.wasm`
under a new page, and it is never asked for again. So every file is `no-cache` with a
strong ETag: the browser asks each time and gets a 304 with no body while the file is
the same. The ETag is the hash of the file's bytes (with the coding sent), not of its
date: a new build rewrites every file, and the unchanged ones (the whole Flutter client,
Pyodide) still answer 304. The service worker fetches with `cache: "no-cache"` anyway
(`site/sw.js`), so these headers matter most to a phone on a plain-http address, which
has no service worker and loads every file through the HTTP cache.

**Nothing but the site.** A request's path is refused (404) when its raw form holds an
encoded dot, slash, backslash or NUL, when a part is empty, `.` or `..`, or names a
hidden file (`.nojekyll`, the build's marker), or a compressed copy itself (the copies
answer the plain file's address). The path that is left is resolved, symbolic links
followed, and served only if it is still inside the site. A folder's address serves its
`index.html` (none: 404), never a listing; without its final slash it is redirected to
it, so that the page's relative addresses work.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

import brotli  # type: ignore[import-untyped]
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.types import Receive, Scope, Send

from companion.i18n import t
from companion.web.client_files import choose, content_type

CACHE_CONTROL = "no-cache"
"""Every file: see the module's docstring (no address of the site is versioned)."""
COPIES = {"br": ".br", "gzip": ".gz"}
"""A coding as `Accept-Encoding` names it -> the suffix of its copy beside the file."""
INDEX = "index.html"
REFUSED_IN_RAW = (b"%2e", b"%2f", b"%5c", b"%00")
"""Encoded `.`, `/`, `\\` and NUL: no file of a site needs them in its address."""


class NotASite(Exception):
    """The folder is no built phone app: the message says how to build one."""


def check_site(folder: Path) -> Path:
    """The site's folder, resolved; `NotASite` when it is missing or holds no page."""
    shown = str(folder)
    if not folder.exists():
        raise NotASite(t("{folder} does not exist. Build the phone app there first: "
                         "companion build-web {folder}", folder=shown))
    if not folder.is_dir():
        raise NotASite(t("{folder} is a file, not the folder of a built site. Build the "
                         "phone app in a folder: companion build-web site/", folder=shown))
    if not (folder / INDEX).is_file():
        raise NotASite(t("{folder} holds no built phone app (it has no index.html). Build "
                         "it there first: companion build-web {folder}", folder=shown))
    return folder.resolve()


@dataclass(frozen=True)
class Found:
    """The file that answers a request: the plain file, the one to send (it or a copy),
    the coding of that copy (None: the plain file), whether the file has any copy, and
    the hash of the plain file's bytes."""

    plain: Path
    sent: Path
    coding: str | None
    copies: bool
    digest: str


def _parts(scope: Scope) -> list[str] | None:
    """The request path's parts (a final "" for a folder's address), or None when the
    path is refused (see the module's docstring)."""
    raw = bytes(scope.get("raw_path") or b"").lower()
    if any(code in raw for code in REFUSED_IN_RAW):
        return None
    path = str(scope.get("path", ""))
    root = str(scope.get("root_path", "") or "")
    if root and path.startswith(root):
        path = path[len(root):]
    if not path.startswith("/") or "\\" in path or "\x00" in path:
        return None
    parts = path[1:].split("/")
    inner = parts[:-1]
    if any(part in ("", ".", "..") for part in inner) or parts[-1] in (".", ".."):
        return None
    if any(part.startswith(".") or part.endswith(tuple(COPIES.values())) for part in parts):
        return None
    return parts


def _accept_encoding(scope: Scope) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == b"accept-encoding":
            return bytes(value).decode("latin-1")
    return ""


def _if_none_match(scope: Scope) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == b"if-none-match":
            return bytes(value).decode("latin-1")
    return ""


def matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match compares weakly: a `W/` before a tag is ignored."""
    if if_none_match.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in if_none_match.split(","))


async def _lifespan(receive: Receive, send: Send) -> None:
    """Nothing to start or stop: the server is told so at once."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


class SiteHost:
    """The ASGI app that serves one built site (see the module's docstring)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._digests: dict[tuple[Path, int, int], str] = {}
        self._checked: dict[tuple[Path, int, int, str], bool] = {}

    def inside(self, path: Path) -> Path | None:
        """`path` with its links followed, if it is still inside the site."""
        try:
            resolved = path.resolve(strict=True)
        except (OSError, RuntimeError):  # missing, or a loop of links
            return None
        return resolved if resolved.is_relative_to(self.root) else None

    def find(self, parts: list[str], accept_encoding: str) -> Found | str | None:
        """The file answering `parts`; a path to redirect to (a folder without its final
        slash); None when nothing of the site answers."""
        target = self.inside(self.root.joinpath(*parts))
        if target is not None and target.is_dir():
            if parts[-1]:
                return "/" + "/".join(parts) + "/"
            target = self.inside(target / INDEX)
        if target is None or not target.is_file():
            return None
        if any(part.startswith(".") for part in target.relative_to(self.root).parts):
            return None  # a link to a hidden file of the site
        digest = self.digest(target)
        ready: dict[str, Path] = {}
        for name, suffix in COPIES.items():
            copy = self.inside(target.with_name(target.name + suffix))
            if copy is not None and copy.is_file() and self.decodes_to(copy, name, digest):
                ready[name] = copy
        coding = choose(accept_encoding, ready)
        return Found(plain=target, sent=ready[coding] if coding else target, coding=coding,
                     copies=bool(ready), digest=digest)

    def digest(self, path: Path) -> str:
        """The hash of a file's bytes, computed once per version of the file (its size and
        modification time)."""
        status = path.stat()
        key = (path, status.st_mtime_ns, status.st_size)
        if key not in self._digests:
            hasher = hashlib.sha256()
            with path.open("rb") as source:
                for block in iter(lambda: source.read(1 << 20), b""):
                    hasher.update(block)
            self._digests[key] = hasher.hexdigest()[:20]
        return self._digests[key]

    def decodes_to(self, copy: Path, coding: str, digest: str) -> bool:
        """Whether a compressed copy holds the file whose hash is `digest`, checked once
        per version of both: a file changed by hand after the build, its copy left as it
        was, is sent as it is now, never as the copy remembers it."""
        status = copy.stat()
        key = (copy, status.st_mtime_ns, status.st_size, digest)
        if key not in self._checked:
            plain: bytes | None
            try:
                data = copy.read_bytes()
                plain = (bytes(brotli.decompress(data)) if coding == "br"
                         else gzip.decompress(data))
            except (OSError, EOFError, brotli.error, zlib.error):
                plain = None  # not b"": those are an empty file's bytes
            self._checked[key] = (plain is not None
                                  and hashlib.sha256(plain).hexdigest()[:20] == digest)
        return self._checked[key]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            return  # no WebSocket here
        if scope.get("method") not in ("GET", "HEAD"):
            await Response(status_code=405, headers={"allow": "GET, HEAD"})(
                scope, receive, send)
            return
        response = await self.respond(scope)
        await response(scope, receive, send)

    async def respond(self, scope: Scope) -> Response:
        import anyio

        parts = _parts(scope)
        if parts is None:
            return Response(status_code=404)
        found = await anyio.to_thread.run_sync(self.find, parts, _accept_encoding(scope))
        if found is None:
            return Response(status_code=404)
        if isinstance(found, str):
            query = bytes(scope.get("query_string") or b"").decode("latin-1")
            root = str(scope.get("root_path", "") or "")
            return RedirectResponse(root + found + (f"?{query}" if query else ""),
                                    status_code=301)
        etag = f'"{found.digest}-{found.coding or "identity"}"'
        headers = {"etag": etag, "cache-control": CACHE_CONTROL,
                   "x-content-type-options": "nosniff"}
        if found.copies:
            headers["vary"] = "Accept-Encoding"
        if matches(_if_none_match(scope), etag):
            return Response(status_code=304, headers=headers)
        if found.coding:
            headers["content-encoding"] = found.coding
        return FileResponse(found.sent, headers=headers,
                            media_type=content_type(found.plain.name).decode(),
                            stat_result=os.stat(found.sent))
