"""What an interrupted export leaves, found and removed by the next export or check.

An export writes a temporary file beside the file it makes, then renames it into place:
a crash or a kill before the rename leaves `.backup.json.k3x9q2ab.tmp` beside
`backup.json`, in a folder of the player's, where no one else would ever clean it. The
export cannot record it in the data folder (it only reads there, and works while the app
is open), so each export in progress is a small record in the user's state folder
(`unfinished-exports/`), holding the file's path under a lock the exporting process
keeps until the record is removed. A record whose lock is free is an export that died:
`sweep` removes the temporary files beside its file, then the record.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import platformdirs
from filelock import FileLock, Timeout

from companion.store.location import APP_NAME

RECORDS = "unfinished-exports"
STATE_ENV_VAR = "COMPANION_STATE_DIR"
RECORD_SUFFIX = ".export"


def state_dir() -> Path:
    """The user's state folder (XDG_STATE_HOME on Linux), or `COMPANION_STATE_DIR`."""
    chosen = os.environ.get(STATE_ENV_VAR, "").strip()
    if chosen:
        return Path(os.path.abspath(chosen))
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))


def leftover_pattern(target: Path) -> re.Pattern[str]:
    """The names `atomic.write_temp` gives the temporary files of `target`."""
    return re.compile(r"^\." + re.escape(target.name) + r"\.[a-z0-9_]{8}\.tmp$")


@contextlib.contextmanager
def recorded(target: Path, records: Path | None = None) -> Iterator[None]:
    """Keep a record of an export to `target` while it is written. Without a place for
    the record (a read-only home), the export goes on unrecorded: it matters more."""
    folder = (records or state_dir()) / RECORDS
    record = folder / f"{secrets.token_hex(8)}{RECORD_SUFFIX}"
    lock = FileLock(str(record) + ".lock", is_singleton=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=0)
        record.write_text(str(Path(os.path.abspath(target))), encoding="utf-8")
    except (OSError, Timeout):
        pass
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            record.unlink()
        lock.release()
        with contextlib.suppress(OSError):
            os.unlink(str(record) + ".lock")


def sweep(records: Path | None = None) -> list[Path]:
    """Remove what exports that died left (their temporary files, then their records);
    an export still being written holds its record's lock and is left alone, and so is
    any temporary file of a file another live export is writing. Returns the files
    removed."""
    folder = (records or state_dir()) / RECORDS
    try:
        entries = sorted(folder.glob(f"*{RECORD_SUFFIX}"))
    except OSError:
        return []
    dead: list[tuple[Path, FileLock, Path]] = []
    live: set[Path] = set()
    for record in entries:
        try:
            target = Path(record.read_text(encoding="utf-8").strip())
        except (OSError, UnicodeDecodeError):
            continue
        lock = FileLock(str(record) + ".lock", is_singleton=False)
        try:
            lock.acquire(timeout=0)
        except (Timeout, OSError):
            live.add(target)
            continue
        dead.append((record, lock, target))
    removed: list[Path] = []
    for record, lock, target in dead:
        try:
            if target not in live:
                removed += _remove_leftovers(target)
            with contextlib.suppress(OSError):
                record.unlink()
        finally:
            lock.release()
            with contextlib.suppress(OSError):
                os.unlink(str(record) + ".lock")
    return removed


def _remove_leftovers(target: Path) -> list[Path]:
    pattern = leftover_pattern(target)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    for entry in entries:
        if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed
