"""A killed `companion export FILE` leaves its temporary file beside FILE; the next export,
or `companion check`, removes it and says so. An export still being written is never
touched, nor is any file the app did not make."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from companion.cli import main
from companion.store import exports
from companion.store.exports import RECORDS, recorded, state_dir, sweep
from companion.store.store import open_store

KILLED_AT = {
    "rename": "import companion.store.atomic as a\n"
              "a.move_into_place = lambda *_, **__: os.kill(os.getpid(), signal.SIGKILL)\n",
    "fsync": "real = os.fsync\n"
             "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n",
}
"""Where the export is killed: just before the rename (the temp file whole), or while
its bytes are made durable (the temp file maybe partial)."""


@pytest.fixture(autouse=True)
def own_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own records (the killed exports inherit the environment)."""
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))


def _data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    with open_store(folder) as store:
        store.add_player("Ana")
    return folder


def _killed_export(data: Path, target: Path, moment: str) -> None:
    code = ("import os, signal, sys\n" + KILLED_AT[moment]
            + "from companion.cli import main\n"
            + f"main(['--data-dir', {str(data)!r}, 'export', {str(target)!r}])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=os.environ, timeout=120)
    assert done.returncode == -9, done.stderr


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _dead_export(folder: Path, record: str = "0123456789abcdef.export") -> tuple[Path, Path]:
    """What an export killed while writing `folder`/a.json leaves: its temp file, and its
    record in the state folder. Gives both (the temp, the records' folder)."""
    left = folder / ".a.json.abcd1234.tmp"
    left.write_text("{", encoding="utf-8")
    records = state_dir() / RECORDS
    records.mkdir(parents=True, exist_ok=True)
    (records / record).write_text(str(folder / "a.json"), encoding="utf-8")
    return left, records


@pytest.mark.parametrize("moment", sorted(KILLED_AT))
def test_the_next_export_removes_what_a_killed_one_left(
        tmp_path: Path, moment: str, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = _data(tmp_path), tmp_path / "out"
    out.mkdir()
    target = out / "backup.json"
    _killed_export(data, target, moment)
    left = _leftovers(out)
    assert len(left) == 1 and left[0].startswith(".backup.json.") and not target.exists()
    assert main(["--data-dir", str(data), "export", str(target)]) == 0
    said = capsys.readouterr()
    assert "Removed 1 file an interrupted export left: " + str(out / left[0]) in said.err
    assert _leftovers(out) == [] and target.is_file()
    assert not list((state_dir() / RECORDS).glob("*.export")), "the records are gone too"


def test_check_removes_it_and_says_so(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    data, target = _data(tmp_path), tmp_path / "elsewhere" / "my backup.json"
    target.parent.mkdir()
    _killed_export(data, target, "rename")
    left = _leftovers(target.parent)
    assert len(left) == 1
    assert main(["--data-dir", str(data), "check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Removed 1 file an interrupted export left: {target.parent / left[0]}")
    assert _leftovers(target.parent) == []
    assert main(["--data-dir", str(data), "check"]) == 0
    assert "Removed" not in capsys.readouterr().out, "said once, when it happened"


def test_two_killed_exports_are_counted_as_two(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    records = state_dir() / RECORDS
    records.mkdir(parents=True)
    for number, name in enumerate(("a.json", "b.json")):
        (tmp_path / f".{name}.abcd123{number}.tmp").write_text("{", encoding="utf-8")
        (records / f"{number:016}.export").write_text(str(tmp_path / name), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path / "none"), "check"]) == 0
    assert capsys.readouterr().out.startswith("Removed 2 files interrupted exports left: ")
    assert _leftovers(tmp_path) == []


def test_an_export_being_written_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "backup.json"
    writing = tmp_path / ".backup.json.abcd1234.tmp"
    with recorded(target):  # this export is alive: it holds its record's lock
        writing.write_text("half", encoding="utf-8")
        assert sweep() == []
        assert writing.exists()
    writing.unlink()


def test_only_the_files_an_export_makes_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "backup.json"
    mine = tmp_path / ".backup.json.k3x9q2ab.tmp"
    theirs = [tmp_path / name for name in (
        "backup.json.tmp", ".backup.json.notes.tmp", ".other.json.k3x9q2ab.tmp",
        ".backup.json.k3x9q2ab.tmp.keep", ".backup.json.toolong123.tmp")]
    for path in (mine, *theirs):
        path.write_text("x", encoding="utf-8")
    link = tmp_path / ".backup.json.linked00.tmp"
    link.symlink_to(theirs[0])
    records = state_dir() / RECORDS
    records.mkdir(parents=True, exist_ok=True)
    (records / "0123456789abcdef.export").write_text(str(target), encoding="utf-8")
    assert sweep() == [mine]
    assert all(path.exists() for path in theirs) and link.is_symlink()


def test_an_export_without_a_place_for_its_record_still_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("COMPANION_STATE_DIR", str(blocked))
    data, target = _data(tmp_path), tmp_path / "backup.json"
    assert main(["--data-dir", str(data), "export", str(target)]) == 0
    assert target.is_file() and _leftovers(tmp_path) == []
    assert "Exported" in capsys.readouterr().out


def test_a_leftover_removed_meanwhile_does_not_stop_the_sweep(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The player (or another tool) deletes a temporary file between the sweep's listing
    # of the folder and its removal: the sweep goes on with the others, quietly.
    gone, kept = tmp_path / ".a.json.abcd1230.tmp", tmp_path / ".a.json.abcd1231.tmp"
    for path in (gone, kept):
        path.write_text("{", encoding="utf-8")
    records = state_dir() / RECORDS
    records.mkdir(parents=True)
    (records / "0123456789abcdef.export").write_text(str(tmp_path / "a.json"),
                                                      encoding="utf-8")
    listing = os.scandir

    def listed_then_deleted(path: Any) -> Any:
        if Path(path) != tmp_path:
            return listing(path)
        with listing(path) as found:
            entries = sorted(found, key=lambda entry: entry.name)
        gone.unlink()
        return iter(entries)

    monkeypatch.setattr(os, "scandir", listed_then_deleted)
    assert sweep() == [kept]
    monkeypatch.undo()
    assert _leftovers(tmp_path) == []
    assert not list(records.glob("*.export")), "the record is gone"


def test_a_live_export_keeps_its_files_from_a_dead_one_to_the_same_file(
        tmp_path: Path) -> None:
    # Two exports to one file: an earlier one died, this one is still writing. Their
    # temporary files look alike, so none is removed while one of them may be the live
    # one's; a dead export to another file, listed after the live one, is still swept,
    # and at once: a live export's lock is tried, never waited for.
    target, other = tmp_path / "backup.json", tmp_path / "other.json"
    writing = tmp_path / ".backup.json.abcd1234.tmp"
    left = tmp_path / ".other.json.abcd1234.tmp"
    records = state_dir() / RECORDS
    records.mkdir(parents=True)
    (records / "00-dead-same.export").write_text(str(target), encoding="utf-8")
    (records / "zz-dead-other.export").write_text(str(other), encoding="utf-8")
    with recorded(target):
        writing.write_text("half", encoding="utf-8")
        left.write_text("half", encoding="utf-8")
        started = time.monotonic()
        assert sweep() == [left]
        assert time.monotonic() - started < 1.0
        assert writing.exists()
        assert len(list(records.glob("*.export"))) == 1, "only the live export's record"
    assert list(records.iterdir()) == [], "no record and no lock file left behind"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_STATE_HOME is Linux's")
@pytest.mark.parametrize(("chosen", "expected"), [
    (None, "xdg/wonderful-companion"),
    ("   ", "xdg/wonderful-companion"),
    (" records ", "cwd/records"),
])
def test_the_records_are_kept_in_the_users_state_folder_unless_one_is_chosen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: str | None,
        expected: str) -> None:
    # On Linux the state folder is XDG_STATE_HOME's, in the app's own folder; a folder
    # chosen by COMPANION_STATE_DIR (blank: none) is taken from where the app started.
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    if chosen is None:
        monkeypatch.delenv("COMPANION_STATE_DIR")
    else:
        monkeypatch.setenv("COMPANION_STATE_DIR", chosen)
    assert state_dir() == tmp_path / expected


def test_the_state_folder_has_no_author_folder_above_the_app_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows an author folder would come first unless asked for none (elsewhere
    platformdirs reads no author): the app's folder sits in the user's state folder."""
    asked: list[tuple[Any, ...]] = []

    def user_state_dir(*args: Any, **kwargs: Any) -> str:
        asked.append((args, kwargs))
        return str(tmp_path / "state-home")

    monkeypatch.delenv("COMPANION_STATE_DIR")
    monkeypatch.setattr(platformdirs, "user_state_dir", user_state_dir)
    assert state_dir() == tmp_path / "state-home"
    assert asked == [(("wonderful-companion",), {"appauthor": False})]


def test_a_record_that_cannot_be_read_is_passed_over(tmp_path: Path) -> None:
    # Not a path in UTF-8 (a damaged record): the records after it are still swept.
    left, records = _dead_export(tmp_path, "01-dead.export")
    (records / "00-damaged.export").write_bytes(b"\xff\xfe/nowhere")
    assert sweep() == [left]
    assert [p.name for p in records.glob("*.export")] == ["00-damaged.export"]


def test_a_record_is_read_as_utf_8_whatever_the_system_s_encoding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows reads a text file in its code page unless told (cp1252 in western Europe):
    the export to a folder named with an accent is still found and swept."""
    folder = tmp_path / "Données"
    folder.mkdir()
    left, records = _dead_export(folder)
    default = io.text_encoding

    def code_page(encoding: str | None, stacklevel: int = 2) -> str:
        return default(encoding or "cp1252")

    monkeypatch.setattr(io, "text_encoding", code_page)
    assert sweep() == [left]
    assert list(records.iterdir()) == []


def test_a_record_removed_meanwhile_does_not_stop_the_sweep(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The player empties the state folder while a sweep removes a dead export's files:
    # the record and its lock file are already gone when the sweep comes to remove them.
    left, records = _dead_export(tmp_path)
    removing = exports._remove_leftovers

    def then_emptied(target: Path) -> list[Path]:
        removed = removing(target)
        for path in records.iterdir():
            path.unlink()
        return removed

    monkeypatch.setattr(exports, "_remove_leftovers", then_emptied)
    assert sweep() == [left]
    assert list(records.iterdir()) == []
