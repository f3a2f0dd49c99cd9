"""What Pyodide runs in the page (`companion/webapp/main_in_browser.py`), on CPython: the
worker's own modules (`pyodide_js` with Emscripten's file system, `pyodide.ffi`, the
site's `companion_web`) are stand-ins that record what the app asks of them, and
`sys.platform` says "emscripten" where the browser's half is tested. The whole page is
played in a real browser by tests/e2e/test_web_build_e2e.py."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

import companion.ui.app
import companion.usecases.services
from companion.store.location import default_data_dir
from companion.usecases.services import MemoryBackend, ServicesError
from companion.webapp import main_in_browser
from companion.webapp.main_in_browser import (
    REMIND_AFTER,
    STATE_FILE,
    ExportState,
    IndexedDBSync,
    SyncedBackend,
    reminder,
    with_reminder,
)


class Browser:
    """The worker's modules, recording each call: marks, proxies, mounts and copies."""

    def __init__(self) -> None:
        self.marks: list[str] = []
        self.proxies: list[Callable[..., None]] = []
        self.mounts: list[tuple[Any, ...]] = []
        self.copies: list[tuple[bool, Callable[..., None]]] = []
        self.answer: Callable[[Callable[..., None]], None] = lambda done: None
        """What IndexedDB does with the callback of a copy (by default: nothing yet)."""

    def create_proxy(self, function: Callable[..., None]) -> Callable[..., None]:
        self.proxies.append(function)
        return lambda *args: function(*args)

    def syncfs(self, populate: bool, done: Callable[..., None]) -> None:
        self.copies.append((populate, done))
        self.answer(done)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        fs = SimpleNamespace(syncfs=self.syncfs, filesystems=SimpleNamespace(IDBFS="IDBFS"),
                             mount=lambda *args: self.mounts.append(args))
        ffi = SimpleNamespace(create_proxy=self.create_proxy,
                              create_once_callable=lambda function: function)
        monkeypatch.setitem(sys.modules, "pyodide_js", SimpleNamespace(FS=fs))
        monkeypatch.setitem(sys.modules, "pyodide", SimpleNamespace(ffi=ffi))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
        monkeypatch.setitem(sys.modules, "companion_web",
                            SimpleNamespace(mark=self.marks.append))
        monkeypatch.setattr(sys, "platform", "emscripten")


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Browser:
    found = Browser()
    found.install(monkeypatch)
    return found


def test_the_browser_is_told_by_the_platform(browser: Browser) -> None:
    assert main_in_browser.in_browser()
    main_in_browser.mark("python: entry")
    assert browser.marks == ["python: entry"]


def test_outside_a_browser_nothing_of_the_worker_is_asked_for() -> None:
    """None of the worker's modules exists here: asking for one would fail."""
    assert not main_in_browser.in_browser()
    main_in_browser.mark("python: entry")
    sync = IndexedDBSync()
    sync.request()
    assert (sync.running, sync.again, sync.copies) == (False, False, 0)


def test_a_module_of_the_worker_is_imported_by_name() -> None:
    assert main_in_browser.browser_module("json") is json


def test_the_mounted_folder_holds_the_store_s_data_folder() -> None:
    assert main_in_browser.persistent_root() == default_data_dir().parent


def test_one_copy_at_a_time_and_one_more_for_changes_made_meanwhile(
        browser: Browser, capsys: pytest.CaptureFixture[str]) -> None:
    sync = IndexedDBSync()
    assert (sync.running, sync.again, sync.copies) == (False, False, 0)
    sync.request()
    assert sync.running and len(browser.copies) == 1
    populate, done = browser.copies[0]
    assert populate is False  # memory to IndexedDB, not back
    assert browser.proxies == [sync._finished]
    sync.request()  # while the first copy runs: one more copy, later
    sync.request()
    assert sync.again and len(browser.copies) == 1
    done()  # the first copy ends: the next starts with the same callback
    assert (sync.running, sync.again, sync.copies) == (True, False, 1)
    assert len(browser.copies) == 2 and browser.proxies == [sync._finished]
    browser.copies[1][1]("QuotaExceededError")
    assert (sync.running, sync.again, sync.copies) == (False, False, 2)
    assert len(browser.copies) == 2
    assert capsys.readouterr().err == ("Could not save to the browser's storage: "
                                       "QuotaExceededError\n")
    assert browser.marks == ["storage: saving", "storage: saved", "storage: saving",
                             "storage: saved"]


def test_mounting_loads_what_indexeddb_holds(browser: Browser, tmp_path: Path) -> None:
    browser.answer = lambda done: asyncio.get_running_loop().call_soon(done)  # later, OK
    root = tmp_path / "share" / "data"
    # Bounded: a callback that never comes would otherwise wait forever.
    asyncio.run(asyncio.wait_for(main_in_browser.mount(root), timeout=60))
    assert root.is_dir()
    assert browser.mounts == [("IDBFS", {}, str(root))]
    assert [populate for populate, _ in browser.copies] == [True]  # IndexedDB to memory


def test_a_storage_that_cannot_be_read_is_an_error(browser: Browser, tmp_path: Path) -> None:
    browser.answer = lambda done: done("no quota")  # at once, as a refused copy may
    with pytest.raises(OSError) as raised:
        asyncio.run(asyncio.wait_for(main_in_browser.mount(tmp_path), timeout=60))
    assert (raised.value.errno, raised.value.strerror) == (errno.EIO, "IndexedDB: no quota")


def test_without_hard_links_the_store_is_told_by_an_os_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    link = os.link
    main_in_browser.allow_missing_hard_links()
    assert os.link is link  # this system has them: unchanged
    monkeypatch.delattr(os, "link")
    main_in_browser.allow_missing_hard_links()
    with pytest.raises(OSError) as raised:
        os.link("a", "b", follow_symlinks=False)
    assert (raised.value.errno, raised.value.strerror) == (errno.ENOTSUP,
                                                           "no hard links in the browser")


class CountingSync(IndexedDBSync):
    def request(self) -> None:
        self.copies += 1


class Recorder:
    """A backend's methods that say what they were given."""

    CHANGES = SyncedBackend.CHANGES

    def __init__(self) -> None:
        self.reset = "not a method"

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None) -> Any:
        return record, expected_revision

    def delete_game(self, game_id: str) -> None:
        raise ValueError(f"no game {game_id}")

    def game(self, game_id: str) -> str:
        return game_id

    def export_all(self) -> dict[str, str]:
        return {"format": "test"}


def test_a_change_reaches_indexeddb_even_when_refused(tmp_path: Path) -> None:
    sync = CountingSync()
    inner = Recorder()
    backend = SyncedBackend(inner, sync, ExportState(tmp_path / "state.json", sync))
    assert backend.save_game({"id": "g"}, expected_revision=3) == ({"id": "g"}, 3)
    assert sync.copies == 1
    with pytest.raises(ValueError, match="no game g"):
        backend.delete_game("g")
    assert sync.copies == 2  # the store may have kept a backup before refusing
    assert backend.reset == "not a method" and backend.game("g") == "g"
    assert backend.game == inner.game  # read as it is
    assert sync.copies == 2
    assert backend.export_all() == {"format": "test"}
    assert sync.copies == 3  # the note of the export


class Clock(datetime):
    """A machine whose local time is two hours ahead of UTC."""

    @classmethod
    def now(cls, tz: Any = None) -> Clock:
        moment = cls(2026, 5, 1, 12, 0, 0, 999, tzinfo=UTC)
        return moment if tz is UTC else cls(2026, 5, 1, 14, 0, 0, 999)


def test_an_export_is_noted_in_utc_to_the_second(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main_in_browser, "datetime", Clock)
    sync = CountingSync()
    state = ExportState(tmp_path / "state.json", sync)
    state.exported()
    assert (tmp_path / "state.json").read_text(encoding="utf-8") == (
        '{"last_export": "2026-05-01T12:00:00+00:00"}')
    assert sync.copies == 1  # the note reaches IndexedDB
    assert not state.due(has_data=True)
    assert state.last_export() == datetime(2026, 5, 1, 12, tzinfo=UTC)


def test_a_note_that_cannot_be_written_is_not_copied(tmp_path: Path) -> None:
    sync = CountingSync()
    state = ExportState(tmp_path / "missing" / "state.json", sync)
    state.exported(datetime(2026, 5, 1, tzinfo=UTC))
    assert sync.copies == 0


@pytest.mark.parametrize(("text", "expected"), [
    ('{"last_export": "2026-05-01T10:00:00"}', datetime(2026, 5, 1, 10, tzinfo=UTC)),
    ('{"last_export": "2026-05-01T10:00:00+02:00"}',
     datetime(2026, 5, 1, 10, tzinfo=timezone(timedelta(hours=2)))),
    ('{"other": 1}', None), ("[]", None), ('{"last_export": 5}', None),
    ('{"last_export": "soon"}', None), ("not json", None),
])
def test_the_last_export_is_read_in_any_zone_or_not_at_all(
        tmp_path: Path, text: str, expected: datetime | None) -> None:
    (tmp_path / "state.json").write_text(text, encoding="utf-8")
    found = ExportState(tmp_path / "state.json", CountingSync()).last_export()
    assert found == expected
    assert found is None or found.utcoffset() == expected.utcoffset()  # type: ignore[union-attr]


def test_a_listener_that_stops_while_told_lets_the_others_be_told(tmp_path: Path) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    told: list[str] = []

    def once() -> None:
        told.append("once")
        stop()

    stop = state.when_exported(once)
    state.when_exported(lambda: told.append("always"))
    state.exported()
    state.exported()
    assert told == ["once", "always", "always"]


class Page:
    """What the reminder asks of Flet's page: a dialog shown, a route opened."""

    def __init__(self) -> None:
        self.dialogs: list[ft.Banner] = []
        self.routes: list[str] = []
        self.added: list[ft.Control] = []

    def show_dialog(self, banner: ft.Banner) -> None:
        banner.open = True
        self.dialogs.append(banner)

    def navigate(self, route: str) -> None:
        self.routes.append(route)

    def add(self, control: ft.Control) -> None:
        self.added.append(control)


@pytest.fixture
def updates(monkeypatch: pytest.MonkeyPatch) -> list[ft.Banner]:
    """The banners redrawn (Flet redraws only a control on a page)."""
    drawn: list[ft.Banner] = []
    monkeypatch.setattr(ft.Banner, "update", lambda self: drawn.append(self))
    return drawn


def _banner(page: Page) -> tuple[ft.Banner, str]:
    """The one banner shown, its text, after checking its icon and buttons."""
    (banner,) = page.dialogs
    assert isinstance(banner.content, ft.Text) and isinstance(banner.leading, ft.Icon)
    assert banner.leading.icon == ft.Icons.SAVE_ALT
    buttons = [(type(action), action.content) for action in banner.actions]
    assert buttons == [(ft.TextButton, "Later"), (ft.FilledTonalButton, "Export now")]
    return banner, str(banner.content.value)


def test_no_reminder_without_data_or_after_a_recent_export(tmp_path: Path) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    page = Page()
    reminder(page, state, has_data=False)
    state.exported(datetime.now(UTC) - REMIND_AFTER + timedelta(hours=1))
    reminder(page, state, has_data=True)
    assert page.dialogs == []


def test_the_first_reminder_says_the_browser_holds_the_only_copy(
        tmp_path: Path, updates: list[ft.Banner]) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    page = Page()
    reminder(page, state, has_data=True)
    banner, text = _banner(page)
    assert text == ("Your games are kept only in this browser. Export them now and then to a "
                    "file: it is your only copy if the phone is lost or the browser's data is "
                    "cleared.")
    banner.actions[0].on_click()  # Later
    assert banner.open is False and updates == [banner] and page.routes == []
    state.exported()  # no longer listened to: nothing redrawn
    assert updates == [banner]


def test_a_later_reminder_names_the_last_export_and_leads_to_settings(
        tmp_path: Path, updates: list[ft.Banner]) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    state.exported(datetime(2026, 1, 2, 23, 30, tzinfo=UTC))
    page = Page()
    reminder(page, state, has_data=True)
    banner, text = _banner(page)
    assert text == ("Your last export of your games is from 2026-01-02. Export them again to "
                    "keep a copy outside this browser.")
    banner.actions[1].on_click()  # Export now
    assert banner.open is False and updates == [banner] and page.routes == ["/settings"]


def test_an_export_from_anywhere_closes_the_reminder_once(
        tmp_path: Path, updates: list[ft.Banner]) -> None:
    state = ExportState(tmp_path / "state.json", CountingSync())
    page = Page()
    reminder(page, state, has_data=True)
    banner, _ = _banner(page)
    state.exported()
    assert banner.open is False and updates == [banner]
    banner.actions[0].on_click()  # closed already: not redrawn again
    assert updates == [banner]


def test_the_reminder_comes_after_the_app_s_first_screen(tmp_path: Path) -> None:
    page = Page()
    shown: list[str] = []

    def main(opened: Any) -> None:
        assert opened is page and page.dialogs == []
        shown.append("home")

    state = ExportState(tmp_path / "state.json", CountingSync())
    with_reminder(main, state, lambda: True)(page)
    assert shown == ["home"] and len(page.dialogs) == 1


def test_the_first_screen_made_is_marked_for_the_benchmark(
        browser: Browser, tmp_path: Path) -> None:
    """bench/bench_web.py times Python's first screen up to this mark, and Flutter's
    drawing of it from there: the mark is made once the app's main has run."""
    seen: list[list[str]] = []
    state = ExportState(tmp_path / "state.json", CountingSync())
    with_reminder(lambda page: seen.append(list(browser.marks)), state, lambda: False)(Page())
    assert seen == [[]]
    assert browser.marks == ["python: first screen made"]


class Start:
    """What `start` runs, stood in for: the mount, the store, the screens and Flet."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, root: Path, services: Any) -> None:
        self.mounted: list[Path] = []
        self.runs: list[Callable[[Any], None]] = []
        self.mains: list[Any] = []

        async def mount(folder: Path) -> None:
            self.mounted.append(folder)

        def open_services(data_dir: str | None) -> Any:
            assert data_dir is None  # the store's default folder, inside the mounted one
            if isinstance(services, Exception):
                raise services
            return services

        monkeypatch.setattr(main_in_browser, "mount", mount)
        monkeypatch.setattr(main_in_browser, "persistent_root", lambda: root)
        monkeypatch.setattr(companion.usecases.services, "open_services", open_services)
        monkeypatch.setattr(companion.ui.app, "make_main",
                            lambda found: lambda page: self.mains.append((found, page)))
        monkeypatch.setattr(ft, "run", self.runs.append)


@pytest.mark.usefixtures("updates")
def test_start_mounts_the_data_opens_the_store_and_runs_the_app(
        browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = MemoryBackend()
    services = SimpleNamespace(backend=memory, runs_in_browser=False)
    start = Start(monkeypatch, tmp_path, services)
    browser.answer = lambda done: done()  # each copy ends at once
    asyncio.run(main_in_browser.start())
    assert start.mounted == [tmp_path]
    assert services.runs_in_browser
    assert isinstance(services.backend, SyncedBackend)
    # Opening changed no file: nothing is copied (a start that reads does not write).
    assert browser.marks == ["python: entry", "python: storage loaded", "python: app imported"]
    assert browser.copies == []
    services.backend.set_setting("theme", "dark")
    assert len(browser.copies) == 1 and memory.settings == {"theme": "dark"}
    (run,) = start.runs
    page = Page()
    run(page)
    assert start.mains == [(services, page)] and page.dialogs == []  # no data: no reminder
    memory.save_game({"id": "g", "finished": False, "updated": "2026-05-01"})
    later = Page()
    run(later)
    assert len(later.dialogs) == 1  # a game to lose, never exported
    services.backend.export_all()  # the note is kept beside the data, in the mounted folder
    assert json.loads((tmp_path / STATE_FILE).read_text(encoding="utf-8"))["last_export"]
    assert len(browser.copies) == 2


def test_a_start_that_repaired_or_upgraded_a_file_copies_it(
        browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    services = SimpleNamespace(backend=MemoryBackend(), runs_in_browser=False)
    data = tmp_path / "wonderful-companion"
    data.mkdir()
    (data / "companion.json").write_text("{}", encoding="utf-8")
    Start(monkeypatch, tmp_path, services)

    def open_and_upgrade(data_dir: str | None) -> Any:
        (data / "companion.json").write_text('{"version": 2}', encoding="utf-8")
        return services

    monkeypatch.setattr(companion.usecases.services, "open_services", open_and_upgrade)
    browser.answer = lambda done: done()
    asyncio.run(main_in_browser.start())
    assert [populate for populate, _ in browser.copies] == [False]
    assert browser.marks == ["python: entry", "python: storage loaded", "storage: saving",
                             "storage: saved", "python: app imported"]


def test_a_copy_would_write_files_and_folders_made_or_changed_not_a_folder_s_time(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "main.json").write_text("{}", encoding="utf-8")
    loaded = main_in_browser.what_a_copy_writes(tmp_path)
    probe = data / ".probe.json.tmp"  # what the store's check that it may write does
    probe.write_text("", encoding="utf-8")
    probe.unlink()
    os.utime(data, ns=(1, 1))
    assert main_in_browser.what_a_copy_writes(tmp_path) == loaded
    info = (data / "main.json").stat()
    os.utime(data / "main.json", ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    assert main_in_browser.what_a_copy_writes(tmp_path) != loaded  # written again
    os.utime(data / "main.json", ns=(info.st_atime_ns, info.st_mtime_ns))
    (data / "backups").mkdir()
    assert main_in_browser.what_a_copy_writes(tmp_path) != loaded  # a new folder


def test_a_copy_would_write_each_file_by_size_and_time_each_folder_by_name(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "main.json").write_text("{}", encoding="utf-8")
    info = (data / "main.json").stat()
    assert main_in_browser.what_a_copy_writes(tmp_path) == {
        str(tmp_path): None, str(data): None,
        str(data / "main.json"): (2, info.st_mtime_ns)}


def test_a_file_gone_while_looked_at_is_left_out_and_the_others_of_its_folder_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store may remove a file (a backup, a probe) while the folder is walked."""
    names = ("a.json", "b.json", "c.json")
    for name in names:
        (tmp_path / name).write_text("{}", encoding="utf-8")
    stat = os.stat
    gone: list[str] = []

    def stat_or_gone(path: str) -> os.stat_result:
        if not gone:
            gone.append(path)
            raise FileNotFoundError(errno.ENOENT, "gone", path)
        return stat(path)

    monkeypatch.setattr(main_in_browser.os, "stat", stat_or_gone)
    found = main_in_browser.what_a_copy_writes(tmp_path)
    assert len(gone) == 1
    assert set(found) == {str(tmp_path), *(str(tmp_path / name) for name in names)} - set(gone)


def test_a_store_that_cannot_open_shows_why_and_nothing_else(
        browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    start = Start(monkeypatch, tmp_path, ServicesError("The data folder is damaged."))
    asyncio.run(main_in_browser.start())
    assert browser.marks == ["python: entry", "python: storage loaded"]
    assert browser.copies == []
    (run,) = start.runs
    page = Page()
    run(page)
    (text,) = page.added
    assert isinstance(text, ft.Text)
    assert (text.value, text.selectable) == ("The data folder is damaged.", True)
    assert start.mains == []
