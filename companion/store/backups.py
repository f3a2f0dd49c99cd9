"""Copies of the data folder kept next to it: one a day for the last days, and one before
every migration or import; and each game's own backup (`GameBackups`, below).

A backup copies each data file, except that a file unchanged since the previous backup
is hard-linked to that backup's copy instead: files are only ever replaced whole (never
edited in place), so the link keeps its content, and the daily copy of a large history
costs nothing when only today's games changed. Each backup is built in a temporary
folder and renamed into place, so a crash never leaves a half backup that looks whole.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.store.atomic import (
    TEMP_DIR_PREFIX,
    atomic_write,
    encode,
    fsync_dir,
    fsync_file,
    seal,
)
from companion.store.reading import GAMES, read
from companion.store.records import archived
from companion.store.schema import BACKUP_DIR, SCHEMA_VERSION, Data, data_files

KEEP = 5
"""How many daily backups, and how many backups of each other kind, are kept."""

_DAILY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SNAPSHOT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{6}(?:\.\d+)?-(?P<label>[a-z-]+)$")


class Backups:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder / BACKUP_DIR

    def all(self) -> list[Path]:
        """Complete backups, newest first (a same-day snapshot sorts after the daily copy)."""
        try:
            names = [e.name for e in os.scandir(self.root) if e.is_dir(follow_symlinks=False)]
        except OSError:
            return []
        good = [n for n in names if _DAILY.match(n) or _SNAPSHOT.match(n)]
        return [self.root / n for n in sorted(good, reverse=True)]

    def daily(self, now: datetime | None = None) -> Path | None:
        """Today's backup, made if it does not exist yet; None if it already did."""
        name = (now or datetime.now()).date().isoformat()
        if (self.root / name).is_dir() or not data_files(self.folder):
            return None
        made = self._make(name)
        self._prune(lambda n: bool(_DAILY.match(n)))
        return made

    def snapshot(self, label: str, now: datetime | None = None) -> Path:
        """A full backup before something that rewrites many files (a migration, an import)."""
        stamp = (now or datetime.now()).strftime("%Y-%m-%dT%H%M%S.%f")
        made = self._make(f"{stamp}-{label}")

        def same_label(name: str) -> bool:
            match = _SNAPSHOT.match(name)
            return bool(match and match["label"] == label)

        self._prune(same_label)
        return made

    def copies_of(self, path: Path) -> list[Path]:
        """The backed-up copies of one data file, newest first."""
        relative = path.relative_to(self.folder)
        return [b / relative for b in self.all() if (b / relative).is_file()]

    def _make(self, name: str) -> Path:
        self.root.mkdir(exist_ok=True)
        previous = self.all()
        temp = self.root / f"{TEMP_DIR_PREFIX}{name}-{secrets.token_hex(4)}"
        temp.mkdir()
        try:
            for source in data_files(self.folder):
                relative = source.relative_to(self.folder)
                target = temp / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                if not _link_unchanged(source, [b / relative for b in previous], target):
                    shutil.copy2(source, target)
                    fsync_file(target)
            for sub in {temp, *(p.parent for p in temp.rglob("*.json"))}:
                fsync_dir(sub)
            final = self.root / name
            os.replace(temp, final)
        except BaseException:
            shutil.rmtree(temp, ignore_errors=True)
            raise
        fsync_dir(self.root)
        return final

    def _prune(self, kind: Callable[[str], bool]) -> None:
        matching = [b for b in self.all() if kind(b.name)]
        for old in matching[KEEP:]:
            with contextlib.suppress(OSError):
                shutil.rmtree(old)


def _link_unchanged(source: Path, earlier: list[Path], target: Path) -> bool:
    """Hard-link `target` to an earlier backup's copy if `source` has not changed since."""
    try:
        stat = source.stat()
    except OSError:
        return False
    for copy in earlier:
        try:
            other = copy.stat()
            if (other.st_size, other.st_mtime_ns) == (stat.st_size, stat.st_mtime_ns):
                os.link(copy, target)
                return True
        except OSError:
            continue
    return False


GAME_DIR = "games"
KIND = "game"
"""The kind a game's backup says it is in its `_meta`, as every data file does."""
STEP = 20
"""Moves between two backups of a game within one round."""
_NAME_LENGTH = 60


def file_name(game_id: str) -> str:
    """The file of a game's backup: its id made safe for any file system (and short),
    with a hash of the id so that two ids made alike stay apart."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id)[:_NAME_LENGTH]
    return f"{safe or 'game'}-{hashlib.sha256(game_id.encode()).hexdigest()[:10]}.json"


def _shape(record: dict[str, Any]) -> tuple[object, int, bool]:
    """What decides whether a backup is due: the round, the number of moves, the end."""
    actions = record.get("actions")
    return record.get("round"), len(actions) if isinstance(actions, list) else 0, \
        archived(record)


class GameBackups:
    """Each game's own backup, apart from the file that holds it.

    `ongoing.json` holds every game in progress and is replaced at every move; its previous
    version (`ongoing.json.prev`) is one move behind it, and the day's backup of the folder
    was made when the day's first game began. Were both copies of `ongoing.json` damaged,
    a game begun since that backup would be in no copy at all. So each game has a backup of
    its own, `backups/games/<name>.json`:

    - written when the game is first saved (it starts), then at safe points: a new round,
      every `STEP` moves, its end (finished or abandoned) and any later save of the ended
      game, so that at most a round's or `STEP` moves are lost with both copies of
      `ongoing.json`, and nothing of a game's end with its archive month;
    - written after the save itself has committed, whole, beside the old one and renamed
      over it (`atomic.atomic_write`): the last good backup stays until a new one is
      complete, and failing to write one never fails the save. What is due is worked out
      from the game and the backup kept (`due`), so the next save tries again;
    - sealed with its checksum like every data file, and read only when a damaged file is
      repaired (see `mending.py`): a damaged game backup is one copy less, never an error;
    - removed when its game goes (deleted, set aside, reset, replaced by an import) and,
      once the game is finished or abandoned, when a day's backup of the folder holds it.
    """

    def __init__(self, folder: Path) -> None:
        self.root = folder / BACKUP_DIR / GAME_DIR
        self._kept: dict[str, tuple[object, int, bool]] = {}
        """What each backup on the disk holds (see `_shape`), read at opening."""

    def load(self) -> dict[str, dict[str, Any]]:
        """Every game backup that reads whole, by game id; remembers what each holds."""
        found: dict[str, dict[str, Any]] = {}
        try:
            entries = sorted(os.scandir(self.root), key=lambda e: e.name)
        except OSError:
            return found
        for entry in entries:
            if not entry.name.endswith(".json") or not entry.is_file(follow_symlinks=False):
                continue
            try:
                reading = read(Path(entry.path), KIND)
            except OSError:
                continue
            if reading.data is None or reading.version > SCHEMA_VERSION:
                continue
            for record in reading.data.get(GAMES, {}).values():
                if entry.name == file_name(record["id"]):
                    found[record["id"]] = record
                    self._kept[record["id"]] = _shape(record)
        return found

    def due(self, record: dict[str, Any]) -> bool:
        """Whether this save of the game is a safe point: no backup of it yet, another
        round, `STEP` moves more (or fewer: an undo) since the last one, or any save of
        an ended game (its end, and the rare changes after it)."""
        kept = self._kept.get(record["id"])
        round_, moves, ended = _shape(record)
        if kept is None or ended:
            return True
        return round_ != kept[0] or ended != kept[2] or abs(moves - kept[1]) >= STEP

    def write(self, record: dict[str, Any]) -> bool:
        """Back the game up (whole, replacing its last backup only once complete);
        False, and the last backup kept, if it could not be written."""
        data: Data = {"_meta": {"1": {"schema_version": SCHEMA_VERSION, "kind": KIND}},
                      GAMES: {"1": record}}
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write(self.root / file_name(record["id"]), seal(encode(data)))
        except OSError:
            self._kept.pop(record["id"], None)  # not known: the next save tries again
            return False
        self._kept[record["id"]] = _shape(record)
        return True

    def keep(self, record: dict[str, Any]) -> None:
        """Back the game up if this save is a safe point."""
        if self.due(record):
            self.write(record)

    def remove(self, game_ids: set[str]) -> None:
        """Forget the backups of these games (gone, or held by a day's backup now)."""
        for game_id in game_ids:
            with contextlib.suppress(OSError):
                os.unlink(self.root / file_name(game_id))
            self._kept.pop(game_id, None)

    def known(self) -> set[str]:
        """The games with a backup, as known since the opening."""
        return set(self._kept)

    def ended(self) -> set[str]:
        """The games whose backup holds them finished or abandoned."""
        return {game_id for game_id, shape in self._kept.items() if shape[2]}
