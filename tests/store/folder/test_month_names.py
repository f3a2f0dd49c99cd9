"""Which files of the data folder hold a month of finished games: only `YYYY-MM.json`.
Anything else there (a copy the player made, a file of another app) is never read or
rewritten as a month, so a near miss must not pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store.schema import data_files, is_shard_name


@pytest.mark.parametrize("name", ["2026-07.json", "1999-12.json", "0000-00.json"])
def test_a_month_is_named_by_its_year_and_month(name: str) -> None:
    assert is_shard_name(name)


@pytest.mark.parametrize("name", [
    "2026-07.txt", "2026-07", "2026-07.json.bak", "2026-7.json", "2026-007.json",
    "12345678.json", "2026x07.json", "2026_07.json", "2026-x7.json", "2026-0x.json",
    "20a6-07.json", "games.json", "-2026-07.json",
])
def test_a_near_miss_is_no_month(name: str) -> None:
    assert not is_shard_name(name)


def test_the_data_files_are_the_main_ones_then_each_month_that_is_a_file(tmp_path: Path) -> None:
    """What backups copy: a folder named like a month, or another file of the archive,
    is no month of games."""
    (tmp_path / "archive" / "2026-08.json").mkdir(parents=True)
    for name in ("store.json", "archive/2026-07.json", "archive/notes.json"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    assert data_files(tmp_path) == [tmp_path / "store.json",
                                    tmp_path / "archive" / "2026-07.json"]
