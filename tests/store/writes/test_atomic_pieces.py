"""The pieces every write is made of (`atomic.py`), each on its own: the checksum a file
starts with and how a damaged one is told, reading only regular files, the temp file
beside the target, the previous version kept as `.prev`, and the leftovers of writes
cut short that are swept at opening. Failures are injected where the disk fails."""

from __future__ import annotations

import errno
import hashlib
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.store import atomic
from companion.store.atomic import (
    Damaged,
    NotRegularFile,
    atomic_copy,
    atomic_write,
    keep_previous,
    move_into_place,
    read_regular,
    remove_temp_files,
    seal,
    unseal,
    write_temp,
)


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).hexdigest().encode()


def test_a_sealed_object_starts_with_the_checksum_of_its_body() -> None:
    assert seal(b'{"a":1}') == b'{"_checksum":"' + sha(b'{"a":1}') + b'","a":1}'
    assert seal(b"{}") == b'{"_checksum":"' + sha(b"{}") + b'"}'
    assert unseal(seal(b'{"a":1}')) == (b'{"a":1}', True)
    assert unseal(seal(b"{}")) == (b"{}", True)
    assert unseal(b'{"a":1}') == (b'{"a":1}', False), "written before checksums existed"


def test_data_is_encoded_as_compact_utf8_json() -> None:
    assert atomic.encode({"a": [1, "é"], "b": None}) == '{"a":[1,"é"],"b":null}'.encode()


def test_only_an_object_can_be_sealed() -> None:
    with pytest.raises(ValueError, match="^only a JSON object can be sealed$"):
        seal(b"[1]")


@pytest.mark.parametrize(("raw", "message"), [
    (seal(b'{"a":1}')[:40], "the checksum is cut short"),
    (seal(b"{}") + b" ", "the checksum is cut short"),
    (seal(b'{"a":1}').replace(b'"a"', b'"b"'), "the checksum does not match"),
    (seal(b"{}").replace(b'"}', b'"]'), "the checksum is cut short"),
])
def test_a_damaged_seal_says_how(raw: bytes, message: str) -> None:
    with pytest.raises(Damaged, match=f"^{message}$"):
        unseal(raw)


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(b"x" * 100_000)
    assert read_regular(tmp_path / "a.json") == b"x" * 100_000


def test_a_folder_is_no_regular_file(tmp_path: Path) -> None:
    with pytest.raises(NotRegularFile) as caught:
        read_regular(tmp_path)
    assert (caught.value.errno, caught.value.strerror, caught.value.filename) == (
        errno.EISDIR, "not a regular file", str(tmp_path))


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "a.json"
    os.mkfifo(pipe)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_regular(pipe)
        except BaseException as exc:  # handed to the test
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():
        os.close(os.open(pipe, os.O_RDWR))  # let the blocked reader go
        pytest.fail("reading a pipe waited for a writer")
    assert isinstance(outcome[0], NotRegularFile)
    assert outcome[0].errno == errno.EINVAL


def test_a_file_is_opened_without_blocking_and_never_inherited(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pipe must not hang the read, and a process started meanwhile gets no handle."""
    flags: list[int] = []
    real = os.open

    def opening(path: Any, flag: int, *args: Any) -> int:
        flags.append(flag)
        return real(path, flag, *args)

    monkeypatch.setattr(atomic.os, "open", opening)
    (tmp_path / "a.json").write_bytes(b"{}")
    read_regular(tmp_path / "a.json")
    assert flags == [os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC]


def test_syncs_reach_the_file_and_its_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A write is durable only once the file and then the rename in its folder are synced."""
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.fstat(fd).st_ino)
        real(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    target = tmp_path / "store.json"
    atomic_write(target, b"new")
    assert synced[-1] == tmp_path.stat().st_ino
    assert target.stat().st_ino in synced[:-1]
    synced.clear()
    atomic.fsync_file(target)
    assert synced == [target.stat().st_ino]


def test_a_temp_file_is_written_whole_beside_its_target(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Named so that the sweep at opening knows it; a short write is carried on."""
    real = os.write
    monkeypatch.setattr(atomic.os, "write", lambda fd, data: real(fd, bytes(data[:3])))
    temp = write_temp(tmp_path / "store.json", b"0123456789")
    assert temp.parent == tmp_path
    assert temp.name.startswith(".store.json.") and temp.name.endswith(".tmp")
    assert temp.read_bytes() == b"0123456789"
    assert remove_temp_files([tmp_path]) == [temp]


def test_a_failed_temp_write_leaves_nothing(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(OSError, match="Input/output error"):
        atomic_write(tmp_path / "store.json", b"new")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_failure_is_told_even_when_its_temp_cannot_be_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """The cause matters to the player (a full disk), not the failed cleanup after it."""
    def failing(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def unlink(path: Any) -> None:
        raise OSError(errno.EBUSY, "Device or resource busy")

    monkeypatch.setattr(atomic.os, step, failing)
    monkeypatch.setattr(atomic.os, "unlink", unlink)
    with pytest.raises(OSError, match="No space left"):
        atomic_write(tmp_path / "store.json", b"new")


def test_a_write_keeps_the_previous_version_only_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "store.json"
    atomic_write(target, b"one")
    atomic_write(target, b"two")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.json"]
    atomic_write(target, b"three", keep_prev=True)
    assert (tmp_path / "store.json.prev").read_bytes() == b"two"
    assert target.read_bytes() == b"three"
    temp = write_temp(target, b"four")
    move_into_place(temp, target)
    assert (tmp_path / "store.json.prev").read_bytes() == b"two", "not by default"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.json", "store.json.prev"]


def test_the_previous_version_is_a_link_or_else_a_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "store.json"
    target.write_bytes(b"old")
    keep_previous(target)
    assert (tmp_path / "store.json.prev").stat().st_ino == target.stat().st_ino

    def link(source: Any, dest: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", link)
    target.unlink()
    target.write_bytes(b"older")
    keep_previous(target)
    prev = tmp_path / "store.json.prev"
    assert prev.read_bytes() == b"older" and prev.stat().st_ino != target.stat().st_ino
    target.unlink()
    keep_previous(target)
    keep_previous(tmp_path / "never.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.json.prev"]


def test_a_failed_rename_leaves_no_temp(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def replace(source: Any, target: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    (tmp_path / "store.json").write_bytes(b"old")
    monkeypatch.setattr(atomic.os, "replace", replace)
    with pytest.raises(OSError, match="Read-only"):
        atomic_write(tmp_path / "store.json", b"new")
    with pytest.raises(OSError, match="Read-only"):
        atomic_copy(tmp_path / "store.json", tmp_path / "copy.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.json"]


def test_a_copy_cut_short_before_its_rename_leaves_a_temp_the_sweep_knows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.json").write_bytes(b"content")
    (tmp_path / "copies").mkdir()
    monkeypatch.setattr(atomic, "move_into_place", lambda temp, path: None)
    atomic_copy(tmp_path / "a.json", tmp_path / "copies" / "b.json")
    (temp,) = (tmp_path / "copies").iterdir()
    assert temp.name.startswith(".b.json.") and temp.read_bytes() == b"content"
    assert remove_temp_files([tmp_path / "copies"]) == [temp]


def test_a_failed_copy_is_told_even_when_its_temp_cannot_be_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def unlink(path: Any) -> None:
        raise OSError(errno.EBUSY, "Device or resource busy")

    monkeypatch.setattr(atomic.os, "unlink", unlink)
    with pytest.raises(FileNotFoundError):
        atomic_copy(tmp_path / "gone.json", tmp_path / "b.json")


def test_a_copy_keeps_content_and_time(tmp_path: Path) -> None:
    source = tmp_path / "a.json"
    source.write_bytes(b"content")
    os.utime(source, ns=(1_000_000_000, 1_000_000_000))
    (tmp_path / "b.json").write_bytes(b"old")
    atomic_copy(source, tmp_path / "b.json")
    assert (tmp_path / "b.json").read_bytes() == b"content"
    assert (tmp_path / "b.json").stat().st_mtime_ns == 1_000_000_000
    with pytest.raises(FileNotFoundError):
        atomic_copy(tmp_path / "gone.json", tmp_path / "c.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_the_sweep_removes_only_leftovers_of_writes(tmp_path: Path) -> None:
    """Temp files of data files and their `.prev`, and temporary folders; never a data
    file, another file, a folder named like a temp file, or a link."""
    leftovers = [tmp_path / ".store.json.k2_x9.tmp", tmp_path / ".store.json.prev.ab12.tmp",
                 tmp_path / ".tmp-2024-07-01-ab12"]
    leftovers[0].write_bytes(b"")
    leftovers[1].write_bytes(b"")
    (leftovers[2] / "archive").mkdir(parents=True)
    kept = ["a.json", "b.tmp", ".c.txt.x.tmp", ".d.json.x.tmp", ".e.json.x.tmp", ".tmp-f",
            "z.json"]
    for name in ("a.json", "b.tmp", ".c.txt.x.tmp", "z.json"):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / ".d.json.x.tmp").mkdir()
    (tmp_path / ".e.json.x.tmp").symlink_to(tmp_path / "a.json")
    (tmp_path / ".tmp-f").symlink_to(tmp_path / ".d.json.x.tmp")
    other = tmp_path / "other"
    other.mkdir()
    (other / ".ongoing.json.x.tmp").write_bytes(b"")
    removed = remove_temp_files([tmp_path / "none", tmp_path, other])
    assert sorted(removed) == sorted([*leftovers, other / ".ongoing.json.x.tmp"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "other"])
    assert list(other.iterdir()) == []


def test_a_leftover_that_cannot_be_removed_does_not_stop_the_sweep(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (".tmp-a", ".tmp-b"):
        (tmp_path / name).mkdir()
    real = atomic.shutil.rmtree
    refused: list[str] = []

    def rmtree(path: Path) -> None:
        if not refused:
            refused.append(path.name)
            raise OSError(errno.EBUSY, "Device or resource busy")
        real(path)

    monkeypatch.setattr(atomic.shutil, "rmtree", rmtree)
    (removed,) = remove_temp_files([tmp_path])
    assert sorted(p.name for p in tmp_path.iterdir()) == refused
    assert removed.name != refused[0]
