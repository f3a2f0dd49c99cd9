"""store.json lost: the history is listed again from what the archive months hold, and
from the games' own backups, for the games finished since the copy of store.json that
was put back (their month may be gone with it). A game deleted since is not brought
back, and a game the copy already lists is not listed twice."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from store_samples import fake_record

from companion.store import open_store
from companion.store.backups import GameBackups
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE

FEBRUARY = 60 * 24 * 40
"""Minutes after 2025-01-01 09:00 to a day of February 2025."""


def aside(folder: Path) -> Path:
    (found,) = folder.glob(f"{MAIN_FILE}.damaged-*")
    return found


def test_a_game_whose_month_was_lost_comes_back_from_its_own_backup(folder: Path) -> None:
    deleted = fake_record("deleted", 9, finished=True, minutes=30)
    with open_store(folder) as store:
        store.save_game(deleted)
        store.delete_game("deleted")
    shutil.rmtree(folder / "backups")  # the next opening's backup holds the mark
    with open_store(folder) as store:
        store.save_game(fake_record("before", 10, finished=True))  # in its month, and own
        store.save_game(fake_record("since", 11, finished=True, minutes=FEBRUARY))
    GameBackups(folder).write(deleted)  # as a crash just after the deletion leaves it
    (folder / MAIN_FILE).write_bytes(b"{")
    (folder / f"{MAIN_FILE}.prev").unlink()  # so the day's backup, from before both, is used
    (folder / ARCHIVE_DIR / "2025-02.json").unlink()  # a month of one game: no .prev
    with open_store(folder) as store:
        told = [str(n) for n in store.notices]
        assert told == [
            f"The data file {folder / MAIN_FILE} was damaged (it is not valid JSON (cut short"
            f" or corrupted)). It was kept aside as {aside(folder)}. The backup of"
            f" {date.today().isoformat()} was restored in its place; changes made after"
            " that backup are in the damaged file only.",
            "2 finished games were found again in the archive and put back in the history.",
        ]
        assert sorted(g["id"] for g in store.games(finished=True)) == ["before", "since"]
        found = store.game("since")
        assert found is not None and len(found["actions"]) == 11, "whole, with its moves"
        assert store.game("deleted") is None
    assert (folder / ARCHIVE_DIR / "2025-02.json").is_file()
    with open_store(folder) as store:
        assert store.notices == []
        assert sorted(g["id"] for g in store.games(finished=True)) == ["before", "since"]


def test_without_any_copy_of_store_json_the_archive_gives_the_history_back(
        folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("first", 10, finished=True))
    (folder / MAIN_FILE).write_bytes(b"")
    (folder / f"{MAIN_FILE}.prev").unlink(missing_ok=True)
    shutil.rmtree(folder / "backups")
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The data file {folder / MAIN_FILE} was damaged (it is empty). It was kept aside"
            f" as {aside(folder)}. No good backup of it was found, so it starts empty.",
            "1 finished game was found again in the archive and put back in the history.",
        ]
        assert [g["id"] for g in store.games(finished=True)] == ["first"]
