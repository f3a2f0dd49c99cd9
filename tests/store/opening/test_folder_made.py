"""`open_store` makes the data folder it is given, with the folders above it, and
opens one that exists; a folder that cannot be made is refused in words that name it,
give the system's reason and say how to choose another."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.store import StoreError, open_store


def test_a_data_folder_is_made_with_the_folders_above_it(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b" / "data"
    with open_store(folder) as store:
        store.add_player("Ana")
    assert folder.is_dir()
    with open_store(folder) as store:  # made already: opened as it is
        assert store.players() == ["Ana"]


@pytest.mark.skipif(sys.platform == "win32", reason="the system's words are POSIX's")
def test_a_data_folder_under_a_file_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    folder = tmp_path / "file" / "data"
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"Cannot create the data folder {folder}: Not a directory. Choose another one with"
        " --data-dir.")


def test_a_reason_without_words_is_the_error_s_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def gone(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError("the drive went away")

    monkeypatch.setattr(Path, "mkdir", gone)
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path / "data")
    assert str(refused.value) == (
        f"Cannot create the data folder {tmp_path / 'data'}: the drive went away. Choose"
        " another one with --data-dir.")
