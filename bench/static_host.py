"""The static host of `bench_web.py`: a threaded server on 127.0.0.1 that behaves as
common static hosts do (gzip on the fly, the build's precompressed copies, or nothing
compressed), paces every response as one phone's Wi-Fi link would, and counts the
bytes it writes (see bench_web.py's doc for what each mode does and why)."""

from __future__ import annotations

import gzip
import http
import http.server
import io
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

MB = 1_000_000
LATENCY_S = 0.030
RATE = 2_500_000
"""Bytes a second down the phone's link, shared by every response."""
CHUNK = 16_384
GZIP_LEVEL = 6

TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8", ".xml": "application/xml",
    ".wasm": "application/wasm", ".bin": "application/octet-stream",
    ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
    ".ico": "image/x-icon", ".webp": "image/webp",
    ".otf": "font/otf", ".ttf": "font/ttf", ".woff": "font/woff", ".woff2": "font/woff2",
    ".zip": "application/zip", ".gz": "application/gzip", ".br": "application/x-brotli",
}
"""Written here, not taken from the `mimetypes` module, whose answers depend on the
machine's /etc/mime.types; anything else is `application/octet-stream`, as hosts say."""
COMPRESSED_TYPES = frozenset({
    "text/javascript", "application/javascript", "application/json",
    "application/manifest+json", "application/xml", "application/wasm", "image/svg+xml",
    "font/otf", "font/ttf"})
"""Beside every `text/*`: what GitHub Pages and Netlify compress on the fly. Never
`application/octet-stream`, images, woff2 (compressed inside) or archives."""


class Link:
    """One Wi-Fi link shared by every response: a pacing clock across the server's
    threads, so concurrent downloads share the rate instead of each having it."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, out: io.BufferedIOBase, data: bytes, sent: Callable[[int], None]) -> None:
        """Write `data` in chunks, each leaving when the link has carried the ones
        before it (of every response); `sent` counts what was written."""
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            if self.rate is not None:
                with self.lock:
                    now = time.monotonic()
                    self.free_at = max(self.free_at, now) + len(chunk) / self.rate
                    wait = self.free_at - now
                if wait > 0:
                    time.sleep(wait)
            out.write(chunk)
            sent(len(chunk))


@dataclass
class Traffic:
    """Bytes the server wrote per path, and whether the link has been quiet."""

    sent: Counter[str] = field(default_factory=Counter)
    requests: Counter[str] = field(default_factory=Counter)
    encodings: dict[str, str] = field(default_factory=dict)
    in_flight: int = 0
    last: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def begin(self, path: str) -> None:
        with self.lock:
            self.in_flight += 1
            self.requests[path] += 1
            self.last = time.monotonic()

    def end(self) -> None:
        with self.lock:
            self.in_flight -= 1
            self.last = time.monotonic()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] += size

    def total(self) -> int:
        with self.lock:
            return sum(self.sent.values())

    def quiet_for(self) -> float:
        """Seconds since the last request ended, 0 while one is in flight."""
        with self.lock:
            return 0.0 if self.in_flight else time.monotonic() - self.last

    def snapshot(self) -> tuple[Counter[str], Counter[str], dict[str, str]]:
        with self.lock:
            return Counter(self.sent), Counter(self.requests), dict(self.encodings)

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.requests.clear()
            self.encodings.clear()


def content_type(file: Path) -> str:
    return TYPES.get(file.suffix.lower(), "application/octet-stream")


def compressible(file: Path) -> bool:
    kind = content_type(file).split(";")[0]
    return kind.startswith("text/") or kind in COMPRESSED_TYPES


def accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header accepts (`q=0` refuses one)."""
    names = set()
    for part in header.split(","):
        name, *params = (piece.strip() for piece in part.split(";"))
        refused = any(param.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000")
                      for param in params)
        if name and not refused:
            names.add(name.lower())
    return names


class Handler(http.server.BaseHTTPRequestHandler):
    """A static host: gzip on the fly, the build's precompressed copies, or nothing
    compressed; every response paced by the shared link and counted."""

    site: ClassVar[Path]
    mode: ClassVar[str]
    link: ClassVar[Link]
    traffic: ClassVar[Traffic]
    gzipped: ClassVar[dict[Path, bytes]]
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        self._serve(body_wanted=True)

    def do_HEAD(self) -> None:
        self._serve(body_wanted=False)

    def _serve(self, body_wanted: bool) -> None:
        path = unquote(urlsplit(self.path).path).lstrip("/")
        if path == "" or path.endswith("/"):
            path += "index.html"
        self.traffic.begin(path)
        try:
            self._answer_for(path, body_wanted)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            self.traffic.end()

    def _answer_for(self, path: str, body_wanted: bool) -> None:
        file = (self.site / path).resolve()
        if not file.is_relative_to(self.site) or not file.is_file():
            self._answer(404, b"not found", {"Content-Type": "text/plain"}, path, body_wanted)
            return
        stat = file.stat()
        headers = {"Content-Type": content_type(file), "Cache-Control": "no-cache",
                   "Vary": "Accept-Encoding"}
        encodings = accepted(self.headers.get("Accept-Encoding", ""))
        body: bytes | None = None
        encoding = ""
        if self.mode == "precompressed":
            for name, suffix in (("br", ".br"), ("gzip", ".gz")):
                copy = file.with_name(file.name + suffix)
                if name in encodings and copy.is_file():
                    body, encoding = copy.read_bytes(), name
                    break
        elif self.mode == "gzip" and "gzip" in encodings and compressible(file):
            body, encoding = self.gzipped.get(file), "gzip"
            if body is None:
                body = gzip.compress(file.read_bytes(), compresslevel=GZIP_LEVEL)
        if body is None:
            body = file.read_bytes()
        variant = f"-{encoding}" if encoding else ""
        headers["ETag"] = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{variant}"'
        if encoding:
            headers["Content-Encoding"] = encoding
            with self.traffic.lock:
                self.traffic.encodings[path] = encoding
        if self.headers.get("If-None-Match") == headers["ETag"]:
            self._answer(304, b"", headers, path, body_wanted)
            return
        self._answer(200, body, headers, path, body_wanted)

    def _answer(self, status: int, body: bytes, headers: dict[str, str], path: str,
                body_wanted: bool) -> None:
        if self.link.rate is not None:
            time.sleep(LATENCY_S)
        lines = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}",
                 *(f"{key}: {value}" for key, value in headers.items()),
                 f"Content-Length: {len(body)}", "", ""]
        raw = "\r\n".join(lines).encode("latin-1") + (body if body_wanted else b"")
        self.link.send(self.wfile, raw, lambda size: self.traffic.add(path, size))
        self.wfile.flush()


def precompute_gzip(site: Path) -> dict[Path, bytes]:
    """Every compressible file gzipped once, before the timed runs: a host compresses a
    file once and keeps it at its edge, so its CPU is not part of a visit."""
    started = time.perf_counter()
    table = {file.resolve(): gzip.compress(file.read_bytes(), compresslevel=GZIP_LEVEL)
             for file in site.rglob("*") if file.is_file() and compressible(file)}
    print(f"gzip -{GZIP_LEVEL} of {len(table)} compressible files: "
          f"{time.perf_counter() - started:.1f} s (once, not timed)")
    return table


@contextmanager
def serving(site: Path, mode: str, paced: bool, traffic: Traffic,
            gzipped: dict[Path, bytes]) -> Iterator[str]:
    """The site on 127.0.0.1 at a free port, in threads of this process."""
    handler = type("SiteHandler", (Handler,), {
        "site": site.resolve(), "mode": mode, "traffic": traffic, "gzipped": gzipped,
        "link": Link(RATE if paced else None)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
