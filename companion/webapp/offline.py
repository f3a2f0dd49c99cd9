"""What a phone downloads and keeps: precompressed copies for hosts that serve them, and
the service worker's lists.

- **Precompressed copies.** Every compressible file is also written as `X.br` (Brotli)
  and `X.gz` (gzip) beside it, for a host that serves such copies in place of `X` when
  the browser accepts them (nginx's `gzip_static`/`brotli_static`, Caddy's
  `precompressed`, Apache with `mod_rewrite` rules, and our own `companion --share`
  host). Hosts that compress on the fly (GitHub Pages, Netlify, Cloudflare Pages) ignore
  them and compress the file themselves. The copies of files that do not change from
  one build to the next (the whole Flutter client, Pyodide) are made once and kept in
  the user cache folder, by content.
- **The service worker's lists** (`site/sw.js`): FILES, every file it may keep, with a
  hash of its content, so an update copies unchanged files from the old cache instead
  of downloading them; CORE, the files every browser needs. The others (the two
  Flutter builds, the four renderers, the licences) are kept only once a page asks for
  them: a phone keeps the one build and the one renderer its browser runs.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import brotli  # type: ignore[import-untyped]

CACHE_PREFIX = "wonderful-companion-"
COMPRESSIBLE = (".js", ".mjs", ".wasm", ".json", ".html", ".otf", ".ttf", ".frag", ".css",
                ".svg", ".txt", ".map", "NOTICES", "AssetManifest.bin")
"""Not here: images, woff2, zip archives and the memory snapshot, compressed already."""
SMALLEST = 1024
"""Below a kilobyte a copy saves less than its headers cost."""
ON_DEMAND = ("main.dart.js", "main.dart.wasm", "main.dart.mjs", "canvaskit/", "assets/NOTICES")
"""Kept only once a page loads them: a browser runs one Flutter build and one renderer,
chosen by Flutter's bootstrap (`flutter.js`: WebAssembly with skwasm where the browser
has WasmGC and WebGL and is Chromium-based, else JavaScript with CanvasKit)."""
NOT_KEPT = ("sw.js", ".nojekyll")


def compressible(path: Path) -> bool:
    return path.name.endswith(COMPRESSIBLE) and path.stat().st_size >= SMALLEST


def _copies_cache() -> Path:
    import platformdirs

    return (Path(platformdirs.user_cache_dir("wonderful-companion", appauthor=False))
            / "web" / "compressed")


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, target)


def _compressed(data: bytes, kind: str) -> bytes:
    """gzip or Brotli of `data`, from the cache of copies when the same bytes were
    compressed before (a cache that cannot be written only costs time)."""
    key = hashlib.sha256(data).hexdigest()
    kept = _copies_cache() / key[:2] / f"{key}.{kind}"
    with contextlib.suppress(OSError):
        return kept.read_bytes()
    packed = (bytes(brotli.compress(data, quality=9)) if kind == "br"
              else gzip.compress(data, compresslevel=9, mtime=0))
    with contextlib.suppress(OSError):
        _write_atomically(kept, packed)
    return packed


def write_precompressed(site: Path) -> int:
    """Write `X.br` and `X.gz` beside every compressible file of `site` (each only when
    smaller than the file); the number of copies written."""
    written = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in (".br", ".gz") or not compressible(path):
            continue
        data = path.read_bytes()
        for kind in ("br", "gz"):
            packed = _compressed(data, kind)
            if len(packed) < len(data):
                path.with_name(f"{path.name}.{kind}").write_bytes(packed)
                written += 1
    return written


def kept_files(site: Path) -> list[str]:
    """Every file the service worker may keep: the site but its hidden files, its own
    script and the precompressed copies (the browser decodes what it receives)."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*")
                  if path.is_file() and not path.name.startswith(".")
                  and path.suffix not in (".br", ".gz") and path.name not in NOT_KEPT)


def is_core(path: str) -> bool:
    return not path.startswith(ON_DEMAND)


def content_hashes(site: Path, files: Iterable[str]) -> dict[str, str]:
    """Path as the service worker names it (`./` for the page) -> hash of its bytes."""
    hashes: dict[str, str] = {}
    for name in files:
        digest = hashlib.sha256((site / name).read_bytes()).hexdigest()[:16]
        hashes["./" if name == "index.html" else name] = digest
    return hashes


def write_service_worker(site: Path) -> str:
    """Write `sw.js` for the files now in `site`; the cache name, one per build (any
    byte of any kept file changes it)."""
    hashes = content_hashes(site, kept_files(site))
    whole = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    cache_name = CACHE_PREFIX + whole
    core = sorted(path for path in hashes if is_core(path))
    template = resources.files("companion.webapp").joinpath("site", "sw.js").read_text("utf-8")
    worker = (template.replace("__CACHE_NAME__", cache_name)
              .replace("__CACHE_PREFIX__", CACHE_PREFIX)
              .replace("__FILES__", json.dumps(hashes, indent=1, sort_keys=True))
              .replace("__CORE__", json.dumps(core, indent=1)))
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return cache_name
