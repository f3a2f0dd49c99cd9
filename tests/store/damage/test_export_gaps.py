"""An export never refuses over a damaged file: it holds everything that can be read and
names what it could not; `companion export` then exits 3, a documented code of its own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from damage_days import FINISHED, JULY, JUNE, OPEN, cut, flip, without_own_backups
from store_samples import play, record

from companion.cli import main
from companion.store import Store, open_store
from companion.store.check import check_folder
from companion.store.mending import LOST
from companion.usecases.store_backend import StoreBackend

GAP = ("1 game of your history is not in the export: its moves were lost when its archive"
       " file was damaged (July 12, 2025). It stays in your history with its score.")


def exported(path: Path) -> set[str]:
    return {g["id"] for g in json.loads(path.read_bytes())["games"]}


def test_a_flipped_bit_in_a_month_no_longer_blocks_the_export(
        played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The case of issue 34, which exited 2: read around, whole, exit 0."""
    flip(played / JULY)
    out = tmp_path / "out.json"
    assert main(["--data-dir", str(played), "export", str(out)]) == 0
    assert "is damaged" in capsys.readouterr().err
    assert exported(out) == {*FINISHED, OPEN}


def test_the_command_line_exports_the_rest_and_names_what_it_could_not(
        played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    without_own_backups(played)
    cut(played / JULY)
    out = tmp_path / "out.json"
    assert main(["--data-dir", str(played), "export", str(out)]) == 3
    captured = capsys.readouterr()
    assert captured.out.startswith(f"Exported {len(FINISHED)} games")
    assert "the game of July 2025 played after July 3 are in no copy" in captured.err
    assert captured.err.rstrip().endswith(GAP)
    assert exported(out) == {*FINISHED, OPEN} - {"july-12"}


def test_after_the_app_told_the_loss_every_export_still_names_it(
        played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    without_own_backups(played)
    flip(played / JULY)
    with open_store(played) as store:
        backend = StoreBackend(store)
        data = backend.export_all()  # the app's export: never refused
        assert {g["id"] for g in data["games"]} == {*FINISHED, OPEN} - {"july-12"}
        assert backend.export_gaps() == [GAP]
    out = tmp_path / "out.json"
    assert main(["--data-dir", str(played), "export", str(out)]) == 3
    captured = capsys.readouterr()
    assert captured.err.strip() == GAP, "the damage is repaired: only the gap is left"
    assert json.loads(out.read_bytes()) == data
    assert main(["--data-dir", str(played), "check"]) == 0


def test_an_import_keeps_the_summary_and_one_holding_the_game_heals_it(
        days_folder: Path, played: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same history on another device brings the lost game back, moves and all."""
    other = tmp_path / "other.json"
    assert main(["--data-dir", str(days_folder), "export", str(other)]) == 0
    without_own_backups(played)
    flip(played / JULY)
    with open_store(played) as store:
        assert len(store.notices) == 1
        another = {"format": "wonderful-companion", "schema_version": 4,
                   "games": [record("another", play(7))]}
        store.import_all(another)  # store.json written anew: the summary stays
        assert store.game("july-12")["actions_missing"] is True, "still listed"
        store.import_file(other)
        assert not store.game("july-12").get("actions_missing")
        assert store.export_gaps() == []
    capsys.readouterr()
    assert main(["--data-dir", str(played), "export", str(tmp_path / "out.json")]) == 0
    assert capsys.readouterr().err == ""
    assert check_folder(played).ok


def test_two_games_lost_are_named_in_one_sentence(played: Path) -> None:
    # No backup at all: each month keeps only its previous version, which lacks its last
    # game, so June's and July's last games are both lost.
    shutil.rmtree(played / "backups")
    cut(played / JUNE, 0.1)
    cut(played / JULY, 0.1)
    with open_store(played) as store:
        assert [str(gap) for gap in store.export_gaps()] == [
            "2 games of your history are not in the export: their moves were lost when"
            " their archive file was damaged (June 28, 2025, July 12, 2025). They stay in"
            " your history with their scores."]


def lost_summaries(store: Store) -> list[str]:
    """The games the history keeps only as a summary, their moves lost with their month."""
    return [e["id"] for e in store._main.table("history").all() if e.get(LOST)]


def lost_july_12(days_folder: Path, played: Path) -> dict[str, Any]:
    """July's archive damaged with no copy (july-12 kept as a summary only); gives an
    export of the same games, read before the damage, that holds july-12 whole."""
    with open_store(days_folder, read_only=True) as whole_days:
        back = whole_days.export_all()
    without_own_backups(played)
    flip(played / JULY)
    return back


def test_a_lost_summary_goes_when_an_import_brings_its_game_back(
        days_folder: Path, played: Path) -> None:
    """Listed once, as the game brought back with its moves."""
    back = lost_july_12(days_folder, played)
    with open_store(played) as store:
        assert lost_summaries(store) == ["july-12"]
        store.import_all(back)
        assert lost_summaries(store) == []
        assert sorted(g["id"] for g in store.games(finished=True)) == sorted(FINISHED)
        assert store.export_gaps() == []


def test_a_lost_summary_goes_when_an_import_deletes_its_game(
        days_folder: Path, played: Path) -> None:
    lost_july_12(days_folder, played)
    mark = {"id": "july-12", "kind": "game", "deleted": "2025-08-01T00:00:00+00:00"}
    with open_store(played) as store:
        assert lost_summaries(store) == ["july-12"]
        store.import_all({"format": "wonderful-companion", "schema_version": 4,
                          "deleted": [mark]})
        assert lost_summaries(store) == []
        listed = sorted(g["id"] for g in store.games(finished=True))
        assert listed == sorted(set(FINISHED) - {"july-12"})
        assert store.deletions() == [mark]
