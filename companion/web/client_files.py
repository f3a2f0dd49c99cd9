"""The Flutter client's files, compressed once and served with the right caching.

Every cold load of the app sends the Flet web client: 14.4 MB as Flet serves it (nothing
compressed, even when the browser asks), which is about 6 s on a phone's Wi-Fi at
2.5 MB/s before the first frame. Compressed it is a third of that, but compressing
main.dart.wasm costs about 0.7 s of CPU with gzip -9 and 1.1 s with Brotli 9: never per
request. So:

**Compressed once, kept**: see `companion.web.client_cache`, which makes the copies and
the table of files this module serves from.

**Caching, reasoned.** Flutter asks for its files at fixed addresses (`main.dart.wasm`
is the same URL in every Flet version), so a long lifetime on those URLs would keep an
old client in a phone's cache after an upgrade, talking to a newer server: that is
wrong, even with the version in the ETag, because a cached `immutable` file is never
revalidated. Instead the bootstrap (`flutter_bootstrap.js`, the one file that names the
others) is served rewritten so that it loads `main.dart.*` and the renderer from
`/_flet/<version>-<digest>/...`, an address that changes whenever those files do
(the digest covers their bytes). Those addresses are `public, max-age=31536000,
immutable`: a phone that played last week loads them from its cache without asking.
Everything else (the page, the bootstrap, `assets/`, the old addresses, the files Flet
serves itself) is `no-cache` with an ETag: the browser asks each time and gets a
304 with no body while nothing changed, so an upgrade is always picked up. Flet sends no
Cache-Control at all, which lets a browser guess a lifetime from the file's age.

**Sooner.** Left alone, Chromium asks for main.dart.wasm only once the bootstrap and
main.dart.mjs have arrived, and for the fonts only once main.dart.wasm has run: three
waits one after the other. The page (Flet's, passed on) gains a `Link` header that
names them all (`rel=preload` / `modulepreload`), so they download at once, in
parallel. Only Chromium from version 119 gets it: Safari and Firefox load the
JavaScript build and CanvasKit instead, and would download the wasm for nothing.

**The middleware.** `Precompressed` is a pure ASGI middleware in front of Flet's app and
behind the door (so the door's key still guards every file). A GET or HEAD of a client
file whose copy is ready, from a browser whose Accept-Encoding allows it, gets the copy
with its Content-Type, Content-Encoding, Content-Length, `Vary: Accept-Encoding`, an
ETag (one per encoding) and a 304 for a matching If-None-Match. Everything else goes to
Flet unchanged, except that its responses gain `Cache-Control: no-cache` when they have
none. Paths are looked up in a table of files found at start inside the web folder
(symbolic links leading out of it are left out), never joined onto a folder, and any
path with `..`, `.`, empty or encoded-slash parts, backslashes or NUL goes to Flet as
it came: nothing outside the table can be served from here.
"""

from __future__ import annotations

import json
import mimetypes
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.web.client_cache import PREFIX, Body, ClientFiles, sha256_hex

CHUNK = 256 * 1024
IMMUTABLE = b"public, max-age=31536000, immutable"
NO_CACHE = b"no-cache"

FONT_MANIFEST = "assets/FontManifest.json"
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
"""Font families of Flutter packages the app never uses: Markdown's LaTeX (KaTeX) and
CupertinoIcons (the app uses Material icons and no adaptive Cupertino controls)."""
WASM_GC_CHROME = 119
"""Chromium runs Flutter's wasm build from version 119 (WasmGC); older ones, Safari and
Firefox load main.dart.js and CanvasKit instead, so they get no preload."""
ISOLATION = ((b"cross-origin-opener-policy", b"same-origin"),
             (b"cross-origin-embedder-policy", b"require-corp"))
"""What Flet adds to every response: skwasm needs a cross-origin isolated page for its
threads, so our answers carry the same."""


def content_type(name: str) -> bytes:
    """As Starlette's static files answer: a guess from the suffix, text as UTF-8."""
    kind = mimetypes.guess_type(name)[0] or "text/plain"
    if name.endswith((".mjs", ".js")):
        kind = "text/javascript"
    elif name.endswith(".wasm"):
        kind = "application/wasm"
    if kind.startswith("text/"):
        kind += "; charset=utf-8"
    return kind.encode()


def runs_flutter_wasm(user_agent: str) -> bool:
    """Whether the browser is a Chromium that loads Flutter's wasm build (Chrome, Edge,
    Samsung Internet, Opera...; not Chrome on iOS, which is Safari underneath)."""
    found = re.search(r"Chrom(?:e|ium)/(\d+)", user_agent)
    return found is not None and int(found.group(1)) >= WASM_GC_CHROME \
        and "CriOS" not in user_agent


# --- the middleware ------------------------------------------------------------------


def accepted(accept_encoding: str) -> dict[str, float]:
    """Accept-Encoding as {coding: weight}; `*` stands for any coding not named."""
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        coding, _, params = item.strip().partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[coding] = weight
    return weights


def choose(accept_encoding: str, available: Iterable[str]) -> str | None:
    """The encoding to send: Brotli before gzip, only with a weight above zero."""
    weights = accepted(accept_encoding)
    ready = set(available)
    for coding in ("br", "gzip"):
        if coding not in ready:
            continue
        weight = weights.get(coding, weights.get("x-gzip") if coding == "gzip" else None)
        if weight is None:
            weight = weights.get("*", 0.0)
        if weight > 0:
            return coding
    return None


def _matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match uses the weak comparison: W/ is ignored."""
    if if_none_match.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in if_none_match.split(","))


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def _relative(scope: Scope) -> list[str] | None:
    """The request path's parts, or None for anything but a plain path."""
    path = str(scope.get("path", ""))
    root = str(scope.get("root_path", "") or "")
    if root and path.startswith(root):
        path = path[len(root):]
    raw = bytes(scope.get("raw_path") or b"").lower()
    if any(code in raw for code in (b"%2f", b"%5c", b"%00", b"%2e")):
        return None
    if not path.startswith("/") or "\\" in path or "\x00" in path:
        return None
    if path == "/":
        return [""]
    parts = path[1:].split("/")
    if any(part in ("", ".", "..") or ":" in part for part in parts):
        return None
    return parts


class Precompressed:
    """Serves the client files' compressed copies (see the module docstring)."""

    def __init__(self, app: ASGIApp, files: ClientFiles, *,
                 unused_fonts: tuple[str, ...] = UNUSED_FONTS) -> None:
        self.app = app
        self.files = files
        self.unused_fonts = unused_fonts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if self.files.publishing():
            # The first requests after start: Flet's own copy of a file the table
            # serves changed (`client_patch`) must never go out.
            import anyio

            await anyio.to_thread.run_sync(self.files.published.wait)
        parts = _relative(scope)
        if parts is None:
            await self.app(scope, receive, _no_cache(send))
            return
        versioned = False
        if len(parts) > 2 and parts[0] == PREFIX and self.files.tag \
                and parts[1] == self.files.tag:
            versioned = True
            parts = parts[2:]
        name = "/".join(parts)
        entry = self.files.table.get(name)
        if versioned and (entry is None or not entry.versioned):
            # An address of the rewritten bootstrap this table does not hold: the file
            # itself, as Flet serves it.
            scope = {**scope, "path": "/" + name, "raw_path": ("/" + name).encode()}
            await self.app(scope, receive, _no_cache(send))
            return
        if name == FONT_MANIFEST and self.unused_fonts:
            await self._font_manifest(scope, receive, send)
            return
        if entry is None:
            links = self.files.preload if runs_flutter_wasm(
                _header(scope, b"user-agent")) else ""
            if links:
                root = str(scope.get("root_path", "") or "")
                links = links.replace("</", f"<{root}/")
            await self.app(scope, receive, _no_cache(send, page_links=links))
            return
        coding = choose(_header(scope, b"accept-encoding"), entry.encoded)
        if coding is None and not (versioned or entry.virtual):
            await self.app(scope, receive, _no_cache(send, vary=True))
            return
        body = entry.encoded[coding] if coding else entry.plain
        etag = f'"{self.files.tag}-{entry.digest[:16]}-{coding or "identity"}"'
        headers = [
            (b"etag", etag.encode()),
            (b"cache-control", IMMUTABLE if versioned else NO_CACHE),
            (b"vary", b"Accept-Encoding"),
            *ISOLATION,
        ]
        if _matches(_header(scope, b"if-none-match"), etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers += [(b"content-type", content_type(name)),
                    (b"content-length", str(body.size).encode()),
                    (b"x-content-type-options", b"nosniff")]
        if coding:
            headers.append((b"content-encoding", coding.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        if scope["method"] == "HEAD":
            await send({"type": "http.response.body", "body": b""})
        else:
            await _send_body(send, body)

    async def _font_manifest(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Flet's (patched) font manifest without the unused packages' fonts. Flet is
        asked for the whole file (a GET without If-None-Match); the ETag is ours."""
        asked = {**scope, "method": "GET", "headers": [
            (key, value) for key, value in scope.get("headers", [])
            if key.lower() not in (b"if-none-match", b"if-modified-since", b"range")]}
        start: dict[str, Any] = {}
        chunks: list[bytes] = []

        async def keep(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))

        await self.app(asked, receive, keep)
        body = b"".join(chunks)
        slim = slim_font_manifest(body, self.unused_fonts) if start.get("status") == 200 \
            else None
        if slim is None:
            slim = body
        etag = f'"fonts-{sha256_hex(slim)[:16]}"'
        headers = [(key, value) for key, value in start.get("headers", [])
                   if key.lower() not in (b"content-length", b"etag", b"last-modified",
                                          b"cache-control")]
        headers += [(b"etag", etag.encode()), (b"cache-control", NO_CACHE)]
        status = int(start.get("status", 500))
        if status == 200 and _matches(_header(scope, b"if-none-match"), etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers.append((b"content-length", str(len(slim)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else slim})


def slim_font_manifest(body: bytes, unused: tuple[str, ...]) -> bytes | None:
    """The font manifest without the families whose name starts with one of `unused`;
    None when it is not the expected JSON list (then it goes out unchanged)."""
    try:
        families = json.loads(body)
        kept = [family for family in families
                if not str(family.get("family", "")).startswith(unused)]
    except (ValueError, AttributeError, TypeError):
        return None
    return json.dumps(kept, separators=(",", ":")).encode()


async def _send_body(send: Send, body: Body) -> None:
    if body.data is not None:
        await send({"type": "http.response.body", "body": body.data})
        return
    import anyio

    assert body.path is not None
    async with await anyio.open_file(body.path, "rb") as source:
        while True:
            chunk = await source.read(CHUNK)
            more = len(chunk) == CHUNK
            await send({"type": "http.response.body", "body": chunk, "more_body": more})
            if not more:
                return


def _no_cache(send: Send, *, vary: bool = False, page_links: str = "") -> Send:
    """Flet's answer with `Cache-Control: no-cache` when it has none, `Vary` when the
    same address may also be answered compressed, and `page_links` as a `Link` header
    when it is the page (HTML)."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {key.lower() for key, _ in headers}
            if b"cache-control" not in names:
                headers.append((b"cache-control", NO_CACHE))
            if vary and b"vary" not in names:
                headers.append((b"vary", b"Accept-Encoding"))
            kind = next((value for key, value in headers if key.lower() == b"content-type"),
                        b"")
            if page_links and message.get("status") == 200 and kind.startswith(b"text/html"):
                headers.append((b"link", page_links.encode()))
                headers.append((b"vary", b"User-Agent"))
            message = {**message, "headers": headers}
        await send(message)

    return sending


def precompressed(app: ASGIApp, *, assets_dir: Path | None = None,
                  cache_dir: Path | None = None, background: bool = True) -> Precompressed:
    """`app` (Flet's) with the client files served compressed. `assets_dir` is the
    app's own assets folder, which Flet looks in before its web folder. The copies are
    made on a background thread (or now, with `background=False`)."""
    files = ClientFiles(cache_dir=cache_dir,
                        shadowed_by=[assets_dir] if assets_dir is not None else ())
    if background:
        files.start()
    else:
        files.build()
    return Precompressed(app, files)
