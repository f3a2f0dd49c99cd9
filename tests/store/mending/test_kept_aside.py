"""Where a damaged file is kept: beside it, named after it and the second it was found
(`<file>.damaged-YYYYMMDD-HHMMSS`), numbered when that name is taken, never over another
damaged file. A file that cannot be moved aside stops the opening, in the error's own
words when it has no system's words; a spare copy that cannot be is only one copy less."""

from __future__ import annotations

import errno
import os
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from store_samples import fake_record

from companion.store import StoreError, open_store
from companion.store import mending as mending_module
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE

NOT_JSON = "it is not valid JSON (cut short or corrupted)"
CHECKSUM = "its checksum does not match its content: it was changed or damaged on the disk"
JANUARY = Path(ARCHIVE_DIR) / "2025-01.json"
DAY = 60 * 24


class Frozen(datetime):
    """The moment the damage is found."""

    @classmethod
    def now(cls, tz: Any = None) -> Frozen:
        return cls(2025, 3, 4, 5, 6, 7)


def flip(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0x04
    path.write_bytes(bytes(raw))


def finished(game_id: str, minutes: int) -> dict[str, Any]:
    return fake_record(game_id, 5, finished=True, minutes=minutes)


@pytest.mark.parametrize(("taken", "kept"), [
    ([], "store.json.damaged-20250304-050607"),
    (["store.json.damaged-20250304-050607"], "store.json.damaged-20250304-050607-2"),
    (["store.json.damaged-20250304-050607", "store.json.damaged-20250304-050607-2"],
     "store.json.damaged-20250304-050607-3"),
], ids=["free", "taken once", "taken twice"])
def test_a_damaged_file_is_kept_under_the_first_free_name_of_its_second(
        folder: Path, monkeypatch: pytest.MonkeyPatch, taken: list[str], kept: str) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
        store.add_player("Bo")  # its previous version holds Ana
    (folder / MAIN_FILE).write_bytes(b"{")
    for name in taken:
        (folder / name).write_bytes(b"an earlier damage")
    monkeypatch.setattr(mending_module, "datetime", Frozen)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The data file {folder / MAIN_FILE} was damaged ({NOT_JSON}). It was kept aside"
            f" as {folder / kept}, and its previous version was put in its place: only the"
            " last change made to it is lost."]
    assert (folder / kept).read_bytes() == b"{"
    assert all((folder / name).read_bytes() == b"an earlier damage" for name in taken)


def test_the_name_kept_aside_tells_the_moment(folder: Path) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
    (folder / MAIN_FILE).write_bytes(b"{")
    before = datetime.now().replace(microsecond=0)
    open_store(folder).close()
    (kept,) = folder.glob(f"{MAIN_FILE}.damaged-*")
    moment = datetime.strptime(kept.name.removeprefix(f"{MAIN_FILE}.damaged-"),
                               "%Y%m%d-%H%M%S")
    assert before <= moment <= datetime.now()


def test_a_file_that_cannot_be_moved_aside_is_told_in_the_errors_own_words(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
    main = folder / MAIN_FILE
    main.write_bytes(b"{")
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if Path(source) == main:
            raise OSError("the network drive went away")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"The data file {main} is damaged ({NOT_JSON}) and could not be moved aside: the"
        " network drive went away. Copy it somewhere safe, then remove it to start again.")


def test_a_spare_copy_that_cannot_be_moved_aside_is_left_and_not_told(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
        store.add_player("Bo")
    spare = folder / f"{MAIN_FILE}.prev"
    spare.write_bytes(b"{")
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if Path(source) == spare:
            raise OSError(errno.EACCES, "Permission denied")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with open_store(folder) as store:
        assert store.notices == [] and store.players() == ["Ana", "Bo"]
    assert spare.read_bytes() == b"{"


def test_a_month_damaged_while_store_json_is_gone_with_every_copy(folder: Path) -> None:
    """No history at all: the month is mended from its copies, then lists the history."""
    with open_store(folder) as store:
        store.save_game(finished("a", 0))
        store.save_game(finished("b", DAY))
    (folder / MAIN_FILE).write_bytes(b"")
    (folder / f"{MAIN_FILE}.prev").unlink()
    shutil.rmtree(folder / "backups" / "2025-01-01", ignore_errors=True)
    for day in (folder / "backups").iterdir():
        if day.name != "games":
            shutil.rmtree(day)
    flip(folder / JANUARY)
    with open_store(folder) as store:
        told = [str(n) for n in store.notices]
        assert told[1:] == [
            f"The archive of January 2025 ({folder / JANUARY}) was damaged ({CHECKSUM}) and"
            f" was kept aside as {next(folder.glob(f'{JANUARY}.damaged-*'))}. It was rebuilt"
            " from its copies: no game is lost.",
            "2 finished games were found again in the archive and put back in the history."]
        assert sorted(g["id"] for g in store.export_all()["games"]) == ["a", "b"]



def test_a_month_damaged_while_store_json_and_every_backup_are_gone_keeps_its_copys_games(
        folder: Path) -> None:
    """Not even the games' own backups: the month's previous version (before c) is all
    there is, and with no history to go by, every game it holds is kept."""
    with open_store(folder) as store:
        for game_id, minutes in (("a", 0), ("b", DAY), ("c", 2 * DAY)):
            store.save_game(finished(game_id, minutes))
    (folder / MAIN_FILE).write_bytes(b"")
    (folder / f"{MAIN_FILE}.prev").unlink()
    shutil.rmtree(folder / "backups")
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert sorted(g["id"] for g in store.games(finished=True)) == ["a", "b"]
        assert [len(store.game(i)["actions"]) for i in "ab"] == [  # type: ignore[index]
            len(finished(i, 0)["actions"]) for i in "ab"]

def test_a_game_already_told_lost_is_not_told_again_when_its_month_is_mended_again(
        folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(finished("a", 0))
        store.save_game(finished("b", DAY))
    shutil.rmtree(folder / "backups" / "games")  # b, the last of January, in no copy
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert len(store.notices) == 1
    for found in (folder / ARCHIVE_DIR).glob("*.damaged-*"):
        found.unlink()
    flip(folder / JANUARY)
    with open_store(folder) as store:
        (told,) = [str(n) for n in store.notices]
        assert told.endswith(" It was rebuilt from its copies: no game is lost.")
        assert sorted(g["id"] for g in store.games(finished=True)) == ["a", "b"]
