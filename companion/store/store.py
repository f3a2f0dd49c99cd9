"""The player's data: games, scenario attempts, campaigns, players and settings.

One `Store` owns one data folder for the life of the app, behind a lock file, because
TinyDB is not safe with two writers. Every change is on the disk when its method
returns (see `atomic.py`); a change that cannot be written raises `StoreError` and
leaves both the disk and what the app reads exactly as they were.

The folder holds three kinds of files (see `schema.py`): `ongoing.json` with unfinished
games, `store.json` with everything else plus a summary of each finished game, and
`archive/<year>-<month>.json` with the full records of finished games, read on demand.
Opening the store reads only the first two, so it stays fast with years of history.
"""

from __future__ import annotations

import contextlib
import gc
import os
import tempfile
import threading
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import msgspec
from filelock import FileLock, Timeout
from tinydb import Query, TinyDB
from tinydb.table import Document, Table

from companion.i18n import t
from companion.store import schema, validate
from companion.store.atomic import AtomicJSONStorage, atomic_copy, atomic_write, encode
from companion.store.atomic import remove_temp_files as _remove_temp_files
from companion.store.backups import Backups
from companion.store.errors import StoreError, StoreLocked
from companion.store.medals import progress
from companion.store.schema import (
    ARCHIVE,
    ARCHIVE_DIR,
    MAIN,
    META,
    ONGOING,
    SET_ASIDE_DIR,
    Data,
)

GAMES = "games"
HISTORY = "history"
ATTEMPTS = "attempts"
CAMPAIGNS = "campaigns"
PLAYERS = "players"
SETTINGS = "settings"
HEAVY = ("actions", "redo")
"""Fields of a game record left out of summaries: they are most of its size."""

T = TypeVar("T")
_Q = Query()


@dataclass(frozen=True)
class Notice:
    """Something the player must be told about the data folder (a file set aside...)."""

    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return t(self.template, **self.params)


# --- reading one file -----------------------------------------------------------------


@dataclass
class _Reading:
    data: Data | None = None
    problem: tuple[str, dict[str, Any]] | None = None
    missing: bool = False
    raw: bytes | None = None
    """The bytes `data` was decoded from, while they still match it."""

    @property
    def version(self) -> int:
        return schema.version_of(self.data) if self.data is not None else schema.SCHEMA_VERSION


_DOC_FIELDS: dict[str, dict[str, type]] = {
    GAMES: {"id": str},
    HISTORY: {"id": str, "shard": str, "summary": dict, "order": str},
    CAMPAIGNS: {"id": str},
    PLAYERS: {"name": str},
    ATTEMPTS: {"scenario": str},
    SETTINGS: {},
}


def _read(path: Path, kind: str) -> _Reading:
    """Read and check a data file without changing anything on the disk."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return _Reading(data=schema.fresh(kind), missing=True)
    except OSError as exc:
        return _Reading(problem=("it cannot be read: {reason}",
                                 {"reason": exc.strerror or str(exc)}))
    return _decode(raw, kind)


def _decode(raw: bytes, kind: str) -> _Reading:
    """Check the bytes of a data file of `kind` (the read-only store reads them itself)."""
    if not raw.strip():
        return _Reading(problem=("it is empty", {}))
    try:
        with _bulk():
            data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        return _Reading(problem=("it is not valid JSON (cut short or corrupted)", {}))
    not_ours: tuple[str, dict[str, Any]] = ("it is not a data file of this app", {})
    try:
        meta = data[META]["1"]
        version = meta["schema_version"]
        if meta.get("kind") != kind or not isinstance(version, int) or isinstance(version, bool):
            return _Reading(problem=not_ours)
    except (TypeError, KeyError, AttributeError):
        return _Reading(problem=not_ours)
    if version == schema.SCHEMA_VERSION and not _well_formed(data):
        return _Reading(problem=("its content is not what this app writes", {}))
    return _Reading(data=data, raw=raw)


def _well_formed(data: object) -> bool:
    if not isinstance(data, dict):
        return False
    for name, table in data.items():
        if not isinstance(table, dict):
            return False
        needed = _DOC_FIELDS.get(name, {})
        for doc_id, doc in table.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                return False
            for key, kind in needed.items():
                if not isinstance(doc.get(key), kind):
                    return False
    return True


def _order(timestamp: str) -> str:
    """A sort key for ISO timestamps written with different UTC offsets (naive = UTC)."""
    moment = datetime.fromisoformat(timestamp)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="microseconds")


def archived(record: dict[str, Any]) -> bool:
    """Whether a game (or its summary) belongs in the history rather than ongoing.json."""
    return record["finished"] is True or record.get("abandoned") is True


def _later(previous: str) -> str:
    """Now, or just after `previous` if the clock is behind it: a game moved between
    files must carry the newest 'updated' for `_reconcile` to keep that copy."""
    now = datetime.now(UTC)
    before = datetime.fromisoformat(previous)
    if before.tzinfo is None:
        before = before.replace(tzinfo=UTC)
    return (now if now > before else before + timedelta(microseconds=1)).isoformat()


def shard_of(record: dict[str, Any]) -> str:
    created = datetime.fromisoformat(record["created"])
    return f"{created.year:04d}-{created.month:02d}"


@contextlib.contextmanager
def _bulk() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects at once.

    Decoding megabytes of JSON allocates tens of thousands of containers, each allocation
    counting towards a collection that then scans the whole heap, for nothing: decoded
    JSON holds no reference cycles. Pausing it makes opening and listing twice as steady.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _copy(value: T) -> T:
    with _bulk():
        result: T = msgspec.json.decode(msgspec.json.encode(value))
    return result


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in HEAVY}


def _table_data(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(number): doc for number, doc in enumerate(docs, start=1)}


def _replacing(new: dict[str, Any]) -> Callable[[MutableMapping[Any, Any]], None]:
    def transform(doc: MutableMapping[Any, Any]) -> None:
        doc.clear()
        doc.update(new)

    return transform


def _set(table: Table, game_id: str, doc: dict[str, Any] | None,
         undo: list[Callable[[], None]]) -> None:
    """Put `doc` as the document with this 'id' (None: remove it), and note in `undo` how
    to put back what was there, under its number, should a later write of the change fail."""
    found = table.get(_Q.id == game_id)
    if not isinstance(found, Document):
        if doc is not None:
            table.insert(doc)
            undo.append(lambda: _remove(table, game_id))
        return
    before = Document(dict(found), doc_id=found.doc_id)
    if doc is None:
        table.remove(doc_ids=[found.doc_id])
    else:
        table.update(_replacing(doc), doc_ids=[found.doc_id])
    undo.append(lambda: _restore(table, before))


def _remove(table: Table, game_id: str) -> None:
    table.remove(_Q.id == game_id)


def _restore(table: Table, before: Document) -> None:
    if table.contains(doc_id=before.doc_id):
        table.update(_replacing(dict(before)), doc_ids=[before.doc_id])
    else:
        table.insert(before)


def _put(table: Table, key: str, doc: dict[str, Any]) -> None:
    """Insert `doc`, or replace (not merge into) the document with the same `key`."""
    existing = table.get(_Q[key] == doc[key])
    if isinstance(existing, Document):
        table.update(_replacing(doc), doc_ids=[existing.doc_id])
    else:
        table.insert(doc)


class _File:
    """One data file: a TinyDB over an atomic, write-through storage."""

    def __init__(self, path: Path, kind: str, data: Data, raw: bytes | None = None,
                 storage: type[AtomicJSONStorage] = AtomicJSONStorage) -> None:
        self.path = path
        self.kind = kind
        self.db = TinyDB(path, data, raw, storage=storage)

    def table(self, name: str) -> Table:
        return self.db.table(name, cache_size=0)

    @property
    def data(self) -> Data:
        storage = self.db.storage
        assert isinstance(storage, AtomicJSONStorage)
        return storage.read()

    def replace(self, data: Data) -> None:
        """Write a whole new content at once (imports); the old one stays if this fails."""
        atomic_write(self.path, encode(data))
        self.db = TinyDB(self.path, data, storage=AtomicJSONStorage)


# --- the store ------------------------------------------------------------------------


def open_store(folder: Path, *, read_only: bool = False) -> Store:
    """Open the data folder for this process alone; `StoreLocked` if another app has it.

    `read_only=True` opens it without the lock and without writing anything, even while
    the app holds it, for commands that only read (see `readonly.py`).
    """
    folder = Path(folder)
    if read_only:
        from companion.store.readonly import open_store_readonly

        return open_store_readonly(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "Cannot create the data folder {folder}: {reason}. Choose another one with"
            " --data-dir.", folder=str(folder), reason=exc.strerror or str(exc)
        ) from exc
    lock = FileLock(folder / schema.LOCK_FILE, timeout=0, thread_local=False,
                    fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise StoreLocked(
            "The data folder {folder} is already open in another window or copy of the"
            " app. Close it there first, or use another folder with --data-dir.",
            folder=str(folder),
        ) from None
    except OSError as exc:
        raise _unwritable(folder, exc) from exc
    try:
        store = Store(folder, lock)
        store._load()
    except BaseException:
        lock.release()
        raise
    return store


def _unwritable(folder: Path, exc: OSError) -> StoreError:
    return StoreError(
        "Cannot write in the data folder {folder}: {reason}. Nothing was changed. Make it"
        " writable, or choose another folder with --data-dir.",
        folder=str(folder), reason=exc.strerror or str(exc),
    )


class Store:
    """The player's data. Use `open_store`; close it (or use `with`) to free the folder."""

    def __init__(self, folder: Path, lock: FileLock | None) -> None:
        self.folder = folder
        self._lock = lock
        self._mutex = threading.RLock()
        self._closed = False
        self.notices: list[Notice] = []
        """What the player must be told after opening (damaged files, upgrades...)."""
        self.backups = Backups(folder)
        self._shards: dict[str, _File] = {}
        self._backup_day: str | None = None

    # opening

    def _load(self) -> None:
        self._check_writable()
        _remove_temp_files([self.folder, self.folder / ARCHIVE_DIR, self.backups.root])
        paths = {MAIN: self.folder / schema.MAIN_FILE, ONGOING: self.folder / schema.ONGOING_FILE}
        readings = {kind: _read(path, kind) for kind, path in paths.items()}
        for kind, reading in readings.items():
            if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
                raise self._newer(paths[kind], reading.version)
        damaged_main = readings[MAIN].problem is not None
        for kind, reading in readings.items():
            if reading.problem is not None:
                readings[kind] = self._recover(paths[kind], kind, reading)
        if any(r.version < schema.SCHEMA_VERSION for r in readings.values()):
            self._migrate_all(paths, readings)
        main, ongoing = readings[MAIN], readings[ONGOING]
        assert main.data is not None and ongoing.data is not None
        self._main = _File(paths[MAIN], MAIN, main.data, main.raw)
        self._ongoing = _File(paths[ONGOING], ONGOING, ongoing.data, ongoing.raw)
        try:
            if damaged_main:
                self._rebuild_history()
            self._reconcile()
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        self._daily_backup()

    def _check_writable(self) -> None:
        try:
            fd, probe = tempfile.mkstemp(prefix=".probe.json.", suffix=".tmp", dir=self.folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc

    def _newer(self, path: Path, version: int) -> StoreError:
        return StoreError(
            "The data file {path} was written by a newer version of the app (data version"
            " {version}; this one reads up to {supported}). It was left untouched: update"
            " the app to open it.",
            path=str(path), version=version, supported=schema.SCHEMA_VERSION,
        )

    def _recover(self, path: Path, kind: str, reading: _Reading) -> _Reading:
        """Set a damaged file aside (never delete it) and fall back on its last good copy."""
        assert reading.problem is not None
        template, params = reading.problem
        problem = t(template, **params)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
        try:
            os.replace(path, aside)
        except OSError as exc:
            raise StoreError(
                "The data file {path} is damaged ({problem}) and could not be moved aside:"
                " {reason}. Copy it somewhere safe, then remove it to start again.",
                path=str(path), problem=problem, reason=exc.strerror or str(exc),
            ) from exc
        for copy in self.backups.copies_of(path):
            candidate = _read(copy, kind)
            if candidate.data is None or candidate.version > schema.SCHEMA_VERSION:
                continue
            try:
                atomic_copy(copy, path)
            except OSError:
                continue
            self.notices.append(Notice(
                "The data file {path} was damaged ({problem}). It was kept aside as {aside}."
                " The backup of {backup} was restored in its place; changes made after that"
                " backup are in the damaged file only.",
                {"path": str(path), "problem": problem, "aside": str(aside),
                 "backup": copy.relative_to(self.backups.root).parts[0]},
            ))
            return candidate
        self.notices.append(Notice(
            "The data file {path} was damaged ({problem}). It was kept aside as {aside}."
            " No good backup of it was found, so it starts empty.",
            {"path": str(path), "problem": problem, "aside": str(aside)},
        ))
        return _Reading(data=schema.fresh(kind))

    def _migrate_all(self, paths: dict[str, Path], readings: dict[str, _Reading]) -> None:
        """Upgrade every file, after checking none is newer and backing the folder up."""
        shards = self._shard_paths()
        shard_readings = {p: _read(p, ARCHIVE) for p in shards}
        for path, reading in shard_readings.items():
            if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
                raise self._newer(path, reading.version)
        old = min(r.version for r in [*readings.values(), *shard_readings.values()]
                  if r.data is not None)
        try:
            backup = self.backups.snapshot("before-migration")
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        for path, reading in shard_readings.items():
            if reading.problem is not None:
                shard_readings[path] = self._recover(path, ARCHIVE, reading)
        targets = [(paths[k], k, r) for k, r in readings.items()]
        targets += [(p, ARCHIVE, r) for p, r in shard_readings.items()]
        for path, kind, reading in targets:
            assert reading.data is not None
            if reading.version == schema.SCHEMA_VERSION:
                continue
            try:
                reading.data = schema.migrate(kind, reading.data)
                reading.raw = None
                if not _well_formed(reading.data):
                    raise ValueError("migrated data is not well formed")
                if not reading.missing:
                    atomic_write(path, encode(reading.data))
            except (OSError, LookupError, ValueError, TypeError, KeyError) as exc:
                raise StoreError(
                    "Could not upgrade the data file {path} ({reason}). A copy of the whole"
                    " data folder from before the upgrade is in {backup}.",
                    path=str(path), reason=str(exc), backup=str(backup),
                ) from exc
        self.notices.append(Notice(
            "Your data was upgraded from version {old} to version {new}. A copy of it as it"
            " was before is in {backup}.",
            {"old": old, "new": schema.SCHEMA_VERSION, "backup": str(backup)},
        ))

    def _shard_paths(self) -> list[Path]:
        archive = self.folder / ARCHIVE_DIR
        if not archive.is_dir():
            return []
        return sorted(p for p in archive.iterdir() if schema.is_shard_name(p.name))

    def _shard(self, name: str) -> _File:
        """The archive file of one month, read the first time it is needed."""
        found = self._shards.get(name)
        if found is not None:
            return found
        path = self.folder / ARCHIVE_DIR / f"{name}.json"
        reading = _read(path, ARCHIVE)
        if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
            raise self._newer(path, reading.version)
        if reading.problem is not None:
            reading = self._recover(path, ARCHIVE, reading)
        if reading.version < schema.SCHEMA_VERSION:
            self._migrate_all({}, {})
            return self._shard(name)
        assert reading.data is not None
        path.parent.mkdir(exist_ok=True)
        shard = self._shards[name] = _File(path, ARCHIVE, reading.data, reading.raw)
        return shard

    def _all_shards(self) -> list[_File]:
        return [self._shard(p.stem) for p in self._shard_paths()]

    def _rebuild_history(self) -> None:
        """After store.json was lost, list again the finished games the archive holds."""
        history = self._main.table(HISTORY)
        known = {doc["id"] for doc in history.all()}
        entries = [self._entry(record, shard.path.stem)
                   for shard in self._all_shards() for record in shard.table(GAMES).all()
                   if record["id"] not in known]
        if entries:
            history.insert_multiple(entries)
            self.notices.append(Notice(
                "{count} finished games were found again in the archive and put back in"
                " the history.", {"count": len(entries)}))

    def _reconcile(self) -> None:
        """A crash while a game moved between files can leave it in both: keep the newest."""
        history = self._main.table(HISTORY)
        for record in self._ongoing.table(GAMES).all():
            entry = history.get(_Q.id == record["id"])
            if not isinstance(entry, Document):
                continue
            if entry["order"] >= _order(record["updated"]):
                self._ongoing.table(GAMES).remove(_Q.id == record["id"])
            else:
                self._shard(entry["shard"]).table(GAMES).remove(_Q.id == record["id"])
                history.remove(_Q.id == record["id"])

    def _daily_backup(self) -> None:
        today = datetime.now().date().isoformat()
        if self._backup_day == today:
            return
        try:
            self.backups.daily()
            if (self.backups.root / today).is_dir():
                self._backup_day = today
        except OSError as exc:
            self._backup_day = today
            self.notices.append(Notice(
                "Today's backup of your data could not be made: {reason}.",
                {"reason": exc.strerror or str(exc)}))

    # life cycle

    def close(self) -> None:
        with self._mutex:
            if not self._closed:
                self._closed = True
                if self._lock is not None:
                    self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """Serialise changes, and turn a failed write into a message that says what to do."""
        with self._mutex:
            self._check_open()
            try:
                yield
            except OSError as exc:
                raise StoreError(
                    "Could not save {what}: {reason}. What was saved before is intact. Free"
                    " some disk space or check that {folder} is writable, then try again.",
                    what=t(what), reason=exc.strerror or str(exc), folder=str(self.folder),
                ) from exc
            self._daily_backup()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("The data store is closed.")

    @staticmethod
    def _checked(check: Callable[..., T], *args: Any) -> T:
        try:
            return check(*args)
        except validate.Invalid as exc:
            raise StoreError("{where}: {problem}", where=exc.where,
                             problem=t(exc.template, **exc.params)) from None

    # games

    def _entry(self, record: dict[str, Any], shard: str) -> dict[str, Any]:
        return {"id": record["id"], "shard": shard, "summary": _summary(record),
                "order": _order(record["updated"])}

    def save_game(self, record: dict[str, Any]) -> None:
        """Save a game; an unfinished one is cheap to save after every action.

        A finished or abandoned game goes to the history (the index in store.json, the
        record in its month's archive), any other to ongoing.json. Moving a game between
        them takes up to three writes: if one fails, those already made are undone so the
        game stays where it was; a crash between them leaves two copies, of which
        `_reconcile` keeps the newest at the next opening.
        """
        game = self._checked(validate.game_record, record)
        with self._writing("the game"):
            undo: list[Callable[[], None]] = []
            try:
                self._place(game, undo)
            except OSError:
                for step in reversed(undo):
                    with contextlib.suppress(OSError):
                        step()
                raise

    def _place(self, game: dict[str, Any], undo: list[Callable[[], None]]) -> None:
        game_id = game["id"]
        history = self._main.table(HISTORY)
        entry = history.get(_Q.id == game_id)
        ongoing = self._ongoing.table(GAMES)
        if archived(game):
            shard = shard_of(game)
            _set(self._shard(shard).table(GAMES), game_id, game, undo)
            _set(history, game_id, self._entry(game, shard), undo)
            if isinstance(entry, Document) and entry["shard"] != shard:
                _set(self._shard(entry["shard"]).table(GAMES), game_id, None, undo)
            _set(ongoing, game_id, None, undo)
        else:
            _set(ongoing, game_id, game, undo)
            if isinstance(entry, Document):
                _set(history, game_id, None, undo)
                _set(self._shard(entry["shard"]).table(GAMES), game_id, None, undo)

    def abandon_game(self, game_id: str) -> bool:
        """Stop a game in progress without losing it: it leaves the games in progress for
        the history, whole and marked "abandoned", until `resume_game` brings it back.

        False if `game_id` is not a game in progress. Its 'updated' moves to now, so this
        copy is the newest one should a crash leave the game in both files.
        """
        with self._mutex:
            self._check_open()
            found = self._ongoing.table(GAMES).get(_Q.id == game_id)
            if not isinstance(found, Document):
                return False
            record = _copy(dict(found))
            record.update(abandoned=True, updated=_later(record["updated"]))
            self.save_game(record)
            return True

    def resume_game(self, game_id: str) -> bool:
        """Bring an abandoned game back among the games in progress; False if `game_id` is
        not an abandoned game."""
        with self._mutex:
            self._check_open()
            entry = self._main.table(HISTORY).get(_Q.id == game_id)
            if not isinstance(entry, Document) or entry["summary"].get("abandoned") is not True:
                return False
            record = self.game(game_id)
            if record is None or record.get("actions_missing"):
                raise StoreError(
                    "The game {id} cannot be resumed: its moves are missing from the"
                    " archive. It stays in the history.", id=game_id)
            record.pop("abandoned")
            record["updated"] = _later(record["updated"])
            self.save_game(record)
            return True

    def game(self, game_id: str) -> dict[str, Any] | None:
        """The full record of a game (with its actions), or None."""
        with self._mutex:
            self._check_open()
            found = self._ongoing.table(GAMES).get(_Q.id == game_id)
            if isinstance(found, Document):
                return _copy(dict(found))
            entry = self._main.table(HISTORY).get(_Q.id == game_id)
            if not isinstance(entry, Document):
                return None
            record = self._shard(entry["shard"]).table(GAMES).get(_Q.id == game_id)
            if isinstance(record, Document):
                return _copy(dict(record))
            lost = _copy(entry["summary"])
            lost.update(actions=[], redo=[], actions_missing=True)
            result: dict[str, Any] = lost
            return result

    def games(self, finished: bool | None = None, *, with_actions: bool = False
              ) -> list[dict[str, Any]]:
        """Games newest first (by 'updated'). Without `with_actions`, records come without
        their 'actions' and 'redo' lists, which keeps listing years of history fast; use
        `game(id)` for one full record.

        `finished=True` gives the history: finished games and abandoned ones (those carry
        "abandoned": true and "finished": false, so none is ever silently hidden);
        `finished=False` the games in progress, which abandoned games are not.
        """
        with self._mutex, _bulk():
            self._check_open()
            rows: list[tuple[str, str, dict[str, Any]]] = []
            if finished is not True:
                for record in self._ongoing.table(GAMES).all():
                    shown = dict(record) if with_actions else _summary(record)
                    rows.append((_order(record["updated"]), record["id"], shown))
            if finished is not False:
                for entry in self._main.table(HISTORY).all():
                    rows.append((entry["order"], entry["id"], entry["summary"]))
            rows.sort(key=lambda row: (row[0], row[1]), reverse=True)
            result: list[dict[str, Any]] = _copy([row[2] for row in rows])
            if with_actions and finished is not False:
                full = {g["id"]: dict(g) for s in self._all_shards()
                        for g in s.table(GAMES).all()}
                for number, summary in enumerate(result):
                    if archived(summary) and summary["id"] in full:
                        result[number] = _copy(full[summary["id"]])
            return result

    def delete_game(self, game_id: str) -> bool:
        """Forget a game; True if there was one. Its scenario attempt stays recorded."""
        with self._writing("the deletion"):
            deleted = False
            ongoing = self._ongoing.table(GAMES)
            if ongoing.contains(_Q.id == game_id):
                ongoing.remove(_Q.id == game_id)
                deleted = True
            history = self._main.table(HISTORY)
            entry = history.get(_Q.id == game_id)
            if isinstance(entry, Document):
                shard = self._shard(entry["shard"]).table(GAMES)
                if shard.contains(_Q.id == game_id):
                    shard.remove(_Q.id == game_id)
                history.remove(_Q.id == game_id)
                deleted = True
            return deleted

    def set_aside_game(self, game_id: str) -> Path | None:
        """Move a game the app cannot open out of the way without losing it.

        The record is written whole to `set-aside/<id>.json` in the data folder (where
        the player, or a later version of the app, can still import it) before it is
        removed from the store; the path is returned so the player can be told.
        """
        record = self.game(game_id)
        if record is None:
            return None
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id)[:80]
        target = self.folder / SET_ASIDE_DIR / f"{safe or 'game'}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, encode({"games": [record]}))
        self.delete_game(game_id)
        return target

    def ongoing_games(self) -> list[dict[str, Any]]:
        """The games in progress (unfinished, not abandoned), whole, newest first: the
        ones the player can pick up again or abandon."""
        return self.games(finished=False, with_actions=True)

    def current_game(self) -> dict[str, Any] | None:
        """The unfinished game most recently updated: the one to offer to resume."""
        with self._mutex:
            self._check_open()
            records = self._ongoing.table(GAMES).all()
            if not records:
                return None
            latest = max(records, key=lambda r: (_order(r["updated"]), r["id"]))
            return _copy(dict(latest))

    # solo scenario attempts

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        """Keep one attempt per game: ending a game again after an undo replaces it."""
        checked = self._checked(validate.attempt_record, attempt)
        with self._writing("the scenario attempt"):
            table = self._main.table(ATTEMPTS)
            if checked.get("game") is not None:
                table.remove(_Q.game == checked["game"])
            table.insert(checked)

    def attempts(self, scenario_id: str | None = None) -> list[dict[str, Any]]:
        """Attempts oldest first, of one scenario or of all."""
        with self._mutex:
            self._check_open()
            found = [dict(a) for a in self._main.table(ATTEMPTS).all()
                     if scenario_id is None or a["scenario"] == scenario_id]
            found.sort(key=lambda a: _order(a["date"]))
            result: list[dict[str, Any]] = _copy(found)
            return result

    def scenario_progress(self, scenario_id: str) -> dict[str, Any]:
        """{attempts, wins, best_score, best_medal, first_gold_date} of one scenario."""
        return progress(self.attempts(scenario_id))

    # campaigns

    def save_campaign(self, data: dict[str, Any]) -> None:
        checked = self._checked(validate.campaign_data, data)
        with self._writing("the campaign"):
            _put(self._main.table(CAMPAIGNS), "id", checked)

    def campaign(self, campaign_id: str) -> dict[str, Any] | None:
        with self._mutex:
            self._check_open()
            found = self._main.table(CAMPAIGNS).get(_Q.id == campaign_id)
            return _copy(dict(found)) if isinstance(found, Document) else None

    def campaigns(self) -> list[dict[str, Any]]:
        """Campaigns in the order they were first saved."""
        with self._mutex:
            self._check_open()
            result: list[dict[str, Any]] = _copy(
                [dict(c) for c in self._main.table(CAMPAIGNS).all()])
            return result

    # players and settings

    def players(self) -> list[str]:
        with self._mutex:
            self._check_open()
            return [str(p["name"]) for p in self._main.table(PLAYERS).all()]

    def add_player(self, name: str) -> str:
        """Remember a player's name (once, whatever its capitals); returns the name kept."""
        checked = self._checked(validate.player_name, name, "name")
        with self._writing("the player"):
            for known in self.players():
                if known.casefold() == checked.casefold():
                    return known
            self._main.table(PLAYERS).insert({"name": checked})
            return checked

    def settings(self) -> dict[str, Any]:
        with self._mutex:
            self._check_open()
            stored = self._main.table(SETTINGS).get(doc_id=1)
            result: dict[str, Any] = _copy(validate.DEFAULT_SETTINGS | dict(stored or {}))
            return result

    def update_settings(self, **values: Any) -> dict[str, Any]:
        """Change some settings (language, theme, expansions, default_face); returns all."""
        checked = self._checked(validate.settings_values, values)
        with self._writing("the settings"):
            table = self._main.table(SETTINGS)
            if table.contains(doc_id=1):
                table.update(checked, doc_ids=[1])
            else:
                table.insert(Document(checked, doc_id=1))
        return self.settings()

    # export and import

    def export_all(self) -> dict[str, Any]:
        """Everything, as one JSON object that `import_all` reads back identically."""
        with self._mutex:
            self._check_open()
            # A crash (or, read-only, the app writing between two reads) can leave a game
            # in two files: export it once, the newest copy, as `_reconcile` would keep.
            newest: dict[str, dict[str, Any]] = {}
            for game in self._ongoing.table(GAMES).all():
                newest[game["id"]] = dict(game)
            for shard in self._all_shards():
                for game in shard.table(GAMES).all():
                    old = newest.get(game["id"])
                    if old is None or _order(game["updated"]) >= _order(old["updated"]):
                        newest[game["id"]] = dict(game)
            games = sorted(newest.values(), key=lambda g: (_order(g["created"]), g["id"]))
            result: dict[str, Any] = _copy({
                "format": validate.EXPORT_FORMAT,
                "schema_version": schema.SCHEMA_VERSION,
                "games": games,
                "attempts": [dict(a) for a in self._main.table(ATTEMPTS).all()],
                "campaigns": [dict(c) for c in self._main.table(CAMPAIGNS).all()],
                "players": self.players(),
                "settings": self.settings(),
            })
            return result

    def export_file(self, path: Path) -> dict[str, int]:
        """Write the export to `path` (atomically); returns how many of each were written.

        Only a new file or an existing regular file is written (see `files.py`): a
        symbolic link, a device or a folder there is left as it is, and a path in the
        data folder (also through a linked folder) is refused, since it could replace a
        live data file and would be swept up by backups and imports.
        """
        from companion.store.files import write_regular

        data = self.export_all()
        encoded = msgspec.json.format(msgspec.json.encode(data), indent=1)
        write_regular(Path(path), encoded, forbidden=self.folder)
        return {key: len(data[key]) for key in ("games", "attempts", "campaigns", "players")}

    def import_file(self, path: Path, replace: bool = False) -> dict[str, int]:
        """Import an export file: a regular file (or a link to one) of at most
        `MAX_IMPORT_BYTES`, read without waiting on a pipe or reading a device, decoded
        with no key twice and bounded nesting (see `files.py`), then `import_all`."""
        from companion.store.files import JsonRefused, decode_json, read_regular

        raw = read_regular(Path(path), validate.MAX_IMPORT_BYTES)
        try:
            data = decode_json(raw)
        except JsonRefused as exc:
            raise StoreError("Import refused, nothing was changed: {path}: {problem}.",
                             path=str(path), problem=str(exc)) from None
        return self.import_all(data, replace=replace)

    def import_all(self, data: dict[str, Any], replace: bool = False) -> dict[str, int]:
        """Add (or with `replace`, substitute) an export's content, after checking all of it.

        Merging keeps what is already here unless the imported record is newer: a game
        with the same id is replaced only if its 'updated' is later (a campaign likewise,
        if both have an 'updated'); attempts and players already present are not doubled;
        settings already chosen are kept. Returns counts of what was added or replaced.
        """
        version = data.get("schema_version") if isinstance(data, dict) else None
        if isinstance(version, int) and 1 <= version < schema.SCHEMA_VERSION:
            try:
                data = schema.migrate_export(_copy(data))
            except Exception as exc:
                raise StoreError("Import refused, nothing was changed: the file was exported"
                                 " by an older version of the app (version {version}) and"
                                 " could not be upgraded: {reason}.", version=version,
                                 reason=str(exc)) from None
        try:
            checked = validate.export_document(data, schema.SCHEMA_VERSION, _check_actions)
        except validate.Invalid as exc:
            raise StoreError("Import refused, nothing was changed: {where}: {problem}",
                             where=exc.where, problem=t(exc.template, **exc.params)) from None
        except RecursionError:
            raise StoreError("Import refused, nothing was changed: the file is nested too"
                             " deeply to be an export of this app.") from None
        with self._mutex:
            self._check_open()
            return self._write_import(checked, replace)

    def _write_import(self, new: validate.Export, replace: bool) -> dict[str, int]:
        shards = {s.path.stem: s for s in self._all_shards()}
        current = self.export_all()
        counts = {"games": 0, "games_replaced": 0, "attempts": 0, "campaigns": 0,
                  "players": 0}
        if replace:
            games, attempts, campaigns = new.games, new.attempts, new.campaigns
            players = new.players
            settings = new.settings
            counts.update(games=len(games), attempts=len(attempts),
                          campaigns=len(campaigns), players=len(players))
        else:
            by_id = {g["id"]: g for g in current["games"]}
            for game in new.games:
                old = by_id.get(game["id"])
                if old is None:
                    counts["games"] += 1
                elif _order(game["updated"]) > _order(old["updated"]):
                    counts["games_replaced"] += 1
                else:
                    continue
                by_id[game["id"]] = game
            games = list(by_id.values())
            attempts = list(current["attempts"])
            for attempt in new.attempts:
                if attempt not in attempts:
                    attempts.append(attempt)
                    counts["attempts"] += 1
            by_campaign = {c["id"]: c for c in current["campaigns"]}
            for campaign in new.campaigns:
                old = by_campaign.get(campaign["id"])
                if old is None or _newer_campaign(campaign, old):
                    by_campaign[campaign["id"]] = campaign
                    counts["campaigns"] += 1
            campaigns = list(by_campaign.values())
            players = list(current["players"])
            folded = {p.casefold() for p in players}
            for name in new.players:
                if name.casefold() not in folded:
                    players.append(name)
                    folded.add(name.casefold())
                    counts["players"] += 1
            stored = self._main.table(SETTINGS).get(doc_id=1)
            settings = new.settings | dict(stored or {})
        finished = [g for g in games if archived(g)]
        shard_docs: dict[str, list[dict[str, Any]]] = {name: [] for name in shards}
        for game in finished:
            shard_docs.setdefault(shard_of(game), []).append(game)
        main = schema.fresh(MAIN)
        main[HISTORY] = _table_data([self._entry(g, shard_of(g)) for g in finished])
        main[ATTEMPTS] = _table_data(attempts)
        main[CAMPAIGNS] = _table_data(campaigns)
        main[PLAYERS] = _table_data([{"name": p} for p in players])
        if settings:
            main[SETTINGS] = _table_data([settings])
        ongoing = schema.fresh(ONGOING)
        ongoing[GAMES] = _table_data([g for g in games if not archived(g)])
        plan: list[tuple[_File, Data]] = []
        for name, docs in sorted(shard_docs.items()):
            shard = shards.get(name) or self._shard(name)
            content = schema.fresh(ARCHIVE)
            content[GAMES] = _table_data(docs)
            plan.append((shard, content))
        plan += [(self._main, main), (self._ongoing, ongoing)]
        try:
            backup = self.backups.snapshot("before-import")
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        done: list[tuple[_File, Data]] = []
        try:
            for target, content in plan:
                before = target.data
                target.replace(_copy(content))
                done.append((target, before))
        except OSError as exc:
            for target, before in reversed(done):
                with contextlib.suppress(OSError):
                    target.replace(before)
            raise StoreError(
                "The import could not be written ({reason}); the data was put back as it"
                " was. A copy from just before the import is in {backup}.",
                reason=exc.strerror or str(exc), backup=str(backup),
            ) from exc
        return counts


def _newer_campaign(new: dict[str, Any], old: dict[str, Any]) -> bool:
    try:
        return _order(new["updated"]) > _order(old["updated"])
    except (KeyError, TypeError, ValueError):
        return False


def _check_actions(game: dict[str, Any], where: str) -> validate.Played:
    """Replay the game under the rules: unknown cards and impossible moves are refused,
    and what the record says of its result (finished, score, round, built) is worked
    out again from its moves, never taken from the file (see `derive.py`)."""
    from companion.store.derive import replay_game

    return replay_game(game, where)
