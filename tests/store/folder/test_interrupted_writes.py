"""Writes a crash or a failure stops half way: a file copied into place (a backup put
back) goes through a temp file beside its target, which the next opening removes if the
copy never finished; a failed copy leaves nothing and says its own error; a commit
stopped during its switch is finished at the next opening, and a file whose new
content went missing is named."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from store_samples import fake_record

from companion.store import atomic, journal, open_store
from companion.store.atomic import atomic_copy, digest, encode, remove_temp_files, seal
from companion.store.journal import FORMAT, MANIFEST, Journal
from companion.store.schema import MAIN_FILE, ONGOING_FILE


class Crash(BaseException):
    """The process stops here: nothing after it runs, no cleanup."""


def test_a_copy_stopped_before_its_rename_leaves_a_temp_the_next_opening_removes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, target = tmp_path / "copy.json", tmp_path / "data" / MAIN_FILE
    source.write_bytes(b"{}")
    target.parent.mkdir()
    temps: list[Path] = []

    def crash(temp: Path | str, path: Path, **kwargs: Any) -> None:
        temps.append(Path(temp))
        raise Crash

    monkeypatch.setattr(atomic, "move_into_place", crash)
    with pytest.raises(Crash):
        atomic_copy(source, target)
    (temp,) = temps
    assert temp.parent == target.parent and temp.read_bytes() == b"{}"
    assert remove_temp_files([target.parent]) == [temp]
    assert list(target.parent.iterdir()) == []


def test_a_copy_that_fails_leaves_nothing_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / MAIN_FILE
    with pytest.raises(FileNotFoundError):
        atomic_copy(tmp_path / "gone.json", target)
    assert list(tmp_path.iterdir()) == []

    def unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "unlink", unlink)  # the temp cannot even be removed
    with pytest.raises(FileNotFoundError):
        atomic_copy(tmp_path / "gone.json", target)
    assert not target.exists()


def test_a_commit_stopped_during_its_switch_is_finished_but_for_a_lost_file(
        folder: Path) -> None:
    """store.json was switched; ongoing.json's temp is gone (a disk that lost it): the
    commit is finished, the player told which file's new content was lost."""
    with open_store(folder) as store:
        store.add_player("Ana")
        store.save_game(fake_record("g", 3))
    ongoing = (folder / ONGOING_FILE).read_bytes()
    manifest = {"format": FORMAT, "files": [
        {"target": MAIN_FILE, "temp": f".{MAIN_FILE}.a1.tmp",
         "sha256": digest((folder / MAIN_FILE).read_bytes())},
        {"target": ONGOING_FILE, "temp": f".{ONGOING_FILE}.b2.tmp",
         "sha256": digest(b"the new content, lost")}]}
    (folder / MANIFEST).write_bytes(seal(encode(manifest)))
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            "An interrupted update of your data was finished, except for"
            f" {folder / ONGOING_FILE}, whose new content was lost."]
        assert store.players() == ["Ana"] and store.game("g") is not None
    assert not (folder / MANIFEST).exists()
    assert (folder / ONGOING_FILE).read_bytes() == ongoing


def test_a_reader_during_a_switch_takes_each_file_not_yet_switched_from_its_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only reader that comes between two renames of a commit: the first file is
    already in place (its temp is gone), the next ones are still in their temps, and
    must be read from there, or the reader would mix the new first file with old ones."""
    first, second, third = (tmp_path / name for name in ("a.json", "b.json", "c.json"))
    for path in (first, second, third):
        path.write_bytes(b"old")
    real_replace = os.replace

    def stop_before_the_second(source: Any, target: Any) -> None:
        if Path(target) == second:
            raise OSError(errno.EIO, "the switch stopped here")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", stop_before_the_second)
    Journal(tmp_path).commit({first: b"new a", second: b"new b", third: b"new c"})
    monkeypatch.undo()

    raw, found = journal.view(tmp_path)

    assert raw == (tmp_path / MANIFEST).read_bytes()
    assert first.read_bytes() == b"new a"
    assert found == {second: b"new b", third: b"new c"}


def test_two_files_whose_new_content_was_lost_are_both_named(folder: Path) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
        store.save_game(fake_record("g", 3))
    manifest = {"format": FORMAT, "files": [
        {"target": MAIN_FILE, "temp": f".{MAIN_FILE}.a1.tmp",
         "sha256": digest((folder / MAIN_FILE).read_bytes())},
        {"target": ONGOING_FILE, "temp": f".{ONGOING_FILE}.b2.tmp",
         "sha256": digest(b"the new content, lost")},
        {"target": "archive/2025-01.json", "temp": "archive/.2025-01.json.c3.tmp",
         "sha256": digest(b"a month's new content, lost too")}]}
    (folder / MANIFEST).write_bytes(seal(encode(manifest)))
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            "An interrupted update of your data was finished, except for"
            f" {folder / ONGOING_FILE}, {folder / 'archive' / '2025-01.json'}, whose new"
            " content was lost."]


def test_a_damaged_record_of_an_interrupted_update_is_set_aside_and_told(
        folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 3))
    (folder / MANIFEST).write_bytes(b'{"format": "wonderful-companion-commit"}')
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            "An interrupted update of your data could not be finished: its record"
            f" {folder / MANIFEST} is damaged and was kept aside as"
            f" {folder / (MANIFEST + '.damaged')}."]
        assert store.game("g") is not None
    assert (folder / (MANIFEST + ".damaged")).read_bytes() == \
        b'{"format": "wonderful-companion-commit"}'


def test_the_probe_of_a_writable_folder_left_by_a_crash_goes_at_the_next_opening(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening writes a file to learn whether it may write: a crash before that file
    is removed leaves it, named as a temp file, which the next opening removes."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 3))
    before = sorted(path.name for path in folder.iterdir())
    real = os.unlink

    def crash(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(path).parent == folder:
            raise Crash
        real(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", crash)
    with pytest.raises(Crash):
        open_store(folder)
    monkeypatch.undo()
    (left,) = [path for path in folder.iterdir() if path.name not in before]
    with open_store(folder) as store:
        assert store.game("g") is not None
    assert not left.exists()
    assert sorted(path.name for path in folder.iterdir()) == before
