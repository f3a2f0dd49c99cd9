"""What opening checks of the archive months and of the previous versions kept as spare
copies: a spare of store.json or of the games in progress is checked whole, even one
from before checksums, and set aside when damaged; an old month's spare from before
checksums is left as it is (large, and checked when it is used as a copy); a month that
cannot be read stops the opening with what to do; a month whose only games are already
marked lost is not looked for again; a month from before checksums is no damage."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

from store_samples import bare, fake_record

from companion.store import StoreError, open_store
from companion.store.atomic import unseal
from companion.store.schema import ARCHIVE_DIR, BACKUP_DIR, MAIN_FILE, ONGOING_FILE

JANUARY = Path(ARCHIVE_DIR) / "2025-01.json"
FEBRUARY = Path(ARCHIVE_DIR) / "2025-02.json"
DAY = 60 * 24
CUT_SHORT = "it is not valid JSON (cut short or corrupted)"


def _two_months(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("a", 5, finished=True, minutes=0))
        store.save_game(fake_record("b", 5, finished=True, minutes=DAY))
        store.save_game(fake_record("c", 5, finished=True, minutes=40 * DAY))
        store.save_game(fake_record("d", 3, minutes=41 * DAY))  # in progress
        store.save_game(fake_record("d", 4, minutes=41 * DAY))


def _from_before_checksums_cut_short(path: Path) -> None:
    """As an upgrade leaves a previous version (no checksum), then cut short on the disk."""
    data = json.loads(path.read_bytes())
    del data["_checksum"]
    path.write_text(json.dumps(data)[:-40])


def test_a_damaged_spare_from_before_checksums_is_set_aside_at_opening(
        folder: Path) -> None:
    _two_months(folder)
    for name in (MAIN_FILE, ONGOING_FILE):
        spare = folder / f"{name}.prev"
        _from_before_checksums_cut_short(spare)
        with open_store(folder) as store:
            (aside,) = folder.glob(f"{spare.name}.damaged-*")
            assert [str(n) for n in store.notices] == [
                f"The previous version {spare}, kept as a spare copy, was damaged"
                f" ({CUT_SHORT}) and was kept aside as {aside}."]
            assert len(store.games(finished=True)) == 3 and store.game("d") is not None
        assert not spare.exists()


def test_an_old_months_spare_from_before_checksums_waits_until_it_is_used(
        folder: Path) -> None:
    _two_months(folder)
    spare = folder / f"{JANUARY}.prev"
    _from_before_checksums_cut_short(spare)
    kept = spare.read_bytes()
    # No backup made today: this opening makes one, and checks the months' spares too.
    shutil.rmtree(folder / BACKUP_DIR / date.today().isoformat())
    with open_store(folder) as store:
        assert store.notices == []
        assert sorted(g["id"] for g in store.games(finished=True)) == ["a", "b", "c"]
    assert spare.read_bytes() == kept and not list(spare.parent.glob("*.damaged-*"))


def test_a_folder_in_place_of_a_month_stops_the_opening(folder: Path) -> None:
    _two_months(folder)
    month = folder / JANUARY
    month.unlink()
    month.mkdir()
    try:
        open_store(folder).close()
    except StoreError as refused:
        assert str(refused) == (
            f"Cannot read {month}: it is not a regular file (a folder, a pipe or a device"
            " is in its place). Nothing was changed. Move it out of the data folder and"
            " start again.")
    else:
        raise AssertionError("the store opened over a folder in place of a month")
    assert month.is_dir() and not list(month.parent.glob("*.damaged-*"))


def test_a_month_whose_games_are_all_lost_is_not_looked_for_again(folder: Path) -> None:
    _two_months(folder)
    shutil.rmtree(folder / BACKUP_DIR)  # c's moves, February's only game, in no copy
    (folder / f"{FEBRUARY}.prev").unlink(missing_ok=True)
    (folder / FEBRUARY).unlink()
    with open_store(folder) as store:
        told = [str(n) for n in store.notices]
        assert len(told) == 1 and "can no longer be replayed" in told[0], told
    (folder / FEBRUARY).unlink(missing_ok=True)  # gone again: nothing left to rebuild
    with open_store(folder) as store:
        assert store.notices == []
        scores = {g["id"]: g["score"] for g in store.games(finished=True)}
        assert sorted(scores) == ["a", "b", "c"], "c stays in the history with its score"


def test_a_month_from_before_checksums_is_not_taken_for_damage(folder: Path) -> None:
    """An archive month written by an earlier version, without its checksum, is read
    as it is: no notice, nothing set aside, its game whole."""
    record = fake_record("done", 5, finished=True)
    with open_store(folder) as store:
        store.save_game(record)
    month = folder / ARCHIVE_DIR / "2025-01.json"
    month.write_bytes(unseal(month.read_bytes())[0])
    with open_store(folder) as store:
        assert store.notices == []
        assert bare(store.game("done")) == record
    assert list(folder.rglob("*.damaged*")) == []
