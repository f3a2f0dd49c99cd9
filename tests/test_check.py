"""`companion check`: a good data folder passes (exit 0); each kind of problem is named
with its file (exit 1); the check writes nothing, even while the app holds the folder."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "store"))
from store_samples import attempt, play, record

from companion.cli import main
from companion.store import Store, open_store
from companion.store.atomic import encode, seal, unseal


def everything(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry of the folder: its mode and, for a file, its bytes."""
    found: dict[str, tuple[int, bytes | None]] = {}
    for path in sorted(folder.rglob("*")):
        mode = os.lstat(path).st_mode
        found[str(path.relative_to(folder))] = (mode, path.read_bytes() if path.is_file()
                                                and not path.is_symlink() else None)
    return found


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    with open_store(data) as store:
        store.save_game(record("done", play(1)))
        store.save_game(record("later", play(2), minutes=60 * 24 * 40))
        store.save_game(record("going", play(3, limit=30, finish=False), minutes=5))
        store.record_attempt(attempt("base-1", 100, medal="silver"))
        store.add_player("Zoé")
    return data


def check(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    before = everything(folder)
    code = main(["--data-dir", str(folder), "check"])
    assert everything(folder) == before, "the check changed the data folder"
    return code, capsys.readouterr().out.splitlines()


def test_a_good_folder_passes(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = check(folder, capsys)
    assert code == 0
    assert lines[-1].startswith("Checked") and lines[-1].endswith("all is well.")
    assert "3 games" in lines[-1] and "1 scenario attempt " in lines[-1]


def test_it_runs_while_the_app_holds_the_folder(folder: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder):
        assert check(folder, capsys)[0] == 0


def test_a_missing_folder_has_nothing_to_check(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path / "none"), "check"]) == 0
    assert not (tmp_path / "none").exists()
    assert "nothing to check" in capsys.readouterr().out


def flip_a_byte(folder: Path) -> None:
    path = folder / "ongoing.json"
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0x01
    path.write_bytes(bytes(raw))


def bad_byte(folder: Path) -> None:
    path = folder / "store.json"
    path.write_bytes(path.read_bytes().replace(b"Zo\xc3\xa9", b"Zo\xff\xa9"))


def fifo(folder: Path) -> None:
    (folder / "ongoing.json").unlink()
    os.mkfifo(folder / "ongoing.json")


def lost_archive(folder: Path) -> None:
    next((folder / "archive").glob("*.json")).unlink()


def with_store(change: Callable[[Store], None]) -> Callable[[Path], None]:
    def run(folder: Path) -> None:
        with open_store(folder) as store:
            change(store)
    return run


def lying_game(store: Store) -> None:
    game = play(4, limit=40, finish=False)
    store.save_game(record("liar", game, finished=True, score={"total": 999}))


def marked(*marks: dict[str, object]) -> Callable[[Path], None]:
    """Put these deletion marks in store.json, as a hand edit would (checksum made good)."""
    def run(folder: Path) -> None:
        path = folder / "store.json"
        data = json.loads(unseal(path.read_bytes())[0])
        data["deleted"] = {str(n): mark for n, mark in enumerate(marks, start=1)}
        path.write_bytes(seal(encode(data)))
    return run


MARK = {"id": "gone", "kind": "game", "deleted": "2025-05-01T10:00:00+00:00"}
PROBLEMS = [
    (flip_a_byte, "ongoing.json: damaged"),
    (bad_byte, "store.json: damaged"),
    (fifo, "ongoing.json: cannot be read"),
    (lost_archive, "store.json: history"),
    (with_store(lying_game), "finished, score are not what its moves give"),
    (with_store(lambda s: s.record_attempt(attempt("base-1", 100, medal="gold"))),
     "medal gold, but its scenario's rules give"),
    (with_store(lambda s: s.record_attempt(attempt("nowhere-9", 50))),
     "'nowhere-9' is not a scenario this app knows"),
    (with_store(lambda s: s.save_campaign({"id": "c", "scenarios": "not a list"})),
     "store.json: campaigns[1]"),
    (marked(MARK | {"kind": "player"}), "deleted[1].kind: must be one of game, campaign"),
    (marked(MARK, MARK), "deleted[2]: 'gone' appears twice"),
    (marked(MARK | {"id": "done"}), "marks game done as deleted, but the game is still"),
    (marked(MARK | {"extra": 1}), "deleted[1]: has unknown fields extra"),
]


@pytest.mark.parametrize(("damage", "message"), PROBLEMS,
                         ids=[d.__name__ if d.__name__ != "run" else m[:30]
                              for d, m in PROBLEMS])
def test_each_problem_is_named_with_its_file(folder: Path, capsys: pytest.CaptureFixture[str],
                                             damage: Callable[[Path], None],
                                             message: str) -> None:
    damage(folder)
    code, lines = check(folder, capsys)
    assert code == 1
    assert any(message in line for line in lines[:-1]), lines
    assert re.search(r": 1 problem found\.$", lines[-1]), lines[-1]


def test_deletion_marks_pass(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder) as store:
        assert store.delete_game("later") and store.delete_game("going")
    code, lines = check(folder, capsys)
    assert code == 0 and "1 game," in lines[-1], lines


def test_a_broken_scenario_file_of_the_player_is_reported(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "scenarios").mkdir()
    (folder / "scenarios" / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    code, lines = check(folder, capsys)
    assert code == 1 and any(line.startswith("scenarios/deep.json:") for line in lines)


def test_the_command_is_registered_without_importing_the_checker() -> None:
    probe = ("import sys; from companion.cli import build_parser; build_parser();"
             " print('companion.store.check' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"
