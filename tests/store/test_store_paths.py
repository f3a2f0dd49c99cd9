"""The data folder however it is named: relative to the folder a command runs from, with
spaces and accents, or through a symbolic link. Every command of the command line and the
store's operations that write several files (finish a game with its attempt, import,
move a game aside, reset) work the same, and nothing is left half-done.

A relative `--data-dir` once broke every import: the journal compared the absolute path
of a temporary file with the relative folder (`ValueError: ... is not in the subpath`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_samples import attempt, record

from companion.cli import main
from companion.rules.game import Game
from companion.store import open_store
from companion.store.location import ENV_VAR, data_dir

KINDS = ("relative", "spaces and accents", "symlink")


@pytest.fixture(params=KINDS)
def named(request: pytest.FixtureRequest, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """(the data folder as a player types it, where it really is); the commands run from
    `tmp_path/work`."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv(ENV_VAR, raising=False)
    if request.param == "relative":
        yield "rel/data", work / "rel" / "data"
    elif request.param == "spaces and accents":
        folder = tmp_path / "Mes parties à moi" / "données"
        yield str(folder), folder
    else:
        real = tmp_path / "real data"
        real.mkdir()
        (work / "link").symlink_to(real, target_is_directory=True)
        yield "link", real


@pytest.fixture
def backup(tmp_path: Path, games: list[Game]) -> Path:
    """An export of two finished games and an attempt, made in another folder."""
    source = tmp_path / "source"
    with open_store(source) as store:
        store.save_game(record("g0", games[0]))
        store.save_game(record("g1", games[1], minutes=60))
        store.record_attempt(attempt("base-1", 100, medal="silver", game="g0"))
        exported = store.export_all()
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(exported), encoding="utf-8")
    return target


def test_data_dir_is_absolute_where_it_enters(named: tuple[str, Path]) -> None:
    given, real = named
    folder = data_dir(given)
    assert folder.is_absolute()
    assert folder.resolve() == real.resolve()
    if given == "link":
        assert folder.name == "link"  # the folder the player named, not where it points


def test_every_command_works_with_the_folder_as_named(
        named: tuple[str, Path], backup: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    given, real = named

    def run(*args: str) -> int:
        return main(["--data-dir", given, *args])

    relative_backup = os.path.relpath(backup)  # the file named from here, too
    assert run("import", relative_backup) == 0, capsys.readouterr().err
    assert "Traceback" not in capsys.readouterr().err
    assert run("history") == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 2
    assert run("medals") == 0
    assert run("scenarios", "base-1") == 0
    assert run("check") == 0, capsys.readouterr().out
    out = tmp_path / "out dir é" / "export.json"
    out.parent.mkdir()
    assert run("export", str(out)) == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["games"]) == 2
    assert run("import", relative_backup, "--replace") == 0
    assert run("campaign", "new", "Friday", "--player", "Ann", "--player", "Bob") == 0
    assert run("campaign", "record", "friday", "--envelope", "C01-SC01", "--score", "Ann=54",
               "--score", "Bob=61") == 0, capsys.readouterr().err
    assert run("campaign", "undo", "friday") == 0
    assert run("campaign", "show", "friday") == 0
    capsys.readouterr()
    # Everything landed in the folder the player named, and no temporary file is left.
    with open_store(real) as store:
        assert {game["id"] for game in store.games(finished=True)} == {"g0", "g1"}
        assert store.campaign("friday") is not None
    leftovers = [path for path in real.rglob("*") if ".tmp" in path.name]
    assert leftovers == []
    assert not (real / "commit.json").exists()


def test_the_store_s_multi_file_operations_with_the_folder_as_named(
        named: tuple[str, Path], backup: Path, games: list[Game]) -> None:
    given, real = named
    with open_store(Path(given)) as store:
        store.save_game(record("live", games[2]))
        store.finish_game(record("live", games[2]),
                          attempt("base-2", 80, medal="bronze", game="live"))
        store.import_file(backup)
        assert {game["id"] for game in store.games(finished=True)} == {"g0", "g1", "live"}
        store.save_game(record("stuck", games[0], finished=False))
        aside = store.set_aside_game("stuck")  # moved out of the store, kept whole
        assert aside is not None and aside.is_absolute()
        assert aside.is_file() and aside.resolve() == (real / "set-aside" / "stuck.json")
        store.reset()
        assert store.games() == []
    with open_store(real) as store:
        assert store.games() == []
    assert not (real / "commit.json").exists()
    assert [path for path in real.rglob("*") if ".tmp" in path.name] == []
