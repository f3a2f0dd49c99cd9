"""The lock that keeps the data folder to one app (`open_store`): a second opening is
refused at once, without waiting for the other app to let go; a store closed from
another thread than the one that opened it lets the folder go (the app's window closes
it from its own thread); and a file system that cannot lock files is refused in words
rather than opened unguarded, since TinyDB is not safe with two writers."""

from __future__ import annotations

import errno
import threading
import time
from pathlib import Path

import filelock._unix
import pytest

from companion.store import StoreError, StoreLocked, open_store


def test_a_folder_already_open_is_refused_without_waiting(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def waiting(seconds: float) -> None:
        raise AssertionError(f"waited {seconds} s for the other app")

    with open_store(folder):
        monkeypatch.setattr(time, "sleep", waiting)
        with pytest.raises(StoreLocked) as refused:
            open_store(folder)
        monkeypatch.undo()
    assert str(refused.value) == (
        f"The data folder {folder} is already open in another window or copy of the app."
        " Close it there first, or use another folder with --data-dir.")


def test_a_store_closed_by_another_thread_lets_the_folder_go(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ana")
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(timeout=30)
    with open_store(folder) as again:
        assert again.players() == ["Ana"]


def test_a_file_system_that_cannot_lock_files_is_refused(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_locks(fd: int) -> bool:
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(filelock._unix, "lock_fd_nonblocking", no_locks)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"Cannot write in the data folder {folder}: Function not implemented. Nothing was"
        " changed. Make it writable, or choose another folder with --data-dir.")
    monkeypatch.undo()
    with open_store(folder) as store:
        assert store.players() == []
