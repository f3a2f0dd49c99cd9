"""The phone app's pieces that run outside a browser: the export reminder's rule, the
backend that copies every change to IndexedDB, the icons, the service worker's lists and
the precompressed copies (the whole site is played in tests/e2e/test_web_build_e2e.py)."""

from __future__ import annotations

import gzip
import json
import re
import struct
import zlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import brotli  # type: ignore[import-untyped]

from companion.usecases.services import MemoryBackend
from companion.webapp import build, icons, offline
from companion.webapp.main_in_browser import (
    REMIND_AFTER,
    ExportState,
    IndexedDBSync,
    SyncedBackend,
)


class CountingSync(IndexedDBSync):
    def request(self) -> None:
        self.copies += 1


def test_the_reminder_waits_for_data_and_comes_back_after_two_weeks(tmp_path: Path) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    assert not state.due(has_data=False)
    assert state.due(has_data=True)  # never exported
    now = datetime(2026, 5, 1, tzinfo=UTC)
    state.exported(now)
    assert state.last_export() == now
    assert not state.due(has_data=True, now=now + REMIND_AFTER - timedelta(minutes=1))
    assert state.due(has_data=True, now=now + REMIND_AFTER)
    (tmp_path / "state.json").write_text("not json", encoding="utf-8")
    assert state.last_export() is None


def test_an_export_tells_who_listens_until_they_stop(tmp_path: Path) -> None:
    state = ExportState(tmp_path / "no folder" / "state.json", CountingSync())
    told: list[str] = []
    stop = state.when_exported(lambda: told.append("first"))
    state.when_exported(lambda: told.append("second"))
    state.exported()  # the note cannot be written: the player has their file anyway
    assert told == ["first", "second"]
    stop()
    stop()  # twice changes nothing
    state.exported()
    assert told == ["first", "second", "second"]


def test_every_change_and_only_changes_reach_indexeddb(tmp_path: Path) -> None:
    sync = CountingSync()
    state = ExportState(tmp_path / "state.json", sync)
    backend = SyncedBackend(MemoryBackend(), sync, state)
    backend.set_setting("theme", "dark")
    backend.save_game({"id": "g", "finished": False, "updated": "2026-05-01"})
    assert sync.copies == 2
    assert backend.setting("theme", "system") == "dark"
    assert backend.game("g") is not None
    assert sync.copies == 2
    assert backend.export_all()["format"] == "wonderful-companion"
    assert state.last_export() is not None  # and the state file was copied too
    assert sync.copies == 3


def test_icons_are_valid_pngs() -> None:
    data = icons.png(48, maskable=True)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (48, 48)
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8:start - 4])[0]
    assert len(zlib.decompress(data[start:start + length])) == 48 * (1 + 48 * 4)


def _site(folder: Path) -> Path:
    """A small stand-in for a built site: the files that matter to the lists."""
    files = {
        "index.html": "<html>page</html>", "flutter_bootstrap.js": "boot " * 400,
        "main.dart.wasm": "wasm " * 400, "main.dart.mjs": "mjs", "main.dart.js": "js " * 400,
        "canvaskit/skwasm.wasm": "skwasm", "canvaskit/chromium/canvaskit.wasm": "ck",
        "assets/NOTICES": "licences " * 300, "pyodide/pyodide.asm.wasm": "py " * 500,
        "app.zip": "zip", "icons/icon-192.png": "png " * 500, ".nojekyll": "",
        ".wonderful-companion-site": "marker",
    }
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _lists(site: Path) -> tuple[dict[str, str], list[str]]:
    worker = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S)[1])  # type: ignore[index]
    core = json.loads(re.search(r"const CORE = (\[.*?\]);", worker, re.S)[1])  # type: ignore[index]
    return files, core


def test_the_worker_keeps_one_flutter_build_and_one_renderer_only_on_demand(
        tmp_path: Path) -> None:
    site = _site(tmp_path)
    offline.write_precompressed(site)
    offline.write_service_worker(site)
    files, core = _lists(site)
    assert set(files) == {"./", "flutter_bootstrap.js", "main.dart.wasm", "main.dart.mjs",
                          "main.dart.js", "canvaskit/skwasm.wasm",
                          "canvaskit/chromium/canvaskit.wasm", "assets/NOTICES",
                          "pyodide/pyodide.asm.wasm", "app.zip", "icons/icon-192.png"}
    # Every browser needs these; the Flutter builds, renderers and licences wait for a
    # page to ask for them (the one its browser runs).
    assert core == ["./", "app.zip", "flutter_bootstrap.js", "icons/icon-192.png",
                    "pyodide/pyodide.asm.wasm"]


def test_a_new_build_has_a_new_cache_and_unchanged_files_keep_their_hash(
        tmp_path: Path) -> None:
    site = _site(tmp_path)
    first = offline.write_service_worker(site)
    first_files, _ = _lists(site)
    (site / "app.zip").write_text("another zip", encoding="utf-8")
    second = offline.write_service_worker(site)
    second_files, _ = _lists(site)
    assert first != second and second.startswith(offline.CACHE_PREFIX)
    assert second in (site / "sw.js").read_text(encoding="utf-8")
    changed = {path for path in first_files if first_files[path] != second_files[path]}
    assert changed == {"app.zip"}  # an update copies every other file from the old cache


def test_precompressed_copies_decode_to_the_file_and_skip_what_does_not_shrink(
        tmp_path: Path) -> None:
    site = _site(tmp_path)
    offline.write_precompressed(site)
    wasm = (site / "main.dart.wasm").read_bytes()
    assert gzip.decompress((site / "main.dart.wasm.gz").read_bytes()) == wasm
    assert brotli.decompress((site / "main.dart.wasm.br").read_bytes()) == wasm
    assert not (site / "icons/icon-192.png.gz").exists()  # images are compressed already
    assert not (site / "main.dart.mjs.gz").exists()  # under a kilobyte: not worth it
    assert not (site / "app.zip.br").exists()
    # A second build takes the copies of unchanged bytes from the cache: same bytes.
    again = _site(tmp_path / "again")
    offline.write_precompressed(again)
    assert (again / "main.dart.wasm.br").read_bytes() == (site / "main.dart.wasm.br").read_bytes()


def test_the_site_takes_the_clients_files_but_source_maps_and_unused_renderers(
        tmp_path: Path) -> None:
    web, dest = tmp_path / "web", tmp_path / "site"
    for name in ("index.html", "main.dart.js", "main.dart.js.map", "canvaskit/canvaskit.wasm",
                 "canvaskit/wimp/canvaskit.wasm", "pyodide/pyodide.mjs",
                 "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "pyodide/numpy.whl"):
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        (web / name).write_text(name, encoding="utf-8")
    (web / "pyodide" / "pyodide-lock.json").write_text(
        '{"info": {"version": "0"}, "packages": {"numpy": {}}}', encoding="utf-8")
    build._copy_client(web, dest)
    copied = {path.relative_to(dest).as_posix() for path in dest.rglob("*") if path.is_file()}
    assert copied == {
        "index.html", "main.dart.js", "canvaskit/canvaskit.wasm", "python.js",
        "python-worker.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"}
    lock = json.loads((dest / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    assert lock == {"info": {"version": "0"}, "packages": {}}
