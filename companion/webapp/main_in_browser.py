"""What Pyodide runs in the page: the same app, store and screens, with the data kept in
the browser.

Python in the browser writes to an in-memory filesystem that a reload forgets. The
folder that holds the player's data (`~/.local/share` there: the store's own default,
`platformdirs` on Emscripten) is mounted on IndexedDB (Emscripten's IDBFS) before the
store opens, and filled from it; after every call that changes the data, the folder is
copied back to IndexedDB (`FS.syncfs`). The store is unchanged: it still commits each
change with its journal, temporary files and renames, in memory, and that committed
state is what reaches IndexedDB. A start that only reads copies nothing: a visit that
changes nothing leaves the browser's storage as it found it. A tab closed between a
commit and the end of its copy (a few milliseconds) loses that one change, never the
consistency of the files.

A phone has no other copy of this data: the app reminds the player to export it now and
then (`reminder`), and this module notes when they last did.

Only imported by the site's worker (`sys.platform == "emscripten"`); `js`, `pyodide_js`
and `companion_web` exist only there and are imported inside functions.
"""

from __future__ import annotations

import asyncio
import errno
import importlib
import json
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REMIND_AFTER = timedelta(days=14)
"""How old the last export may be before the home screen asks for a new one."""
STATE_FILE = "wonderful-companion-web.json"
"""Beside the data folder, in the mounted one: when the player last exported."""


def in_browser() -> bool:
    """True inside Pyodide (Emscripten), the only place this module's browser parts work."""
    return sys.platform == "emscripten"


def browser_module(name: str) -> Any:
    """A module that exists only in the worker (`pyodide_js`, `pyodide.ffi`, the site's
    `companion_web`): imported by name, untyped."""
    return importlib.import_module(name)


def mark(name: str) -> None:
    """A timestamp for the benchmark (see bench/bench_web.py); nothing outside the site."""
    if in_browser():
        browser_module("companion_web").mark(name)


def persistent_root() -> Path:
    """The folder mounted on IndexedDB: the one holding the store's default data folder."""
    from companion.store.location import default_data_dir

    return default_data_dir().parent


class IndexedDBSync:
    """Copies the mounted folder to IndexedDB after each change, one copy at a time: a
    change made while a copy runs starts one more copy when it ends (Emscripten warns
    and does extra work when two overlap)."""

    def __init__(self) -> None:
        self.running = False
        self.again = False
        self.copies = 0
        self._done: Any = None

    def request(self) -> None:
        if not in_browser():
            return
        if self.running:
            self.again = True
            return
        if self._done is None:
            self._done = browser_module("pyodide.ffi").create_proxy(self._finished)
        self.running = True
        mark("storage: saving")
        browser_module("pyodide_js").FS.syncfs(False, self._done)

    def _finished(self, error: Any = None) -> None:
        self.running = False
        self.copies += 1
        mark("storage: saved")
        if error:
            print(f"Could not save to the browser's storage: {error}", file=sys.stderr)
        if self.again:
            self.again = False
            self.request()


async def mount(root: Path) -> None:
    """Mount IndexedDB on `root` and load what it holds (the data of earlier visits)."""
    fs = browser_module("pyodide_js").FS
    root.mkdir(parents=True, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, {}, str(root))
    loaded: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def done(error: Any = None) -> None:
        if error:
            loaded.set_exception(OSError(errno.EIO, f"IndexedDB: {error}"))
        else:
            loaded.set_result(None)

    fs.syncfs(True, browser_module("pyodide.ffi").create_once_callable(done))
    await loaded


def what_a_copy_writes(root: Path) -> dict[str, tuple[int, int] | None]:
    """What a copy to IndexedDB would find changed under `root`: every file with its
    size and modification time, every folder by name only.

    A folder's own time is left out: opening the store makes and removes a probe file in
    the data folder (is it writable?), which changes only that folder's time, and a copy
    for that alone wrote the folder's entry to IndexedDB again at every start: about 1
    kB more each visit, with nothing changed. A file written anew gets a new time (the
    ones loaded from IndexedDB keep their stored one), so any write is seen."""
    found: dict[str, tuple[int, int] | None] = {}
    for folder, _dirs, files in os.walk(root):
        found[folder] = None
        for name in files:
            path = os.path.join(folder, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            found[path] = (info.st_size, info.st_mtime_ns)
    return found


def allow_missing_hard_links() -> None:
    """Emscripten has no hard links, and Pyodide's `os` has no `link` at all (an
    AttributeError, which the store does not expect). The store already copies the file
    where links fail with OSError (`atomic.keep_previous`, `backups`): say so that way."""
    if not hasattr(os, "link"):
        def link(*_args: Any, **_kwargs: Any) -> None:
            raise OSError(errno.ENOTSUP, "no hard links in the browser")

        os.link = link


class SyncedBackend:
    """The store's backend, copied to IndexedDB after every call that may change it."""

    CHANGES = frozenset({
        "set_setting", "save_game", "abandon_game", "resume_game", "delete_game",
        "set_aside_game", "record_attempt", "finish_game", "save_campaign", "delete_campaign",
        "import_all", "reset", "close",
    })

    def __init__(self, inner: Any, sync: IndexedDBSync, state: ExportState) -> None:
        self._inner = inner
        self._sync = sync
        self._state = state

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._inner, name)
        if name == "export_all":
            def export_all() -> Any:
                data = found()
                self._state.exported()
                return data

            return export_all
        if name not in self.CHANGES or not callable(found):
            return found

        def changing(*args: Any, **kwargs: Any) -> Any:
            try:
                return found(*args, **kwargs)
            finally:
                # Also after a refused change: the store may have kept a backup first.
                self._sync.request()

        return changing


class ExportState:
    """When the player last exported their data, kept in the mounted folder; and who
    wants to know when they export (a page's reminder, which then closes at once)."""

    def __init__(self, path: Path, sync: IndexedDBSync) -> None:
        self.path = path
        self.sync = sync
        self._listeners: list[Callable[[], None]] = []

    def when_exported(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call `listener` after each export, until the function returned is called.
        The page that listens holds what it closes: nothing of a page is kept here."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def last_export(self) -> datetime | None:
        try:
            value = json.loads(self.path.read_text(encoding="utf-8"))["last_export"]
            found = datetime.fromisoformat(str(value))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return found if found.tzinfo else found.replace(tzinfo=UTC)

    def exported(self, when: datetime | None = None) -> None:
        """Note an export that succeeded and tell the listeners. They are told even when
        the note cannot be written: the player has their file all the same."""
        moment = (when or datetime.now(UTC)).isoformat(timespec="seconds")
        try:
            self.path.write_text(json.dumps({"last_export": moment}), encoding="utf-8")
        except OSError:
            pass
        else:
            self.sync.request()
        for listener in list(self._listeners):
            listener()

    def due(self, has_data: bool, now: datetime | None = None) -> bool:
        """Remind when there is something to lose and no export in `REMIND_AFTER`."""
        if not has_data:
            return False
        last = self.last_export()
        return last is None or (now or datetime.now(UTC)) - last >= REMIND_AFTER


def reminder(page: Any, state: ExportState, has_data: bool) -> None:
    """A banner on the screen the app opens on (the home screen) when an export is due.
    It stays while the player goes on (to Settings, to a game), and closes as soon as
    they export, wherever they exported from: a reminder of a done export misleads."""
    import flet as ft

    from companion.i18n import t

    if not state.due(has_data):
        return
    last = state.last_export()
    text = (t("Your games are kept only in this browser. Export them now and then to a "
              "file: it is your only copy if the phone is lost or the browser's data is "
              "cleared.") if last is None else
            t("Your last export of your games is from {date}. Export them again to keep a "
              "copy outside this browser.", date=last.date().isoformat()))

    def close() -> None:
        """This banner, not whatever dialog is on top (a message of the export's)."""
        stop()
        if banner.open:
            banner.open = False
            banner.update()

    def export_now() -> None:
        close()
        page.navigate("/settings")

    banner = ft.Banner(
        content=ft.Text(text),
        leading=ft.Icon(ft.Icons.SAVE_ALT),
        actions=[ft.TextButton(t("Later"), on_click=close),
                 ft.FilledTonalButton(t("Export now"), on_click=export_now)],
    )
    stop = state.when_exported(close)
    page.show_dialog(banner)


def with_reminder(main: Callable[[Any], None], state: ExportState,
                  has_data: Callable[[], bool]) -> Callable[[Any], None]:
    def start(page: Any) -> None:
        main(page)
        mark("python: first screen made")
        reminder(page, state, has_data())

    return start


async def start() -> None:
    """Mount the data, open the store, start Flet: called by the site's worker."""
    import flet as ft

    from companion.usecases.services import ServicesError, open_services

    mark("python: entry")
    allow_missing_hard_links()
    root = persistent_root()
    await mount(root)
    mark("python: storage loaded")
    sync = IndexedDBSync()
    state = ExportState(root / STATE_FILE, sync)
    loaded = what_a_copy_writes(root)
    try:
        services = open_services(None)
    except ServicesError as exc:
        message = str(exc)
        ft.run(lambda page: page.add(ft.Text(message, selectable=True)))
        return
    services.runs_in_browser = True
    # Opening may have upgraded or repaired files, or made the day's backup: copied then,
    # and only then. A start that only read writes nothing to the browser's storage.
    if what_a_copy_writes(root) != loaded:
        sync.request()
    services.backend = SyncedBackend(services.backend, sync, state)
    backend = services.backend

    def has_data() -> bool:
        return bool(backend.ongoing_games() or backend.finished_games())

    from companion.ui.app import make_main

    mark("python: app imported")
    ft.run(with_reminder(make_main(services), state, has_data))
