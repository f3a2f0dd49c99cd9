"""Crash-safe file writes, and the TinyDB storage built on them.

TinyDB's own JSONStorage rewrites its file in place, so an app killed mid-write (a phone
does that without warning) leaves a truncated file. Here every write goes to a temporary
file in the same folder, is flushed to the disk, then renamed over the old file: at any
instant the file on disk is either the old version or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec
from tinydb import Storage

TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.json\.[A-Za-z0-9_]+\.tmp$")
TEMP_DIR_PREFIX = ".tmp-"

Data = dict[str, dict[str, Any]]


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX only: Windows cannot open a folder)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(path: Path, fill: Callable[[str], object]) -> None:
    """Fill a temp file beside `path`, make it durable, then rename it over `path`: a crash
    at any moment leaves either the old or the new content, and no half-written file."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    os.close(fd)
    try:
        fill(temp)
        fd = os.open(temp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that a crash leaves either the old or the new content."""

    def write(temp: str) -> None:
        fd = os.open(temp, os.O_WRONLY | os.O_TRUNC)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
        finally:
            os.close(fd)

    _replace(path, write)


def atomic_copy(source: Path, target: Path) -> None:
    """Copy a file with the same guarantee as `atomic_write`, keeping its modification time."""
    _replace(target, lambda temp: shutil.copy2(source, temp))


def remove_temp_files(folders: Iterable[Path]) -> list[Path]:
    """Delete leftovers of writes interrupted by a crash; they never hold the only copy."""
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            try:
                if entry.is_file(follow_symlinks=False) and _TEMP_NAME.match(entry.name):
                    path.unlink()
                elif entry.is_dir(follow_symlinks=False) and entry.name.startswith(
                    TEMP_DIR_PREFIX
                ):
                    shutil.rmtree(path)
                else:
                    continue
            except OSError:
                continue
            removed.append(path)
    return removed


def encode(data: object) -> bytes:
    return msgspec.json.encode(data)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that keeps the data in memory and writes it through atomically.

    TinyDB reads the whole storage for every query; reading from memory keeps queries
    fast, and writing through on every change (instead of CachingMiddleware's batching)
    means a returned save is on the disk. If a write fails (disk full, folder made
    read-only), the memory is rolled back to what the file holds, so what the app shows
    never differs from what is saved.
    """

    def __init__(self, path: Path, data: Data, saved: bytes | None = None) -> None:
        """`saved`: the file's bytes if `data` was just read from them (saves an encode)."""
        self.path = path
        self._data = data
        self._saved = saved if saved is not None else encode(data)

    def read(self) -> Data:
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        try:
            encoded = encode(data)
            atomic_write(self.path, encoded)
        except BaseException:
            self._data = msgspec.json.decode(self._saved)
            raise
        self._data = data
        self._saved = encoded

    def close(self) -> None:
        pass
