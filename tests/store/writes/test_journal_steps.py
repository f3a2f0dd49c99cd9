"""The journal (`journal.py`) on its own: one file or many written as one step, a batch
that gathers them and tells each participant how it went, a failure before the commit
point that leaves nothing, one after it that is finished later, and what an opening
does with the record of a commit it finds."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from companion.store import journal as journal_module
from companion.store.atomic import digest, encode, seal
from companion.store.journal import FORMAT, MANIFEST, Journal, Recovery, view


class Owner:
    """A participant that writes down what it was told."""

    def __init__(self, told: list[str], name: str) -> None:
        self.told, self.name = told, name

    def committed(self) -> None:
        self.told.append(f"{self.name} committed")

    def rolled_back(self) -> None:
        self.told.append(f"{self.name} rolled back")


def files(folder: Path) -> dict[str, bytes]:
    """Every file of the folder but the temp link of a `.prev` made again over itself
    (renaming a file over another link to it leaves both: the sweep at opening goes)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and ".prev." not in p.name}


def fail_on(monkeypatch: pytest.MonkeyPatch, name: str, when: Any) -> None:
    """Make `os.<name>` fail with EIO when `when(*args)` is true."""
    real = getattr(os, name)

    def failing(*args: Any, **kwargs: Any) -> Any:
        if when(*args):
            raise OSError(errno.EIO, "Input/output error")
        return real(*args, **kwargs)

    monkeypatch.setattr(journal_module.os, name, failing)


def test_a_file_staged_alone_is_written_at_once_keeping_its_previous(tmp_path: Path) -> None:
    told: list[str] = []
    journal = Journal(tmp_path)
    journal.stage(tmp_path / "store.json", b"one", Owner(told, "a"))
    journal.stage(tmp_path / "archive" / "2024-07.json", b"july")
    journal.stage(tmp_path / "store.json", b"two")
    assert told == ["a committed"]
    assert files(tmp_path) == {"archive/2024-07.json": b"july", "store.json": b"two",
                               "store.json.prev": b"one"}


def test_a_batch_writes_its_files_together_at_its_end(tmp_path: Path) -> None:
    told: list[str] = []
    journal = Journal(tmp_path)
    (tmp_path / "store.json").write_bytes(b"old")
    with journal.batch():
        journal.stage(tmp_path / "store.json", b"new", Owner(told, "a"))
        with journal.batch():
            journal.stage(tmp_path / "archive" / "2024-07.json", b"july", Owner(told, "b"))
        journal.stage(tmp_path / "ongoing.json", b"ongoing")
        assert files(tmp_path) == {"store.json": b"old"}, "nothing before its end"
        assert told == []
    assert told == ["a committed", "b committed"]
    assert files(tmp_path) == {"archive/2024-07.json": b"july", "ongoing.json": b"ongoing",
                               "store.json": b"new", "store.json.prev": b"old"}
    with journal.batch():
        pass
    assert "commit.json" not in files(tmp_path)


def test_a_batch_whose_body_fails_writes_nothing_and_rolls_back(tmp_path: Path) -> None:
    told: list[str] = []
    journal = Journal(tmp_path)
    with pytest.raises(KeyError), journal.batch():
        journal.stage(tmp_path / "store.json", b"new", Owner(told, "a"))
        journal.stage(tmp_path / "ongoing.json", b"new")
        raise KeyError("stop")
    assert told == ["a rolled back"]
    assert files(tmp_path) == {}
    journal.stage(tmp_path / "store.json", b"after", Owner(told, "c"))
    assert told == ["a rolled back", "c committed"], "no batch is left open"


@pytest.mark.parametrize("step", ["second temp", "manifest", "folder sync"])
def test_a_commit_failing_before_its_commit_point_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    told: list[str] = []
    journal = Journal(tmp_path)
    (tmp_path / "store.json").write_bytes(b"old")
    if step == "second temp":
        monkeypatch.setattr(journal_module, "write_temp", _failing_second_temp())
    elif step == "manifest":
        monkeypatch.setattr(journal_module, "move_into_place", _failing_move)
    else:
        monkeypatch.setattr(journal_module, "fsync_dir", _failing_folder_sync(tmp_path))
    with pytest.raises(OSError, match="Input/output error"), journal.batch():
        journal.stage(tmp_path / "store.json", b"new", Owner(told, "a"))
        journal.stage(tmp_path / "ongoing.json", b"new", Owner(told, "b"))
    assert told == ["a rolled back", "b rolled back"]
    assert files(tmp_path) == {"store.json": b"old"}


def _failing_second_temp() -> Any:
    real = journal_module.write_temp
    made: list[Path] = []

    def write_temp(path: Path, data: bytes) -> Path:
        if made:
            raise OSError(errno.EIO, "Input/output error")
        made.append(path)
        return real(path, data)

    return write_temp


def _failing_move(temp: Path | str, path: Path, **kwargs: Any) -> None:
    os.unlink(temp)
    raise OSError(errno.EIO, "Input/output error")


def _failing_folder_sync(folder: Path) -> Any:
    real = journal_module.fsync_dir

    def fsync_dir(path: Path) -> None:
        if path == folder and (folder / MANIFEST).exists():
            raise OSError(errno.EIO, "Input/output error")
        real(path)

    return fsync_dir


def test_a_switch_failing_after_the_commit_point_is_finished_before_the_next_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit has happened: the save succeeds, and the switch is finished by the
    next commit or at closing."""
    journal = Journal(tmp_path)
    fail_on(monkeypatch, "replace", lambda source, target: Path(target).name == "ongoing.json")
    journal.commit({tmp_path / "store.json": b"new", tmp_path / "ongoing.json": b"new"})
    assert (tmp_path / MANIFEST).exists()
    monkeypatch.undo()
    journal.commit({tmp_path / "archive" / "2024-07.json": b"july"})
    assert files(tmp_path) == {"archive/2024-07.json": b"july", "ongoing.json": b"new",
                               "store.json": b"new"}
    again = Journal(tmp_path)
    fail_on(monkeypatch, "replace", lambda source, target: Path(target).name == "store.json")
    again.commit({tmp_path / "store.json": b"newer", tmp_path / "ongoing.json": b"newer"})
    monkeypatch.undo()
    again.close()
    assert files(tmp_path) == {"archive/2024-07.json": b"july", "ongoing.json": b"newer",
                               "ongoing.json.prev": b"new", "store.json": b"newer",
                               "store.json.prev": b"new"}


def test_a_folder_sync_failing_after_a_single_write_is_done_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[Path] = []
    failed: list[Path] = []

    def fsync_dir(path: Path) -> None:
        if not failed:
            failed.append(path)
            raise OSError(errno.EIO, "Input/output error")
        synced.append(path)

    monkeypatch.setattr(journal_module, "fsync_dir", fsync_dir)
    journal = Journal(tmp_path)
    journal.stage(tmp_path / "archive" / "2024-07.json", b"july")
    assert failed == [tmp_path / "archive"] and synced == []
    journal.stage(tmp_path / "store.json", b"new")
    assert synced == [tmp_path / "archive", tmp_path]
    journal.stage(tmp_path / "store.json", b"newer")
    assert synced == [tmp_path / "archive", tmp_path, tmp_path], "once"


def interrupted(folder: Path, monkeypatch: pytest.MonkeyPatch, stop: str) -> None:
    """A commit of store.json and ongoing.json whose switch stopped at `stop`'s rename."""
    (folder / "store.json").write_bytes(b"old")
    (folder / "ongoing.json").write_bytes(b"old")
    fail_on(monkeypatch, "replace", lambda source, target: Path(target).name == stop)
    Journal(folder).commit({folder / "store.json": b"new", folder / "ongoing.json": b"new"})
    monkeypatch.undo()


def test_an_opening_finishes_a_commit_past_its_commit_point(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    interrupted(tmp_path, monkeypatch, "ongoing.json")
    committed, found = view(tmp_path)
    assert committed == (tmp_path / MANIFEST).read_bytes()
    assert found == {tmp_path / "ongoing.json": b"new"}
    assert Journal(tmp_path).recover() == Recovery()
    assert files(tmp_path) == {"ongoing.json": b"new", "ongoing.json.prev": b"old",
                               "store.json": b"new", "store.json.prev": b"old"}
    assert Journal(tmp_path).recover() == Recovery()
    assert view(tmp_path) == (None, {})


def test_an_opening_names_a_file_lost_after_the_commit_point(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    interrupted(tmp_path, monkeypatch, "ongoing.json")
    (temp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".ongoing.json.")]
    temp.unlink()
    assert view(tmp_path)[1] == {}
    assert Journal(tmp_path).recover() == Recovery(lost=[tmp_path / "ongoing.json"])
    assert files(tmp_path) == {"ongoing.json": b"old", "ongoing.json.prev": b"old",
                               "store.json": b"new", "store.json.prev": b"old"}


def test_an_opening_undoes_a_commit_that_was_never_durable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No file switched yet and a temp missing: the commit point was never reached."""
    interrupted(tmp_path, monkeypatch, "store.json")
    (temp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".store.json.")]
    temp.unlink()
    assert Journal(tmp_path).recover() == Recovery()
    assert files(tmp_path) == {"ongoing.json": b"old", "store.json": b"old",
                               "store.json.prev": b"old"}


def test_an_opening_sets_a_damaged_record_aside(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_bytes(b'{"format": "wonderful-companion-commit"}')
    assert Journal(tmp_path).recover() == Recovery(damaged=tmp_path / "commit.json.damaged")
    assert files(tmp_path) == {"commit.json.damaged":
                               b'{"format": "wonderful-companion-commit"}'}
    assert view(tmp_path) == (None, {})
    (tmp_path / MANIFEST).write_bytes(b"{}")
    assert view(tmp_path) == (b"{}", {})


def test_a_reader_takes_only_a_temp_whose_content_matches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    interrupted(tmp_path, monkeypatch, "ongoing.json")
    (temp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".ongoing.json.")]
    temp.write_bytes(b"changed")
    assert view(tmp_path)[1] == {}
    temp.write_bytes(b"new")
    assert digest(b"new") in (tmp_path / MANIFEST).read_text()
    assert view(tmp_path)[1] == {tmp_path / "ongoing.json": b"new"}


def test_a_file_is_written_where_its_folders_do_not_exist_yet(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.stage(tmp_path / "a" / "b" / "store.json", b"one")
    journal.commit({tmp_path / "c" / "d" / "x.json": b"x", tmp_path / "e" / "f" / "y.json": b"y"})
    assert files(tmp_path) == {"a/b/store.json": b"one", "c/d/x.json": b"x",
                               "e/f/y.json": b"y"}


def test_a_record_found_on_the_disk_is_left_to_the_opening(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new journal finishes only its own commits: one it finds is judged by `recover`."""
    interrupted(tmp_path, monkeypatch, "ongoing.json")
    record = (tmp_path / MANIFEST).read_bytes()
    Journal(tmp_path).stage(tmp_path / "settings.json", b"x")
    assert (tmp_path / MANIFEST).read_bytes() == record
    assert files(tmp_path)["ongoing.json"] == b"old"


@pytest.mark.parametrize("trouble", ["still failing", "unsealed", "no format", "a number"])
def test_closing_with_a_switch_it_cannot_finish_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trouble: str) -> None:
    """The opening after finishes it, or sets its damaged record aside."""
    journal = Journal(tmp_path)
    fail_on(monkeypatch, "replace", lambda source, target: Path(target).name == "ongoing.json")
    journal.commit({tmp_path / "store.json": b"new", tmp_path / "ongoing.json": b"new"})
    if trouble != "still failing":
        monkeypatch.undo()
        (tmp_path / MANIFEST).write_bytes({
            "unsealed": b'{"format": "wonderful-companion-commit", "files": []}',
            "no format": seal(encode({"files": []})),
            "a number": seal(encode({"format": FORMAT, "files": [
                {"target": 7, "temp": "x", "sha256": "0"}]})),
        }[trouble])
    journal.close()
    assert (tmp_path / MANIFEST).exists()


def test_a_failed_commit_is_told_by_its_cause_even_when_its_temps_stay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk is what the player must hear of, not the cleanup that failed after."""
    monkeypatch.setattr(journal_module, "write_temp", _failing_second_temp())

    def unlink(path: Any) -> None:
        raise OSError(errno.EBUSY, "Device or resource busy")

    monkeypatch.setattr(journal_module.os, "unlink", unlink)
    with pytest.raises(OSError, match="Input/output error"):
        Journal(tmp_path).commit({tmp_path / "store.json": b"new",
                                  tmp_path / "ongoing.json": b"new"})


def test_a_temp_damaged_after_the_commit_point_is_never_switched_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its file is named lost and keeps what it held: a damaged content never replaces it."""
    interrupted(tmp_path, monkeypatch, "ongoing.json")
    (temp,) = [p for p in tmp_path.iterdir() if p.name.startswith(".ongoing.json.")]
    temp.write_bytes(b"damaged")
    assert Journal(tmp_path).recover() == Recovery(lost=[tmp_path / "ongoing.json"])
    assert (tmp_path / "ongoing.json").read_bytes() == b"old"
    assert (tmp_path / "store.json").read_bytes() == b"new"
