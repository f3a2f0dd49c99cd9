"""Both copies of ongoing.json lost: each game in progress comes back from its own backup
when the copy put in place lacks it or holds an older version, oldest game first. A
game the history lists (finished since), or deleted since, stays where it is, even if
its own backup still shows it in progress (that backup's write failed, or a crash came
just after the deletion)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from store_samples import fake_record

from companion.store import open_store
from companion.store.backups import GameBackups
from companion.store.schema import ONGOING_FILE


def back(moves: str) -> str:
    return ("The game in progress begun on January 1, 2025 was brought back from its own"
            f" backup, as it was after {moves}.")


def in_progress(game_id: str, moves: int, minutes: int) -> dict[str, Any]:
    return fake_record(game_id, moves, minutes=minutes)


def test_games_in_progress_come_back_from_their_own_backups(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(in_progress("held", 2, 5))  # the day's backup is made after it
        store.save_game(in_progress("zeta", 1, 10))  # one move: said in the singular
        store.save_game(in_progress("alpha", 5, 20))
        store.save_game(in_progress("over", 4, 30))
        store.save_game(fake_record("over", 9, finished=True, minutes=30))
        store.save_game(in_progress("gone", 6, 40))
        store.delete_game("gone")
    own = GameBackups(folder)
    own.write(in_progress("over", 4, 30))
    own.write(in_progress("gone", 6, 40))
    ongoing = folder / ONGOING_FILE
    ongoing.write_bytes(b"")
    ongoing.with_name(f"{ONGOING_FILE}.prev").unlink()
    with open_store(folder) as store:
        (aside,) = folder.glob(f"{ONGOING_FILE}.damaged-*")
        assert [str(n) for n in store.notices] == [
            f"The data file {ongoing} was damaged (it is empty). It was kept aside as"
            f" {aside}. The backup of {date.today().isoformat()} was restored in its place;"
            " changes made after that backup are in the damaged file only.",
            back("1 move"), back("5 moves")]
        assert sorted(g["id"] for g in store.games(finished=False)) == [
            "alpha", "held", "zeta"]
        over = store.game("over")
        assert over is not None and over["finished"] is True
        assert store.game("gone") is None
    with open_store(folder) as store:
        assert store.notices == []
        assert sorted(g["id"] for g in store.games(finished=False)) == [
            "alpha", "held", "zeta"]
