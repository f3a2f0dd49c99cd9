"""The data folder, opened: its lock, its files read and checked, repaired or upgraded.

What the store does before anything else happens here (see "Damage and trouble" in
`store.py`): an update a crash interrupted is finished or undone, leftover temp files
are removed, every file's checksum is checked and a damaged file is set aside and
mended from its copies (`mending.py`), files of an older version are upgraded in one
commit, a game a crash left in two files is kept once, and the day's backup is made.
What the player must be told about it is a `Notice`. The archive file of a month of
finished games is decoded here too, the first time it is needed.

`queries.py` reads the opened folder and `changes.py` changes it.
"""

from __future__ import annotations

import errno
import os
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from filelock import FileLock

from companion.i18n import Plural
from companion.store import schema
from companion.store.atomic import encode, seal
from companion.store.atomic import remove_temp_files as _remove_temp_files
from companion.store.backups import Backups, GameBackups
from companion.store.errors import StoreError
from companion.store.journal import Journal
from companion.store.mending import LOST, Mending, Problem, elsewhere, games_back
from companion.store.mending import Notice as Notice
from companion.store.reading import GAMES, HISTORY, Reading, read, unreadable, well_formed
from companion.store.records import _Q, _copy, _order, archived, shard_of
from companion.store.schema import ARCHIVE, ARCHIVE_DIR, MAIN, ONGOING, Data
from companion.store.storage import _File


def _today() -> str:
    """The name of today's backup."""
    return datetime.now().date().isoformat()


DISK_FULL = frozenset(code for code in (errno.ENOSPC, getattr(errno, "EDQUOT", None))
                      if code is not None)
"""No space left on the disk, or none left in the user's quota: what frees it is making
room, not changing the folder's permissions."""


def disk_full(exc: OSError) -> bool:
    return exc.errno in DISK_FULL


def _unwritable(folder: Path, exc: OSError) -> StoreError:
    if disk_full(exc):
        return StoreError(
            "Cannot write in the data folder {folder}: the disk that holds it is full"
            " ({reason}). Nothing was changed. Make room on that disk (empty the trash,"
            " move or delete large files you no longer need) and try again, or choose a"
            " folder on another disk with --data-dir.",
            folder=str(folder), reason=exc.strerror or str(exc),
        )
    return StoreError(
        "Cannot write in the data folder {folder}: {reason}. Nothing was changed. Make it"
        " writable, or choose another folder with --data-dir.",
        folder=str(folder), reason=exc.strerror or str(exc),
    )


class DataFolder(Mending):
    """The opened data folder that `Store` reads and changes (see `store.py`)."""

    def __init__(self, folder: Path, lock: FileLock | None) -> None:
        self.folder = folder
        self._lock = lock
        self._mutex = threading.RLock()
        self._closed = False
        self.notices: list[Notice] = []
        """What the player must be told after opening (damaged files, upgrades...)."""
        self.backups = Backups(folder)
        self.game_backups = GameBackups(folder)
        self._own = {}
        self._journal = Journal(folder)
        self._shards = {}
        self._backup_day: str | None = None
        self._moved_aside = []

    # opening

    def _load(self) -> None:
        self._check_writable()
        self._finish_interrupted()
        _remove_temp_files([self.folder, self.folder / ARCHIVE_DIR, self.backups.root,
                            self.game_backups.root])
        paths = {MAIN: self.folder / schema.MAIN_FILE, ONGOING: self.folder / schema.ONGOING_FILE}
        readings = {kind: self._read(path, kind) for kind, path in paths.items()}
        for kind, reading in readings.items():
            if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
                raise self._newer(paths[kind], reading.version)
        damaged = {kind for kind, reading in readings.items() if reading.problem is not None}
        try:
            back, months = self._repair(paths, readings, damaged)
        except BaseException:
            self._put_back_aside()
            raise
        self._games_back_told(back)
        self._daily_backup()
        if not damaged and not months:  # else the games' own backups may still be needed
            self._tidy_game_backups()

    def _repair(self, paths: dict[str, Path], readings: dict[str, Reading], damaged: set[str]
                ) -> tuple[list[dict[str, Any]], dict[str, Problem | None]]:
        """Put good copies in place of the damaged files, upgrade, and commit the rest of
        the repairs as one step; returns the games brought back from their own backups
        and the archive months mended."""
        for kind in damaged:
            readings[kind] = self._recover(paths[kind], kind, readings[kind])
        if any(r.version < schema.SCHEMA_VERSION for r in readings.values()):
            self._migrate_all(paths, readings)
        main, ongoing = readings[MAIN], readings[ONGOING]
        assert main.data is not None and ongoing.data is not None
        self._own = self.game_backups.load()
        back = games_back(ongoing.data, self._own, elsewhere(main.data)) \
            if ONGOING in damaged else []
        self._main = _File(paths[MAIN], main.data, main.raw, journal=self._journal)
        self._ongoing = _File(paths[ONGOING], ongoing.data,
                              None if back else ongoing.raw, journal=self._journal)
        # The spare copies of the archive months once a day, with the day's backup.
        self._check_spares(months=not (self.backups.root / _today()).is_dir())
        months = self._damaged_months()
        try:
            with self._journal.batch():
                if back:
                    self._journal.stage(paths[ONGOING], seal(encode(ongoing.data)))
                for name, problem in months.items():
                    self._mend_month(name, problem, trust_listing=MAIN not in damaged)
                if MAIN in damaged:
                    self._rebuild_history()
                self._reconcile()
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        return back, months

    def _finish_interrupted(self) -> None:
        """Roll forward (or back) an operation a crash interrupted (see `journal.py`)."""
        try:
            found = self._journal.recover()
        except OSError as exc:
            raise StoreError(
                "An update of the data folder {folder} was interrupted and could not be"
                " finished now: {reason}. Nothing else was changed. Make the folder and its"
                " files readable and writable by you, then start again.",
                folder=str(self.folder), reason=exc.strerror or str(exc)) from exc
        if found.damaged is not None:
            self.notices.append(Notice(
                "An interrupted update of your data could not be finished: its record"
                " {path} is damaged and was kept aside as {aside}.",
                {"path": str(self._journal.manifest), "aside": str(found.damaged)}))
        if found.lost:
            self.notices.append(Notice(
                "An interrupted update of your data was finished, except for {files},"
                " whose new content was lost.", {"files": ", ".join(map(str, found.lost))}))

    def _read(self, path: Path, kind: str) -> Reading:
        """A data file as it is; trouble reaching it refuses to go on (renaming nothing)."""
        try:
            return read(path, kind)
        except OSError as exc:
            raise unreadable(path, exc) from exc

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

    def _migrate_all(self, paths: dict[str, Path], readings: dict[str, Reading]) -> None:
        """Upgrade every file, after checking none is newer and backing the folder up;
        all of them in one commit, so no crash leaves some upgraded and some not."""
        shards = self._shard_paths()
        shard_readings = {p: self._read(p, ARCHIVE) for p in shards}
        for path, reading in shard_readings.items():
            if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
                raise self._newer(path, reading.version)
        old = min(r.version for r in [*readings.values(), *shard_readings.values()]
                  if r.data is not None)
        try:
            backup = self.backups.snapshot("before-migration")
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        targets = [(paths[k], k, r) for k, r in readings.items()]
        # A damaged month is left as it is: it is mended from its copies, each upgraded,
        # once the upgrade is done (see mending.py).
        targets += [(p, ARCHIVE, r) for p, r in shard_readings.items() if r.problem is None]
        changes: dict[Path, bytes] = {}
        upgraded: list[tuple[Reading, Data, bytes]] = []
        for path, kind, reading in targets:
            assert reading.data is not None
            if reading.version == schema.SCHEMA_VERSION:
                continue
            try:
                data = schema.migrate(kind, _copy(reading.data))
                if not well_formed(data):
                    raise ValueError("migrated data is not well formed")
            except (LookupError, ValueError, TypeError, KeyError) as exc:
                raise self._not_upgraded(path, str(exc), backup) from exc
            body = encode(data)
            upgraded.append((reading, data, body))
            if not reading.missing:
                changes[path] = seal(body)
        try:
            self._journal.commit(changes)
        except OSError as exc:
            raise self._not_upgraded(self.folder, exc.strerror or str(exc), backup) from exc
        for reading, data, body in upgraded:
            reading.data, reading.raw = data, body
        self.notices.append(Notice(
            "Your data was upgraded from version {old} to version {new}. A copy of it as it"
            " was before is in {backup}.",
            {"old": old, "new": schema.SCHEMA_VERSION, "backup": str(backup)},
        ))

    @staticmethod
    def _not_upgraded(path: Path, reason: str, backup: Path) -> StoreError:
        return StoreError(
            "Could not upgrade the data file {path} ({reason}). A copy of the whole"
            " data folder from before the upgrade is in {backup}.",
            path=str(path), reason=reason, backup=str(backup))

    def _shard(self, name: str) -> _File:
        """The archive file of one month, read the first time it is needed."""
        found = self._shards.get(name)
        if found is not None:
            return found
        path = self.folder / ARCHIVE_DIR / f"{name}.json"
        reading = self._read(path, ARCHIVE)
        if reading.data is not None and reading.version > schema.SCHEMA_VERSION:
            raise self._newer(path, reading.version)
        if reading.problem is not None:  # damaged since the folder was opened
            return self._mend_month(name, reading.problem)
        if reading.version < schema.SCHEMA_VERSION:
            self._migrate_all({}, {})
            return self._shard(name)
        assert reading.data is not None
        path.parent.mkdir(exist_ok=True)
        shard = self._shards[name] = _File(path, reading.data, reading.raw,
                                           journal=self._journal)
        return shard

    def _all_shards(self) -> list[_File]:
        """Every archive file: those on the disk, and those known in memory only (a
        commit whose switch is not finished yet has not put them on the disk)."""
        names = {p.stem for p in self._shard_paths()} | set(self._shards)
        return [self._shard(name) for name in sorted(names)]

    def _rebuild_history(self) -> None:
        """After store.json was lost, list again the finished games the archive holds,
        and those only their own backups still hold (finished since the copy of
        store.json that was restored)."""
        history = self._main.table(HISTORY)
        known = {doc["id"] for doc in history.all()}
        entries = [self._entry(record, shard.path.stem)
                   for shard in self._all_shards() for record in shard.table(GAMES).all()
                   if record["id"] not in known]
        known |= {entry["id"] for entry in entries}
        gone = elsewhere(self._main.data)
        for game_id, record in sorted(self._own.items()):
            if archived(record) and game_id not in known and game_id not in gone:
                self._shard(shard_of(record)).table(GAMES).insert(record)
                entries.append(self._entry(record, shard_of(record)))
        if entries:
            history.insert_multiple(entries)
            self.notices.append(Notice(Plural(
                "{count} finished game was found again in the archive and put back in"
                " the history.",
                "{count} finished games were found again in the archive and put back in"
                " the history."), {"count": len(entries)}))

    def _reconcile(self) -> None:
        """A crash while a game moved between files can leave it in both: keep the newest.
        A game whose moves were lost from the archive (see `mending.py`) but which is in
        progress again keeps its moves, and its summary leaves the history."""
        history = self._main.table(HISTORY)
        ongoing = self._ongoing.table(GAMES).all()
        if not ongoing:
            return
        # One pass over the raw entries, not one query per game (nor a Document each).
        listed = {doc["id"]: doc for doc in self._main.data.get(HISTORY, {}).values()}
        for record in ongoing:
            entry = listed.get(record["id"])
            if entry is None:
                continue
            if entry.get(LOST):
                history.remove(_Q.id == record["id"])
            elif entry["order"] >= _order(record["updated"]):
                self._ongoing.table(GAMES).remove(_Q.id == record["id"])
            else:
                self._shard(entry["shard"]).table(GAMES).remove(_Q.id == record["id"])
                history.remove(_Q.id == record["id"])

    def _tidy_game_backups(self) -> None:
        """Remove the own backups of games that are no longer here (deleted, set aside,
        reset); called only when no file was damaged, when they might be needed."""
        known = self.game_backups.known()
        if not known:
            return
        present = {doc["id"] for doc in self._ongoing.data.get(GAMES, {}).values()}
        present |= {doc["id"] for doc in self._main.data.get(HISTORY, {}).values()}
        self.game_backups.remove(known - present)

    def _daily_backup(self) -> None:
        today = _today()
        if self._backup_day == today:
            return
        try:
            made = self.backups.daily()
            if (self.backups.root / today).is_dir():
                self._backup_day = today
            if made is not None:  # it holds every ended game: their own backups can go
                self.game_backups.remove(self.game_backups.ended())
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
                    self._journal.close()
                    self._lock.release()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("The data store is closed.")
