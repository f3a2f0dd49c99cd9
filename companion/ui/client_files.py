"""The Flutter client's files, compressed once and served with the right caching.

Every cold load of the app sends the Flet web client: 14.4 MB as Flet serves it (nothing
compressed, even when the browser asks), which is about 6 s on a phone's Wi-Fi at
2.5 MB/s before the first frame. Compressed it is a third of that, but compressing
main.dart.wasm costs about 0.7 s of CPU with gzip -9 and 1.1 s with Brotli 9: never per
request. So:

**Compressed once, kept.** At the first start a background thread writes a gzip (level
9) and a Brotli (quality 9) copy of every client file that gains from it (wasm, js,
fonts, json...; not the png or woff2 files, already compressed) into the user cache
folder, one subfolder per flet-web version. Each copy is named after the SHA-256 of its
source file and of its own bytes, written to a temporary name then renamed (a crash
leaves no half file under a real name), and checked against its name when it is
reused: a damaged copy is made again, a good one is never recompressed. The gzip copies
come first (a few seconds), then the Brotli ones (a few more, at low priority); until
a file's copy is ready it is served as before, uncompressed. Browsers ask for Brotli only
over HTTPS or from `localhost`: a phone on plain-HTTP Wi-Fi gets the gzip copy, so gzip is
the one that matters most.

**Which files.** Only the files the client may ask for: the page's own bootstrap,
`main.dart.*`, the renderer (`canvaskit/`: skwasm on Chromium, CanvasKit on Safari and
Firefox, whose Flutter client is the JavaScript one) and the `assets/` (fonts, manifests,
shaders, NOTICES). Never compressed, left to Flet: the Pyodide runtime (`pyodide/`,
`python-worker.js`, used only when Python runs in the browser, not for a served app),
debug symbols (`*.symbols`, `*.map`), the renderer variants nothing in Flet turns on
(`wimp`, `experimental_webparagraph`), and the files Flet rewrites at start
(`index.html`, `manifest.json`, `assets/FontManifest.json`) or takes from the app's own
assets folder. The font manifest also names fonts of Flutter packages the app never
uses (the 15 KaTeX fonts of Markdown's math and CupertinoIcons, 0.8 MB that Flutter
loads before the first frame): `Precompressed` removes them from the manifest it passes
on, so the browser never asks for them.

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

import contextlib
import hashlib
import importlib.util
import json
import logging
import mimetypes
import os
import re
import tempfile
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

APP_NAME = "wonderful-companion"
PREFIX = "_flet"
"""First part of the versioned addresses: `/_flet/<tag>/main.dart.wasm`."""
GZIP_LEVEL = 9
BROTLI_QUALITY = 9
"""Quality 11 saves another 13 % on main.dart.wasm but costs 19 s of CPU for it (about two
minutes for the whole client), and only browsers on `localhost` or HTTPS ask for Brotli."""
CHUNK = 256 * 1024
IMMUTABLE = b"public, max-age=31536000, immutable"
NO_CACHE = b"no-cache"

COMPRESSIBLE = frozenset({".wasm", ".js", ".mjs", ".json", ".otf", ".ttf", ".html", ".css",
                          ".frag", ".svg", ".txt", ".bin", ""})
"""Suffixes worth compressing ("" is NOTICES); png, woff2 and the like are compressed
already."""
REWRITTEN_BY_FLET = frozenset({"index.html", "manifest.json", "assets/FontManifest.json"})
"""Flet serves its own patched copies of these (from a temporary folder)."""
NEVER_REQUESTED = (
    re.compile(r"^pyodide/"),
    re.compile(r"^python-worker\.js$"),
    re.compile(r"\.(symbols|map)$"),
    re.compile(r"^canvaskit/experimental_webparagraph/"),
    re.compile(r"^canvaskit/wimp\."),
)
"""What a served Flet app never asks for (see the module docstring)."""
FIRST = ("flutter_bootstrap.js", "main.dart.mjs", "canvaskit/skwasm.js",
         "canvaskit/skwasm.wasm", "main.dart.wasm", "assets/fonts/MaterialIcons-Regular.otf",
         "main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm")
"""Compressed first: what Chromium (skwasm) then Safari and Firefox (CanvasKit) need."""
BOOTSTRAP = "flutter_bootstrap.js"
FONT_MANIFEST = "assets/FontManifest.json"
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
"""Font families of Flutter packages the app never uses: Markdown's LaTeX (KaTeX) and
CupertinoIcons (the app uses Material icons and no adaptive Cupertino controls)."""
PRELOAD_FETCH = ("main.dart.wasm", "canvaskit/skwasm.wasm")
PRELOAD_MODULES = ("main.dart.mjs", "canvaskit/skwasm.js")
PRELOAD_ASSETS = ("assets/FontManifest.json", "assets/fonts/MaterialIcons-Regular.otf",
                  "assets/fonts/roboto.woff2")
"""What Chromium's page asks for only once the bootstrap has run (the wasm) or once the
wasm has run (the fonts): named in a `Link` header of the page, the browser fetches them
at once, in parallel, instead of one after the other."""
WASM_GC_CHROME = 119
"""Chromium runs Flutter's wasm build from version 119 (WasmGC); older ones, Safari and
Firefox load main.dart.js and CanvasKit instead, so they get no preload."""
ISOLATION = ((b"cross-origin-opener-policy", b"same-origin"),
             (b"cross-origin-embedder-policy", b"require-corp"))
"""What Flet adds to every response: skwasm needs a cross-origin isolated page for its
threads, so our answers carry the same."""

Compressor = Callable[[bytes], bytes]


def gzip_bytes(data: bytes) -> bytes:
    """gzip with no file name and a zero time, so the same input gives the same bytes."""
    packer = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


def brotli_bytes(data: bytes) -> bytes:
    import brotli  # type: ignore[import-untyped]

    return bytes(brotli.compress(data, quality=BROTLI_QUALITY))


def default_coders() -> dict[str, Compressor]:
    """The encodings made, best first in the order they are built: gzip (what browsers
    send over plain HTTP) then Brotli when the package is installed."""
    coders: dict[str, Compressor] = {"gzip": gzip_bytes}
    if importlib.util.find_spec("brotli") is not None:
        coders["br"] = brotli_bytes
    else:  # pragma: no cover - brotli is a dependency
        log.warning("brotli is not installed: client files are compressed with gzip only")
    return coders


def flet_web_version() -> str:
    from flet_web.version import version  # type: ignore[import-untyped]

    return str(version)


def web_dir() -> Path:
    """The folder Flet serves the client from (FLET_WEB_PATH can move it, as for Flet)."""
    from flet_web import get_package_web_dir  # type: ignore[import-untyped]

    return Path(get_package_web_dir())


def default_cache_dir(version: str) -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "client" / (
        "flet-web-" + _safe(version))


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.+-]", "_", text) or "unknown"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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


def _wanted(relative: str) -> bool:
    suffix = os.path.splitext(relative)[1].lower()
    return (relative not in REWRITTEN_BY_FLET and suffix in COMPRESSIBLE
            and not any(pattern.search(relative) for pattern in NEVER_REQUESTED))


def client_files(root: Path, shadowed_by: Iterable[Path] = ()) -> list[str]:
    """The files to compress, relative to `root` with `/`: regular files inside it (no
    symbolic link leading out), not shadowed by a folder Flet looks in first."""
    real_root = root.resolve()
    found: list[str] = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            relative = path.relative_to(root).as_posix()
            if not _wanted(relative) or not path.is_file():
                continue
            if not path.resolve().is_relative_to(real_root):
                continue
            if any((other / relative).exists() for other in shadowed_by):
                continue
            found.append(relative)
    rank = {name: index for index, name in enumerate(FIRST)}
    return sorted(found, key=lambda name: (rank.get(name, len(FIRST)),
                                           (root / name).stat().st_size, name))


def versioned_bootstrap(source: bytes, tag: str) -> bytes | None:
    """The bootstrap loading `main.dart.*` and the renderer from `/_flet/<tag>/`, or None
    when it does not look as expected (then the plain one is served, with no-cache)."""
    text = source.decode("utf-8")
    found = re.search(r"_flutter\.buildConfig = (\{.*?\});\n", text)
    if found is None:
        return None
    try:
        config = json.loads(found.group(1))
        for build in config["builds"]:
            for key in ("mainWasmPath", "jsSupportRuntimePath", "mainJsPath"):
                if key in build:
                    build[key] = f"{PREFIX}/{tag}/{build[key]}"
    except (ValueError, KeyError, TypeError):
        return None
    text = (text[:found.start(1)] + json.dumps(config, separators=(",", ":"))
            + text[found.end(1):])
    canvaskit = "flutterConfig.canvasKitBaseUrl = flet.canvasKitBaseUrl;"
    if text.count(canvaskit) != 1:
        return None
    text = text.replace(canvaskit, "flutterConfig.canvasKitBaseUrl = flet.canvasKitBaseUrl"
                        f'.replace(/canvaskit\\/$/, "{PREFIX}/{tag}/canvaskit/");')
    return text.encode("utf-8")


def preload_links(tag: str, names: Iterable[str]) -> str:
    """The `Link` header naming what Chromium will fetch (paths from the site's root:
    the middleware adds the mount path). `crossorigin` because Flutter fetches them with
    `fetch()` (CORS mode, same-origin credentials): a preload that does not match the
    real request is fetched twice."""
    present = set(names)
    links = [f"</{PREFIX}/{tag}/{name}>; rel=preload; as=fetch; crossorigin"
             for name in PRELOAD_FETCH if name in present]
    links += [f"</{PREFIX}/{tag}/{name}>; rel=modulepreload"
              for name in PRELOAD_MODULES if name in present]
    links += [f"</{name}>; rel=preload; as=fetch; crossorigin" for name in PRELOAD_ASSETS]
    return ", ".join(links)


def runs_flutter_wasm(user_agent: str) -> bool:
    """Whether the browser is a Chromium that loads Flutter's wasm build (Chrome, Edge,
    Samsung Internet, Opera...; not Chrome on iOS, which is Safari underneath)."""
    found = re.search(r"Chrom(?:e|ium)/(\d+)", user_agent)
    return found is not None and int(found.group(1)) >= WASM_GC_CHROME \
        and "CriOS" not in user_agent


@dataclass(frozen=True)
class Body:
    """Bytes to send: kept in memory (small, or rewritten) or read from a file."""

    size: int
    data: bytes | None = None
    path: Path | None = None


@dataclass(frozen=True)
class Entry:
    """One client file: its plain bytes, its ready encodings, its ETag base."""

    name: str
    plain: Body
    digest: str
    versioned: bool
    """Served under `/_flet/<tag>/` (immutable) by the rewritten bootstrap."""
    virtual: bool = False
    """Its plain bytes differ from the file on disk (the rewritten bootstrap): always
    served from here, even uncompressed."""
    encoded: Mapping[str, Body] = field(default_factory=dict)


class ClientFiles:
    """The compressed copies of the client's files and the table the middleware reads.

    `build()` does the work (hash, compress or reuse); `start()` runs it on a background
    thread. The table is replaced whole after each file (never changed in place), so the
    event loop always reads a consistent one without a lock."""

    def __init__(self, root: Path | None = None, *, cache_dir: Path | None = None,
                 version: str | None = None, shadowed_by: Iterable[Path] = (),
                 coders: Mapping[str, Compressor] | None = None) -> None:
        self.root = root if root is not None else web_dir()
        self.version = version if version is not None else flet_web_version()
        self.cache_dir = cache_dir if cache_dir is not None else default_cache_dir(
            self.version)
        self.shadowed_by = tuple(shadowed_by)
        self.coders = dict(coders) if coders is not None else default_coders()
        self.tag = ""
        self.table: Mapping[str, Entry] = {}
        self.compressed = 0
        """Files compressed by this process (0 when every copy was reused)."""
        self.preload = ""
        """The page's `Link` header for Chromium, once the versioned addresses exist."""
        self.seconds: dict[str, float] = {}
        """How long each encoding took to make or check, for the benchmark."""
        self.ready = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Build in the background; requests are served uncompressed meanwhile."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._build_quietly, daemon=True,
                                            name="client-files")
            self._thread.start()

    def _build_quietly(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            # Linux: a thread is a task of its own, whose priority can be lowered.
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        try:
            self.build()
        except Exception:
            log.exception("compressing the client files failed; serving them uncompressed")
            self.ready.set()

    def build(self) -> None:
        """Hash the client files, publish them, then add each encoding as it is ready."""
        names = client_files(self.root, self.shadowed_by)
        digests = {name: _sha((self.root / name).read_bytes()) for name in names}
        whole = _sha("\n".join(f"{name} {digests[name]}" for name in names).encode())
        self.tag = f"{_safe(self.version)}-{whole[:12]}"
        table: dict[str, Entry] = {}
        for name in names:
            size = (self.root / name).stat().st_size
            table[name] = Entry(name, Body(size, path=self.root / name), digests[name],
                                versioned=name.startswith("main.dart.")
                                or name.startswith("canvaskit/"))
        if BOOTSTRAP in table:
            rewritten = versioned_bootstrap((self.root / BOOTSTRAP).read_bytes(), self.tag)
            if rewritten is not None:
                table[BOOTSTRAP] = Entry(BOOTSTRAP, Body(len(rewritten), data=rewritten),
                                         _sha(rewritten), versioned=False, virtual=True)
        self.table = dict(table)
        if BOOTSTRAP in table and table[BOOTSTRAP].virtual:
            self.preload = preload_links(self.tag, names)
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.warning("no cache folder for the client files (%s): serving them uncompressed",
                        exc)
            self.ready.set()
            return
        for coding, coder in self.coders.items():
            started = time.perf_counter()
            for name in names:
                entry = table[name]
                body = self._encoded(entry, coding, coder)
                if body is None:
                    continue
                table[name] = Entry(entry.name, entry.plain, entry.digest, entry.versioned,
                                    entry.virtual, {**entry.encoded, coding: body})
                self.table = dict(table)
            self.seconds[coding] = time.perf_counter() - started
        self.ready.set()

    def _encoded(self, entry: Entry, coding: str, coder: Compressor) -> Body | None:
        """The encoded copy of one file: reused when it checks out, else made. None when
        it does not make the file smaller."""
        if entry.virtual:
            assert entry.plain.data is not None
            packed = coder(entry.plain.data)
            return Body(len(packed), data=packed) if len(packed) < entry.plain.size else None
        # One process at a time: several copies of the app starting together (the
        # browser tests) make each file once, the others reuse it.
        with FileLock(self.cache_dir / "build.lock"):
            return self._reuse_or_make(entry, coding, coder)

    def _reuse_or_make(self, entry: Entry, coding: str, coder: Compressor) -> Body | None:
        stem = f"{entry.digest}.{coding}."
        for old in self.cache_dir.glob(stem + "*"):
            if old.name.endswith(".tmp") or old.name == stem + "none":
                continue
            try:
                kept = old.read_bytes()
            except OSError:
                continue
            if old.name == stem + _sha(kept)[:16]:
                return Body(len(kept), path=old)
            log.info("client file copy %s is damaged: making it again", old.name)
            with contextlib.suppress(OSError):
                old.unlink()
        if (self.cache_dir / (stem + "none")).exists():
            return None
        assert entry.plain.path is not None
        plain = entry.plain.path.read_bytes()
        packed = coder(plain)
        self.compressed += 1
        if len(packed) >= len(plain):
            _write(self.cache_dir / (stem + "none"), b"")
            return None
        target = self.cache_dir / (stem + _sha(packed)[:16])
        _write(target, packed)
        return Body(len(packed), path=target)


def _write(target: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, then rename: all or nothing."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=target.name,
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
        etag = f'"fonts-{_sha(slim)[:16]}"'
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
