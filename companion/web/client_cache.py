"""The Flutter client's files compressed once per flet-web version, kept in the user cache.

Every cold load of the app sends the Flet web client: 14.4 MB as Flet serves it, about
6 s on a phone's Wi-Fi. Compressed it is a third of that, but compressing main.dart.wasm
costs about 0.7 s of CPU with gzip -9 and 1.1 s with Brotli 9: never per request. This
module makes the copies and the table of files that `companion.web.client_files` serves.

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

**Changed files.** The compiled client (`main.dart.wasm`, `main.dart.js`) would ask a CDN
for Rive's runtime at every load: it is served changed (`client_patch`), at its plain
address too, never as Flet's copy. The changed bytes are kept in the cache folder beside
the compressed copies (made once, checked when reused; in memory without a cache
folder), the digests and the versioned addresses are those of the changed bytes, and
until the table is published (a fraction of a second after start) requests wait for it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import re
import tempfile
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from filelock import FileLock

from companion.web.client_patch import PATCHED, without_rive

log = logging.getLogger(__name__)

APP_NAME = "wonderful-companion"
PREFIX = "_flet"
"""First part of the versioned addresses: `/_flet/<tag>/main.dart.wasm`."""
GZIP_LEVEL = 9
BROTLI_QUALITY = 9
"""Quality 11 saves another 13 % on main.dart.wasm but costs 19 s of CPU for it (about two
minutes for the whole client), and only browsers on `localhost` or HTTPS ask for Brotli."""
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
PRELOAD_FETCH = ("main.dart.wasm", "canvaskit/skwasm.wasm")
PRELOAD_MODULES = ("main.dart.mjs", "canvaskit/skwasm.js")
PRELOAD_ASSETS = ("assets/FontManifest.json", "assets/fonts/MaterialIcons-Regular.otf",
                  "assets/fonts/roboto.woff2")
"""What Chromium's page asks for only once the bootstrap has run (the wasm) or once the
wasm has run (the fonts): named in a `Link` header of the page, the browser fetches them
at once, in parallel, instead of one after the other."""

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


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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
        self.published = threading.Event()
        """Set once the table holds every file (compressed or not yet): until then a
        request could reach a file the table serves changed (`client_patch`)."""
        self.ready = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Build in the background; requests are served uncompressed meanwhile."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._build_quietly, daemon=True,
                                            name="client-files")
            self._thread.start()

    def publishing(self) -> bool:
        """Whether the table is being made by the background thread (then a request
        waits for it: a fraction of a second, once, at start)."""
        return self._thread is not None and not self.published.is_set()

    def _build_quietly(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            # Linux: a thread is a task of its own, whose priority can be lowered.
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        try:
            self.build()
        except Exception:
            log.exception("compressing the client files failed; serving them uncompressed")
            self.published.set()
            self.ready.set()

    def build(self) -> None:
        """Hash the client files, publish them, then add each encoding as it is ready."""
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            cached = True
        except OSError as exc:
            log.warning("no cache folder for the client files (%s): serving them uncompressed",
                        exc)
            cached = False
        names = client_files(self.root, self.shadowed_by)
        table: dict[str, Entry] = {}
        for name in names:
            size = (self.root / name).stat().st_size
            versioned = name.startswith("main.dart.") or name.startswith("canvaskit/")
            plain = (self.root / name).read_bytes()
            patched = without_rive(plain) if name in PATCHED else plain
            if patched == plain:
                table[name] = Entry(name, Body(size, path=self.root / name),
                                    sha256_hex(plain), versioned)
            else:
                table[name] = self._patched(name, patched, versioned, cached)
        whole = sha256_hex("\n".join(f"{name} {table[name].digest}" for name in names)
                           .encode())
        self.tag = f"{_safe(self.version)}-{whole[:12]}"
        if BOOTSTRAP in table:
            rewritten = versioned_bootstrap((self.root / BOOTSTRAP).read_bytes(), self.tag)
            if rewritten is not None:
                table[BOOTSTRAP] = Entry(BOOTSTRAP, Body(len(rewritten), data=rewritten),
                                         sha256_hex(rewritten), versioned=False, virtual=True)
        if BOOTSTRAP in table and table[BOOTSTRAP].virtual:
            self.preload = preload_links(self.tag, names)
        self.table = dict(table)
        self.published.set()
        if not cached:
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

    def _patched(self, name: str, patched: bytes, versioned: bool, cached: bool) -> Entry:
        """The entry of a file served changed (`client_patch`): its changed bytes are
        kept in the cache folder beside the compressed copies, named after their SHA-256
        (written once, checked when reused), or in memory without a cache folder."""
        digest = sha256_hex(patched)
        body = Body(len(patched), data=patched)
        if cached:
            target = self.cache_dir / f"{digest}.plain"
            with contextlib.suppress(OSError):
                if not (target.is_file() and sha256_hex(target.read_bytes()) == digest):
                    _write(target, patched)
                body = Body(len(patched), path=target)
        return Entry(name, body, digest, versioned, virtual=True)

    def _encoded(self, entry: Entry, coding: str, coder: Compressor) -> Body | None:
        """The encoded copy of one file: reused when it checks out, else made. None when
        it does not make the file smaller."""
        if entry.plain.data is not None:
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
            if old.name == stem + sha256_hex(kept)[:16]:
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
        target = self.cache_dir / (stem + sha256_hex(packed)[:16])
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
