"""Which previous versions (`<file>.prev`) are set aside at opening: one of the main
files from before checksums is decoded whole, so garbage there is set aside; an archive
month's is taken as it is (it is checked when it is used as a copy), so it stays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from store_samples import bare, fake_record

from companion.store import StoreError, open_store
from companion.store.atomic import unseal
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE


def test_an_unsealed_garbage_spare_is_set_aside_for_a_main_file_only(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("done", 5, finished=True))
        store.add_player("Ana")
    main_spare = folder / f"{MAIN_FILE}.prev"
    month_spare = folder / ARCHIVE_DIR / "2025-01.json.prev"
    main_spare.write_bytes(b"not json, and no checksum")
    month_spare.write_bytes(b"not json, and no checksum")
    shutil.rmtree(folder / "backups")  # the first opening of the day checks the months too
    with open_store(folder) as store:
        assert store.players() == ["Ana"]
    assert not main_spare.exists()
    assert [p.name.split(".damaged")[0] for p in folder.glob("*.damaged*")] == [
        f"{MAIN_FILE}.prev"]
    assert month_spare.read_bytes() == b"not json, and no checksum"


def test_an_archive_month_out_of_reach_stops_the_opening_naming_it(folder: Path) -> None:
    """A folder where an archive month should be: the opening says which file, and what
    to do, rather than mending over it."""
    with open_store(folder) as store:
        store.save_game(fake_record("done", 5, finished=True))
    month = folder / ARCHIVE_DIR / "2025-01.json"
    month.unlink()
    month.mkdir()
    with pytest.raises(StoreError) as raised:
        open_store(folder).close()
    assert str(raised.value).startswith(
        f"Cannot read {month}: it is not a regular file (a folder, a pipe or a device")


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


def test_a_month_whose_moves_are_lost_is_told_once(folder: Path) -> None:
    """Its games stay in the history with their scores, marked lost: the month is not
    looked for again, even once more gone, since the history lists no game of it whose
    moves could come back."""
    with open_store(folder) as store:
        store.save_game(fake_record("lost", 6, finished=True))
    for name in ("2025-01.json", "2025-01.json.prev"):
        (folder / ARCHIVE_DIR / name).unlink(missing_ok=True)
    shutil.rmtree(folder / "backups")
    with open_store(folder) as store:
        assert store.notices != []
    for name in ("2025-01.json", "2025-01.json.prev"):
        (folder / ARCHIVE_DIR / name).unlink(missing_ok=True)
    shutil.rmtree(folder / "backups", ignore_errors=True)
    with open_store(folder) as store:
        assert store.notices == []
        assert store.games(finished=True)[0]["id"] == "lost"
