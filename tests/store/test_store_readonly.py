"""Commands that only read work while the app holds the data folder, and write nothing.

`held` stands for the app: a store opened (lock taken) in this process and left open
while the read-only commands run against the same folder.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_samples import bare, fake_record

from companion.cli import main
from companion.store import Store, StoreError, open_store
from companion.store.readonly import ReadOnlyStore
from companion.store.schema import MAIN_FILE, ONGOING_FILE

FIXTURE = Path(__file__).parent / "fixtures" / "export-v1.json"
READERS = {"game", "games", "ongoing_games", "current_game", "attempts", "scenario_progress",
           "campaign", "campaigns", "players", "settings", "deletions", "export_all",
           "export_file", "export_gaps", "close"}
"""Public methods of `Store` a read-only store keeps; every other one must refuse."""

Listing = dict[str, tuple[int, int, bytes]]


def listing(folder: Path) -> Listing:
    """Every file under `folder`: its modification time, size and content."""
    found: Listing = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            info = path.stat()
            found[str(path.relative_to(folder))] = (info.st_mtime_ns, info.st_size,
                                                    path.read_bytes())
    return found


def run(folder: Path, *args: str) -> int:
    return main(["--lang", "en", "--data-dir", str(folder), *args])  # its data is French


@pytest.fixture
def held(folder: Path) -> Iterator[Store]:
    """The app: a store with data, open and holding the folder's lock."""
    with open_store(folder) as store:
        store.import_file(FIXTURE)
        store.save_game(fake_record("not-replayable", 3, minutes=10))
        # A temp file left by a crash: only the app may clean it up.
        (folder / ".store.json.k3y9x.tmp").write_bytes(b"{")
        yield store


def test_read_only_commands_work_while_the_app_holds_the_folder(
        held: Store, folder: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    before = listing(folder)
    assert run(folder, "history") == 0
    history = capsys.readouterr().out.splitlines()
    assert len(history) == 4 and "22 points" in history[1] and "scenario base-1" in history[2]
    assert run(folder, "medals") == 0
    assert any("(base-1): gold, best score 115, 2 attempts, 1 won" in line
               for line in capsys.readouterr().out.splitlines())
    assert run(folder, "scenarios") == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("base-1 "))
    assert row.rstrip().endswith("gold")
    assert run(folder, "scenarios", "base-1") == 0
    assert "Attempts: 2, won: 1, best score: 115" in capsys.readouterr().out
    assert run(folder, "campaign", "list") == 0
    assert capsys.readouterr().out.startswith("friday-nights: Friday nights (Ana, Bo)")
    assert run(folder, "campaign", "show", "friday-nights") == 0
    assert "C01-SC01" in capsys.readouterr().out
    assert run(folder, "campaign", "show", "Friday nights", "--json") == 0
    assert json.loads(capsys.readouterr().out)["id"] == "friday-nights"
    target = tmp_path / "out" / "export.json"
    target.parent.mkdir()
    assert run(folder, "export", str(target)) == 0
    assert "Exported 6 games, 2 scenario attempts, 1 campaign " in capsys.readouterr().out
    assert json.loads(target.read_text()) == held.export_all()
    assert listing(folder) == before, "a read-only command changed the data folder"


def test_changing_commands_are_still_refused(held: Store, folder: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    before = listing(folder)
    assert run(folder, "import", str(FIXTURE)) == 1
    assert "already open" in capsys.readouterr().err
    assert run(folder, "campaign", "new", "Again", "--player", "Ana") == 2
    assert "already open" in capsys.readouterr().err
    assert run(folder, "campaign", "undo", "friday-nights") == 2
    assert "already open" in capsys.readouterr().err
    assert listing(folder) == before


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE, "archive/2025-04.json",
                                  "new.json"])
def test_export_into_the_data_folder_is_refused(held: Store, folder: Path, name: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    before = listing(folder)
    assert run(folder, "export", str(folder / name)) == 2
    err = capsys.readouterr().err
    assert "inside the data folder" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(StoreError, match="inside the data folder"):
        held.export_file(folder / "sub" / ".." / name)
    assert listing(folder) == before


def test_writing_methods_of_a_read_only_store_refuse(held: Store, folder: Path) -> None:
    before = listing(folder)
    reader = open_store(folder, read_only=True)
    assert isinstance(reader, ReadOnlyStore)
    public = {name for name in dir(Store)
              if callable(getattr(Store, name)) and not name.startswith("_")}
    assert public >= READERS
    for name in sorted(public - READERS):
        method = getattr(reader, name)
        arguments = [p for p in inspect.signature(getattr(Store, name)).parameters.values()
                     if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD][1:]
        with pytest.raises(StoreError, match="read-only"):
            method(*["x"] * len(arguments))
    with pytest.raises(StoreError, match="read-only"):
        reader.save_game(fake_record("new", 3))
    with pytest.raises(StoreError, match="read-only"):
        reader.update_settings(theme="light")
    assert reader.game("new") is None and reader.settings()["theme"] == "dark"
    reader.close()
    assert listing(folder) == before


def test_a_read_only_store_reads_everything(held: Store, folder: Path) -> None:
    with open_store(folder, read_only=True) as reader:
        assert reader.export_all() == held.export_all()
        assert reader.games() == held.games()
        assert reader.games(finished=True, with_actions=True) == held.games(
            finished=True, with_actions=True)
        assert reader.current_game() == held.current_game()
        assert reader.ongoing_games() == held.ongoing_games()
        assert reader.game("table-finished") == held.game("table-finished")
        assert reader.attempts() == held.attempts()
        assert reader.scenario_progress("base-1") == held.scenario_progress("base-1")
        assert reader.campaigns() == held.campaigns()
        assert reader.campaign("friday-nights") == held.campaign("friday-nights")
        assert reader.players() == held.players() and reader.settings() == held.settings()
        assert reader.notices == []
        held.save_game(fake_record("later", 2, minutes=900))
        assert reader.game("later") is None, "a read-only store is a snapshot"
    with open_store(folder, read_only=True) as reader:
        assert bare(reader.game("later")) == fake_record("later", 2, minutes=900)


def test_a_missing_folder_reads_as_empty_and_is_not_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "nothing" / "here"
    assert run(folder, "history") == 0
    assert capsys.readouterr().out.strip() == "No finished games yet."
    assert run(folder, "medals") == 0 and "not played yet" in capsys.readouterr().out
    assert run(folder, "campaign", "list") == 0
    assert run(folder, "scenarios") == 0
    assert "Medals not shown" not in capsys.readouterr().err
    assert run(folder, "export", str(tmp_path / "empty.json")) == 0
    assert "Exported 0 games" in capsys.readouterr().out
    assert not (tmp_path / "nothing").exists()


def no_good_copy(folder: Path) -> None:
    """Remove every earlier copy of the data files: previous generations and backups."""
    for path in folder.rglob("*.prev"):
        path.unlink()
    shutil.rmtree(folder / "backups", ignore_errors=True)


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_damaged_file_without_a_good_copy_is_reported_and_left_in_place(
        folder: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
        store.save_game(fake_record("h", 4))
        (folder / name).write_bytes(b'{"_meta": {"1": ')
        no_good_copy(folder)
        before = listing(folder)
        assert run(folder, "history") == 0, "read around, never a dead end"
        captured = capsys.readouterr()
        err = captured.err
        assert "is damaged" in err and "read as empty" in err and name in err
        assert "companion check --repair" in err and len(err.strip().splitlines()) == 1
        assert "4 points" in captured.out, "the finished game is still listed"
        with open_store(folder, read_only=True) as reader:
            assert [str(n) for n in reader.notices] == [err.strip()]
            assert reader.game("g") is not None
        assert listing(folder) == before
        assert sorted(p.name for p in folder.iterdir() if "damaged" in p.name) == []


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_damaged_file_is_read_from_its_previous_generation_and_left_in_place(
        folder: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
        store.save_game(fake_record("h", 4))
        store.save_game(fake_record("h", 5))
        (folder / name).write_bytes(b'{"_meta": {"1": ')
        before = listing(folder)
        assert run(folder, "history") == 0
        captured = capsys.readouterr()
        assert "4 points" in captured.out, "the finished game is listed"
        assert "is damaged" in captured.err and "earlier copy" in captured.err
        assert name in captured.err
        with open_store(folder, read_only=True) as reader:
            assert reader.game("g") is not None and reader.game("h") is not None
        assert listing(folder) == before
        assert sorted(p.name for p in folder.iterdir() if "damaged" in p.name) == []


@pytest.mark.parametrize("copy", [True, False], ids=["with a backup", "without"])
def test_a_damaged_archive_fails_only_what_needs_it(
        folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], copy: bool) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
    shard = folder / "archive" / "2025-01.json"
    shard.write_bytes(b"")
    if not copy:
        no_good_copy(folder)
    before = listing(folder)
    assert run(folder, "history") == 0 and "4 points" in capsys.readouterr().out
    if copy:
        assert run(folder, "export", str(tmp_path / "x.json")) == 0
        assert "is damaged" in capsys.readouterr().err
        assert json.loads((tmp_path / "x.json").read_bytes())["games"][0]["id"] == "g"
    else:  # exported without it, and told: a game of January 2025 is in no copy
        assert run(folder, "export", str(tmp_path / "x.json")) == 3
        err = capsys.readouterr().err
        assert "is damaged" in err and "the game of January 2025 are in no copy" in err
        assert "1 game of your history is not in the export" in err
        assert json.loads((tmp_path / "x.json").read_bytes())["games"] == []
    assert listing(folder) == before


def test_a_file_from_a_newer_version_is_refused(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4))
    data = json.loads((folder / ONGOING_FILE).read_text())
    data["_meta"]["1"]["schema_version"] = 99
    (folder / ONGOING_FILE).write_text(json.dumps(data))
    before = listing(folder)
    with pytest.raises(StoreError, match="newer version"):
        open_store(folder, read_only=True)
    assert listing(folder) == before


@pytest.mark.parametrize("newest", ["history", "ongoing"])
def test_a_game_in_both_files_is_shown_once_newest(folder: Path, newest: str) -> None:
    """What a read can see while the app moves a game from one file to the other."""
    unfinished, finished = fake_record("g", 5), fake_record("g", 6, finished=True)
    if newest == "ongoing":
        unfinished, finished = fake_record("g", 9), fake_record("g", 6, finished=True)
    with open_store(folder) as store:
        store.save_game(unfinished)
        ongoing = (folder / ONGOING_FILE).read_bytes()
        store.save_game(finished)
        (folder / ONGOING_FILE).write_bytes(ongoing)
        before = listing(folder)
        with open_store(folder, read_only=True) as reader:
            expected = finished if newest == "history" else unfinished
            assert [g["id"] for g in reader.games()] == ["g"]
            assert bare(reader.game("g")) == expected
            assert [bare(g) for g in reader.export_all()["games"]] == [expected]
            assert bare(reader.current_game()) == (
                unfinished if newest == "ongoing" else None)
        assert listing(folder) == before


def test_a_store_read_while_it_changes_is_consistent(folder: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """store.json is read again after ongoing.json until it did not change in between."""
    from companion.store import readonly

    with open_store(folder) as store:
        store.save_game(fake_record("g", 5))
        reads: list[str] = []
        real = readonly._bytes

        def app_finishes_the_game_meanwhile(path: Path, *args: object) -> bytes | None:
            reads.append(path.name)
            if reads == [MAIN_FILE, ONGOING_FILE]:
                store.save_game(fake_record("g", 6, finished=True))
            return real(path, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(readonly, "_bytes", app_finishes_the_game_meanwhile)
        with open_store(folder, read_only=True) as reader:
            assert [g["id"] for g in reader.games()] == ["g"]
            assert bare(reader.game("g")) == fake_record("g", 6, finished=True)
        assert reads[:5] == [MAIN_FILE, ONGOING_FILE, MAIN_FILE, ONGOING_FILE, MAIN_FILE]


def test_reading_never_opens_a_file_for_writing(held: Store, folder: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.open
    target = tmp_path / "export.json"

    def guarded(path: str | os.PathLike[str], flags: int, *args: object) -> int:
        writes = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC)
        if writes and Path(path).resolve().is_relative_to(folder.resolve()):
            raise AssertionError(f"{path} opened for writing")
        return real(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", guarded)
    assert run(folder, "history") == 0
    assert run(folder, "export", str(target)) == 0
    assert target.exists()
