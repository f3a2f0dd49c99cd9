"""`read_regular` when the file changes under it: the races its two checks are there for.

A player's path is checked with `stat`, then opened and checked again with `fstat`, then
read in bounded chunks. Between those steps another program may swap the file for a pipe
or a folder, or make it grow. These tests make the first `stat` see an innocent small
file while the path holds something else, and say what the player is told.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.shipped.player_files import FileRefused, read_regular

MIB = 1 << 20


def lie_about(monkeypatch: pytest.MonkeyPatch, target: Path, seen: os.stat_result) -> None:
    """Make the first check (`os.stat`) of `target` see `seen`, as it would have just
    before another program swapped or grew the file; other paths stat as they are."""
    real_stat = os.stat

    def fake_stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if Path(path) == target:
            return seen
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", fake_stat)


def small_regular_file(tmp_path: Path) -> os.stat_result:
    """The `stat` of a one-byte regular file: what the path looked like a moment ago."""
    innocent = tmp_path / "innocent.json"
    innocent.write_bytes(b"1")
    return os.stat(innocent)


def record_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The byte counts `read_regular` asks `os.read` for, in order."""
    asked: list[int] = []
    real_read = os.read

    def reading(fd: int, n: int) -> bytes:
        asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", reading)
    return asked


def fail_open(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Make opening any file fail with the system error `code`."""
    def failing(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(os, "open", failing)


def test_opens_without_blocking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The open itself asks not to block: a pipe swapped in after the `stat` must not wait
    for a writer that never comes. Read-only, so the player's file is never changed."""
    path = tmp_path / "save.json"
    path.write_bytes(b"{}")
    flags_seen: list[int] = []
    real_open: Callable[..., int] = os.open

    def opening(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        flags_seen.append(flags)
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", opening)
    assert read_regular(path, 1024) == b"{}"
    assert len(flags_seen) == 1
    if hasattr(os, "O_NONBLOCK"):
        assert flags_seen[0] & os.O_NONBLOCK
    assert flags_seen[0] & (os.O_WRONLY | os.O_RDWR) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes in the file system are POSIX")
def test_pipe_swapped_in_after_stat_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A FIFO that replaces the file between `stat` and `open` is refused right away, not
    waited on. Were the open blocking, a watchdog opens the pipe's other end after 10
    seconds so the test ends, and fails on the time taken instead of hanging."""
    pipe = tmp_path / "export.json"
    os.mkfifo(pipe)
    lie_about(monkeypatch, pipe, small_regular_file(tmp_path))
    done = threading.Event()

    def watchdog() -> None:
        if not done.wait(10):
            os.close(os.open(pipe, os.O_RDWR | os.O_NONBLOCK))

    guard = threading.Thread(target=watchdog, daemon=True)
    guard.start()
    started = time.monotonic()
    try:
        with pytest.raises(FileRefused) as refused:
            read_regular(pipe, 1024)
    finally:
        done.set()
        guard.join()
    assert time.monotonic() - started < 10
    assert str(refused.value) == (
        f"{pipe} cannot be read: it is a named pipe (FIFO), not a regular file.")


@pytest.mark.skipif(sys.platform == "win32", reason="Windows does not open folders as files")
def test_folder_swapped_in_after_stat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What was opened is checked again: a folder put in the file's place after `stat`
    opens fine on POSIX, and `fstat` is what catches it."""
    folder = tmp_path / "export.json"
    folder.mkdir()
    lie_about(monkeypatch, folder, small_regular_file(tmp_path))
    with pytest.raises(FileRefused) as refused:
        read_regular(folder, 1024)
    assert str(refused.value) == (
        f"{folder} cannot be read: it is a folder, not a regular file.")


def test_fstat_of_a_pipe_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second check names what is really there (the mode `fstat` gives), not what the
    first check saw."""
    path = tmp_path / "export.json"
    path.write_bytes(b"{}")
    real = os.stat(path)
    fields = list(real)
    fields[stat.ST_MODE] = stat.S_IFIFO | 0o644
    fifo = os.stat_result(fields)
    monkeypatch.setattr(os, "fstat", lambda fd: fifo)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1024)
    assert str(refused.value) == (
        f"{path} cannot be read: it is a named pipe (FIFO), not a regular file.")


def test_no_such_device_on_open_is_a_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ENXIO on open means a socket (or a pipe with no writer): the player is told it is
    not a regular file, not a cryptic "No such device or address"."""
    path = tmp_path / "export.json"
    path.write_bytes(b"{}")
    fail_open(monkeypatch, errno.ENXIO)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1024)
    assert str(refused.value) == (
        f"{path} cannot be read: it is a socket, not a regular file.")


def test_permission_denied_on_open_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Any other failure to open is told as the system's reason, with the file's name."""
    path = tmp_path / "export.json"
    path.write_bytes(b"{}")
    fail_open(monkeypatch, errno.EACCES)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1024)
    assert str(refused.value) == f"Cannot read {path}: {os.strerror(errno.EACCES)}."


def test_exactly_the_limit_is_read(tmp_path: Path) -> None:
    """A file of exactly `limit` bytes is within the limit; one byte more is not."""
    fits = tmp_path / "fits.json"
    fits.write_bytes(b"x" * 1024)
    assert read_regular(fits, 1024) == b"x" * 1024
    over = tmp_path / "over.json"
    over.write_bytes(b"x" * 1025)
    with pytest.raises(FileRefused) as refused:
        read_regular(over, 1024)
    assert str(refused.value) == (
        f"{over} is larger than 1 KB: it is not a file this app reads.")


def test_file_grown_after_stat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The size `stat` gave is not trusted: a file that grew past the limit after it is
    refused by what the read finds, having read no more than one byte past the limit."""
    path = tmp_path / "export.json"
    path.write_bytes(b"y" * 5000)
    lie_about(monkeypatch, path, small_regular_file(tmp_path))
    asked = record_reads(monkeypatch)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1024)
    assert str(refused.value) == (
        f"{path} is larger than 1 KB: it is not a file this app reads.")
    assert asked == [1025]


def test_large_file_is_read_whole_in_chunks_of_one_mib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 3 MiB file under a 4 MiB limit comes back whole, read 1 MiB at a time (one read
    is never asked for more than that), until the end of the file."""
    content = bytes(range(256)) * (3 * MIB // 256)
    path = tmp_path / "big.json"
    path.write_bytes(content)
    asked = record_reads(monkeypatch)
    assert read_regular(path, 4 * MIB) == content
    assert asked == [MIB, MIB, MIB, MIB]


def test_last_chunk_stops_one_byte_past_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file of exactly a limit that is not whole MiB is read in full, the last chunk
    asking only for what is left of `limit + 1`, then one byte to see the end."""
    limit = MIB + MIB // 2 + 3
    content = b"z" * limit
    path = tmp_path / "exact.json"
    path.write_bytes(content)
    asked = record_reads(monkeypatch)
    assert read_regular(path, limit) == content
    assert asked == [MIB, limit + 1 - MIB, 1]


def test_growth_found_after_several_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file that grew to one byte past a 2 MiB limit after `stat` is refused: the
    bytes of all chunks count, and a read that has exactly reached the limit goes on to
    look for one more byte."""
    path = tmp_path / "grown.json"
    path.write_bytes(b"g" * (2 * MIB + 1))
    lie_about(monkeypatch, path, small_regular_file(tmp_path))
    asked = record_reads(monkeypatch)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 2 * MIB)
    assert str(refused.value) == (
        f"{path} is larger than 2 MB: it is not a file this app reads.")
    assert asked == [MIB, MIB, 1]


def test_growth_far_past_the_limit_in_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file that grew to 3 MiB past a 2 MiB limit is refused, not returned: what was
    read adds up across chunks rather than counting only the last one."""
    path = tmp_path / "grown.json"
    path.write_bytes(b"g" * (3 * MIB))
    lie_about(monkeypatch, path, small_regular_file(tmp_path))
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 2 * MIB)
    assert str(refused.value) == (
        f"{path} is larger than 2 MB: it is not a file this app reads.")


def test_a_read_that_fails_says_why_with_the_files_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file that opens but cannot be read (a disk error halfway, a network share gone)
    is refused with its path and the system's reason, like a file that cannot be opened."""
    path = tmp_path / "export.json"
    path.write_bytes(b"{}")

    def failing(fd: int, n: int) -> bytes:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "read", failing)
    with pytest.raises(FileRefused) as refused:
        read_regular(path, 1024)
    assert str(refused.value) == f"Cannot read {path}: {os.strerror(errno.EIO)}."
