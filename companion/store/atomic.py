"""Crash-safe file writes and checked file contents, the pieces every write is made of.

TinyDB's own JSONStorage rewrites its file in place, so an app killed mid-write (a phone
does that without warning) leaves a truncated file. Here every write goes to a temporary
file in the same folder, is flushed to the disk, then renamed over the old file: at any
instant the file on disk is either the old version or the new one, never a mix. Just
before that rename, the old version becomes `<name>.prev` (a hard link, so no copy): if
the file is later damaged from outside, only its last change is lost.

Each data file starts with the SHA-256 of the rest of its content (`seal`), so a flipped
bit or a zeroed block that still parses as JSON is found when the file is read
(`unseal`), instead of a wrong score being shown as if nothing happened. Files written
before checksums existed have none and are accepted as they are.

Changes that span several files are committed by `journal.Journal`, which uses the
same pieces: the TinyDB storage (`storage.py`) only hands its new content to the journal.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import os
import re
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import msgspec

TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.json(\.prev)?\.[A-Za-z0-9_]+\.tmp$")
TEMP_DIR_PREFIX = ".tmp-"
PREV_SUFFIX = ".prev"
"""`store.json.prev` is the version of `store.json` before its last change."""

CHECKSUM_PREFIX = b'{"_checksum":"'
_DIGEST = 64


class Damaged(ValueError):
    """A file's content does not match the checksum written with it."""


class NotRegularFile(OSError):
    """A path that should be a data file is a folder, a pipe, a device..."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def seal(body: bytes) -> bytes:
    """The bytes to write for `body` (an encoded JSON object): the same object with the
    SHA-256 of `body` as its first member, `{"_checksum":"<hex>", ...rest of body}`."""
    if not body.startswith(b"{"):
        raise ValueError("only a JSON object can be sealed")
    head = CHECKSUM_PREFIX + digest(body).encode()
    return head + (b'"}' if body == b"{}" else b'",' + body[1:])


def unseal(raw: bytes) -> tuple[bytes, bool]:
    """(the body `seal` was given, whether `raw` was sealed); `Damaged` on a mismatch.

    A file without the checksum prefix is returned as it is: files written by earlier
    versions of the app have none.
    """
    if not raw.startswith(CHECKSUM_PREFIX):
        return raw, False
    start = len(CHECKSUM_PREFIX)
    expected, separator = raw[start:start + _DIGEST], raw[start + _DIGEST:start + _DIGEST + 2]
    if separator == b'",':
        body = b"{" + raw[start + _DIGEST + 2:]
    elif separator == b'"}' and len(raw) == start + _DIGEST + 2:
        body = b"{}"
    else:
        raise Damaged("the checksum is cut short")
    if not hmac.compare_digest(digest(body).encode(), expected):
        raise Damaged("the checksum does not match")
    return body, True


def read_regular(path: Path) -> bytes:
    """The bytes of a regular file; a pipe, a device or a folder raises `NotRegularFile`
    (opened without blocking, so a pipe put in place of a data file cannot hang us)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
            raise NotRegularFile(kind, "not a regular file", str(path))
        with os.fdopen(os.dup(fd), "rb") as file:
            return file.read()
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX only: Windows cannot open a folder)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_temp(path: Path, data: bytes) -> Path:
    """Write `data` to a new temp file beside `path` and make it durable; returns its path.
    Nothing is left behind if this fails."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    temp = Path(name)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def previous(path: Path) -> Path:
    return path.with_name(path.name + PREV_SUFFIX)


def keep_previous(path: Path) -> None:
    """Make `<path>.prev` hold what `path` holds now (nothing to do if it does not exist).

    A hard link costs no copy, and is safe because data files are only ever replaced
    whole, never changed in place; where links are not supported the file is copied.
    """
    temp = path.with_name(f".{path.name}{PREV_SUFFIX}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
    try:
        os.link(path, temp)
    except FileNotFoundError:
        return
    except OSError:
        try:
            shutil.copyfile(path, temp)
        except FileNotFoundError:
            return
    move_into_place(temp, previous(path))


def move_into_place(temp: Path | str, path: Path, *, keep_prev: bool = False) -> None:
    """Rename a finished temp file over `path` (with `keep_prev`, what `path` held stays
    as `<path>.prev`); if that fails the temp is removed, so no stray file is left."""
    try:
        if keep_prev:
            keep_previous(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(path: Path, data: bytes, *, keep_prev: bool = False) -> None:
    """Replace `path` by `data` so that a crash leaves either the old or the new content;
    with `keep_prev`, the old content stays as `<path>.prev`."""
    move_into_place(write_temp(path, data), path, keep_prev=keep_prev)
    fsync_dir(path.parent)


def atomic_copy(source: Path, target: Path) -> None:
    """Copy a file with the same guarantee as `atomic_write`, keeping its modification time."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    os.close(fd)
    try:
        shutil.copy2(source, name)
        fsync_file(Path(name))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    move_into_place(name, target)
    fsync_dir(target.parent)


def remove_temp_files(folders: Iterable[Path]) -> list[Path]:
    """Delete leftovers of writes interrupted by a crash; they never hold the only copy
    (the journal, which may still need some, is settled before this runs)."""
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
