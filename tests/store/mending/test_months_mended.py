"""A damaged or missing archive month is rebuilt game by game from its copies: only the
games in no copy are marked lost (so a month lost later is still found), a game found
only in an earlier version comes back as it was and says so, a game deleted since a copy
stays deleted, and a damaged previous version met as a copy is set aside. At opening
and when a month is first read later, and with store.json lost at the same time."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from store_samples import fake_record, stamp

from companion.store import Store, StoreError, open_store
from companion.store.check import check_folder
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE

JANUARY = Path(ARCHIVE_DIR) / "2025-01.json"
FEBRUARY = Path(ARCHIVE_DIR) / "2025-02.json"
DAY = 60 * 24
CHECKSUM = "its checksum does not match its content: it was changed or damaged on the disk"


def flip(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0x04
    path.write_bytes(bytes(raw))


def aside(path: Path) -> Path:
    (found,) = path.parent.glob(f"{path.name}.damaged-*")
    return found


def finished(game_id: str, minutes: int, **extra: Any) -> dict[str, Any]:
    return fake_record(game_id, 5, finished=True, minutes=minutes) | extra


def damaged(folder: Path, problem: str = CHECKSUM) -> str:
    return (f"The archive of January 2025 ({folder / JANUARY}) was damaged ({problem}) and"
            f" was kept aside as {aside(folder / JANUARY)}.")


def spare_reported(folder: Path) -> bool:
    """Whether `companion check` still reports a previous version (these fake games do
    not replay: their own problems are not what is looked at)."""
    return any(p.file.endswith(".prev") for p in check_folder(folder).problems)


def ids(store: Store) -> list[str]:
    return sorted(g["id"] for g in store.export_all()["games"])


def test_only_the_games_in_no_copy_are_marked_lost(folder: Path) -> None:
    with open_store(folder) as store:
        for game_id, minutes in (("a", 0), ("b", DAY), ("c", 40 * DAY)):
            store.save_game(finished(game_id, minutes))
    shutil.rmtree(folder / "backups" / "games")  # b, the last of January, in no copy
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            damaged(folder) + " It was rebuilt from its copies, but the moves of the game of"
            " January 2025 played after January 1 are in no copy: that game stays in your"
            " history with its score, and can no longer be replayed or exported."]
        assert ids(store) == ["a", "c"]
    (folder / FEBRUARY).unlink()  # later, a month with nothing lost goes missing
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The archive of February 2025 ({folder / FEBRUARY}) was missing, though your"
            " history lists games in it. It was rebuilt from its copies, but the moves of the"
            " game of February 2025 are in no copy: that game stays in your history with its"
            " score, and can no longer be replayed or exported."]


def test_a_game_found_only_as_it_was_saved_earlier_comes_back_so(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(finished("g", 0))
        store.save_game(finished("h", 40 * DAY))
        store.save_game(finished("g", 0, players=["Bo"], updated=stamp(600)))
    shutil.rmtree(folder / "backups" / "games")
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            damaged(folder) + " It was rebuilt from its copies: no game is lost. The game"
            " played on January 1, 2025 came back as it was saved earlier: its last change"
            " is lost."]
        history = {g["id"]: g for g in store.games(finished=True)}
        assert sorted(history) == ["g", "h"]
        assert history["g"]["players"] == ["Ana"] and history["h"]["score"] == {"total": 5}
    with open_store(folder) as store:  # the history finds it in its month, with its moves
        assert store.notices == [] and ids(store) == ["g", "h"]
        found = store.game("g")
        assert found is not None and found["players"] == ["Ana"]


@pytest.mark.parametrize("when", ["at opening", "when first read"])
def test_a_game_deleted_since_a_copy_stays_deleted(folder: Path, when: str) -> None:
    with open_store(folder) as store:
        store.save_game(finished("a", 0))
        store.save_game(finished("b", DAY))
        store.delete_game("b")  # January's previous version still holds b
    with open_store(folder) as store:
        if when == "when first read":
            flip(folder / JANUARY)
            assert store.game("a") is not None
        else:
            store.close()
            flip(folder / JANUARY)
            store = open_store(folder)
        told = [str(n) for n in store.notices]
        assert told == [damaged(folder) + " It was rebuilt from its copies: no game is lost."]
        assert ids(store) == ["a"] and store.game("b") is None
        store.close()


def test_a_month_mended_while_store_json_is_lost_keeps_its_games(folder: Path) -> None:
    """store.json comes back from the day's backup (which lists a only); January's
    previous version holds a and b, and d is in the games' own backups only."""
    with open_store(folder) as store:
        for game_id, minutes in (("a", 0), ("b", DAY), ("d", 2 * DAY)):
            store.save_game(finished(game_id, minutes))
    (folder / MAIN_FILE).write_bytes(b"{")
    (folder / f"{MAIN_FILE}.prev").unlink()
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert str(store.notices[-1]) == (
            "2 finished games were found again in the archive and put back in the history.")
        assert sorted(g["id"] for g in store.games(finished=True)) == ["a", "b", "d"]
        assert ids(store) == ["a", "b", "d"], "each with its moves"
    with open_store(folder) as store:
        assert store.notices == [] and ids(store) == ["a", "b", "d"]


def test_a_damaged_previous_version_met_as_a_copy_is_set_aside(folder: Path) -> None:
    with open_store(folder) as store:  # the day's backup is made after the first game
        store.save_game(finished("a", 0))
        store.save_game(finished("b", DAY))
    spare = folder / f"{JANUARY}.prev"
    flip(folder / JANUARY)
    flip(spare)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The previous version {spare}, kept as a spare copy, was damaged ({CHECKSUM})"
            f" and was kept aside as {aside(spare)}.",
            damaged(folder) + " It was rebuilt from its copies: no game is lost."]
        assert ids(store) == ["a", "b"]
    assert not spare.exists() and not spare_reported(folder)


def test_a_damaged_previous_version_from_before_checksums_is_set_aside_too(
        folder: Path) -> None:
    """As an upgrade leaves it: the month's previous version is the file an app of
    data version 1 wrote, without a checksum; here it was cut short since."""
    with open_store(folder) as store:
        store.save_game(finished("a", 0))
        store.save_game(finished("b", DAY))
    spare = folder / f"{JANUARY}.prev"
    data = json.loads(spare.read_bytes())
    del data["_checksum"]
    spare.write_text(json.dumps(data)[:-40])
    flip(folder / JANUARY)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The previous version {spare}, kept as a spare copy, was damaged (it is not"
            f" valid JSON (cut short or corrupted)) and was kept aside as {aside(spare)}.",
            damaged(folder) + " It was rebuilt from its copies: no game is lost."]
    assert not spare.exists() and not spare_reported(folder)


def test_a_damaged_month_that_cannot_be_moved_aside_stops_the_opening(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.save_game(finished("a", 0))
    month = folder / JANUARY
    flip(month)
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if Path(source) == month:
            raise OSError(errno.EACCES, "Permission denied")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"The data file {month} is damaged ({CHECKSUM}) and could not be moved aside:"
        " Permission denied. Copy it somewhere safe, then remove it to start again.")
