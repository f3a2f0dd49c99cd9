"""`companion export | import | history | medals`, and the medal board behind `medals`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from store_samples import attempt, fake_record, record

from companion.cli import main
from companion.cli.medals import board_lines
from companion.rules.game import Game
from companion.rules.scenarios import Scenario, Thresholds
from companion.store import open_store
from companion.store.medals import medal_board


def run(folder: Path, *args: str) -> int:
    return main(["--data-dir", str(folder), *args])


def test_history_lists_finished_games_newest_first(folder: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert run(folder, "history") == 0
    assert capsys.readouterr().out.strip() == "No finished games yet."
    with open_store(folder) as store:
        store.save_game(fake_record("old", 5, finished=True, minutes=0))
        store.save_game(fake_record("new", 7, finished=True, minutes=600)
                        | {"scenario": "base-2", "players": ["Ana", "Bo"]})
        store.save_game(fake_record("open", 3))
    assert run(folder, "history") == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("2025-01-01 19:07") and "Ana, Bo" in lines[0]
    assert "scenario base-2" in lines[0] and "7 points" in lines[0]
    assert lines[1].startswith("2025-01-01 09:05") and "5 points" in lines[1]


def test_export_then_import_elsewhere(folder: Path, tmp_path: Path, games: list[Game],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder) as store:
        store.save_game(record("g", games[0]))
        store.record_attempt(attempt("base-1", 100, medal="silver"))  # base-1: silver from 95
    target = tmp_path / "export.json"
    assert run(folder, "export", str(target)) == 0
    assert "Exported 1 game, 1 scenario attempt" in capsys.readouterr().out
    other = tmp_path / "other"
    assert run(other, "import", str(target)) == 0
    assert "Added 1 game, 1 scenario attempt," in capsys.readouterr().out
    with open_store(other) as copy:
        assert copy.export_all() == json.loads(target.read_text())
    assert run(other, "import", str(target)) == 0
    assert capsys.readouterr().out.startswith(
        "Added 0 games, 0 scenario attempts, 0 campaigns and 0 players. Updated to a newer"
        " version: 0 games, 0 scenario attempts and 0 campaigns. Already here and left"
        " alone: 1 game, 1 scenario attempt and 0 campaigns.")
    assert run(other, "import", str(target), "--replace") == 0
    assert "Replaced your data by 1 game," in capsys.readouterr().out


@pytest.mark.parametrize("content", [None, "{", '{"format": "x"}', "[]"])
def test_bad_import_files_exit_2_with_one_line(folder: Path, tmp_path: Path,
                                               content: str | None,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content)
    assert run(folder, "import", str(path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (len(captured.err.strip().splitlines()) == 1 and str(path) in captured.err) or (
        "nothing was changed" in captured.err)


def test_export_to_a_folder_that_does_not_exist(folder: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(folder, "export", str(tmp_path / "no" / "such" / "x.json")) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_damaged_file_notice_goes_to_stderr(folder: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.json"
    assert run(tmp_path / "other", "export", str(empty)) == 0
    capsys.readouterr()
    folder.mkdir()
    (folder / "store.json").write_text("{broken")
    assert run(folder, "history") == 0, "no copy of it: read as empty, never a dead end"
    captured = capsys.readouterr()
    assert "read as empty" in captured.err and "companion check --repair" in captured.err
    assert captured.out.strip() == "No finished games yet."
    assert (folder / "store.json").read_text() == "{broken", "a reader repairs nothing"
    assert run(folder, "import", str(empty)) == 0
    captured = capsys.readouterr()
    assert "kept aside as" in captured.err and captured.out.startswith("Added 0 games")


def scenario(ident: str, bronze: int = 50, silver: int = 70, gold: int = 90) -> Scenario:
    return Scenario(id=ident, expansion="base", names={"en": f"Scenario {ident}"},
                    required=(1,), thresholds=Thresholds(bronze, silver, gold))


def test_medal_board() -> None:
    scenarios = [scenario("a"), scenario("b"), scenario("c")]
    attempts = [attempt("a", 60, medal="bronze", minutes=1),
                attempt("a", 95, medal="gold", minutes=2),
                attempt("a", 91, medal="gold", minutes=3),
                attempt("b", 75, medal="silver"),
                attempt("b", 85, won=False, minutes=4),
                attempt("zzz", 10, won=False)]
    rows = medal_board(scenarios, attempts)
    assert [r.scenario.id for r in rows] == ["a", "b", "c"]
    a, b, c = rows
    assert (a.attempts, a.wins, a.best_score, a.best_medal) == (3, 3, 95, "gold")
    assert a.first_gold_date == attempt("a", 0, minutes=2)["date"]
    assert a.points_to_next is None
    # won with 75 (silver), lost with 85: gold (90) is 15 points beyond the best win
    assert (b.best_medal, b.best_score, b.points_to_next) == ("silver", 85, 15)
    assert (c.attempts, c.best_medal, c.best_score) == (0, None, None)
    lines = board_lines(rows)
    assert lines[0].startswith("Scenario a (a): gold, best score 95, 3 attempts, 3 won")
    assert "first gold 2025-01-01" in lines[0]
    assert "5 points to the next medal" in lines[1]
    assert lines[2] == "Scenario c (c): not played yet"


def test_medals_command_uses_the_shipped_scenarios(folder: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from companion.shipped.scenarios import shipped_scenarios

    first = next(iter(shipped_scenarios().values()))
    with open_store(folder) as store:
        store.record_attempt(attempt(first.id, first.thresholds.gold, medal="gold"))
    assert run(folder, "medals") == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(shipped_scenarios())
    assert lines[0].startswith(f"{first.name} ({first.id}): gold")
    assert all("not played yet" in line for line in lines[1:])


def test_medal_board_works_medals_out_from_the_thresholds_not_the_stored_medal() -> None:
    # A player's own scenario whose thresholds were raised after the game was played:
    # 60 was bronze under the old ones, and is nothing under bronze 65.
    stored = [attempt("a", 60, medal="bronze")]
    (row,) = medal_board([scenario("a", bronze=65, silver=70, gold=90)], stored)
    assert (row.wins, row.best_medal, row.points_to_next) == (1, None, 5)
    (lost,) = medal_board([scenario("b")], [attempt("b", 200, won=False)])
    assert (lost.best_medal, lost.points_to_next) == (None, None)  # cards, not points
