"""Copies of the data folder kept next to it: one a day for the last days, and one before
every migration or import.

A backup copies each data file, except that a file unchanged since the previous backup
is hard-linked to that backup's copy instead: files are only ever replaced whole (never
edited in place), so the link keeps its content, and the daily copy of a large history
costs nothing when only today's games changed. Each backup is built in a temporary
folder and renamed into place, so a crash never leaves a half backup that looks whole.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from companion.store.atomic import TEMP_DIR_PREFIX, fsync_dir, fsync_file
from companion.store.schema import BACKUP_DIR, data_files

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
