"""The phone app's pieces that run outside a browser: the export reminder's rule, the
backend that copies every change to IndexedDB, the icons and the service worker's cache
name (the whole site is played in tests/e2e/test_web_build_e2e.py)."""

from __future__ import annotations

import struct
import zlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.ui.services import MemoryBackend
from companion.webapp import icons
from companion.webapp.build import BuildReport, _write_service_worker
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


def test_a_new_build_has_a_new_cache(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("one", encoding="utf-8")
    (tmp_path / ".nojekyll").touch()
    first = BuildReport(dest=tmp_path)
    _write_service_worker(tmp_path, first)
    worker = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert '"./"' in worker and "index.html" not in worker and ".nojekyll" not in worker
    (tmp_path / "index.html").write_text("two", encoding="utf-8")
    (tmp_path / "sw.js").unlink()
    second = BuildReport(dest=tmp_path)
    _write_service_worker(tmp_path, second)
    assert first.cache_name != second.cache_name
    assert second.cache_name in (tmp_path / "sw.js").read_text(encoding="utf-8")
