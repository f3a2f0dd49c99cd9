"""A crash while a game moved between ongoing.json and the history (finished, or resumed)
can leave it in both: the opening keeps its newest version, in its one place, and every
other game where it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from store_samples import bare, fake_record, left_between

from companion.store import open_store
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE

FINISHED = fake_record("g", 5, finished=True, minutes=60)  # last saved at minute 65
OTHER = fake_record("other", 2, minutes=10)
MONTH = f"{ARCHIVE_DIR}/2025-01.json"


def left_in_both(folder: Path, first: dict[str, Any], then: dict[str, Any],
                 names: tuple[str, ...]) -> None:
    """g saved as `first`, then as `then`, beside another finished game and another in
    progress; the files `names` as they were before `then` (a crash left them)."""
    with open_store(folder) as store:
        store.save_game(fake_record("kept", 4, finished=True, minutes=30))
        store.save_game(OTHER)
    left_between(folder, first, then, names)


@pytest.mark.parametrize("in_progress", [
    fake_record("g", 3, minutes=0),  # saved at minute 3
    fake_record("g", 5, minutes=60),  # at minute 65, as the finished one: no newer
], ids=["older", "as old"])
def test_the_finished_version_kept_when_no_older(folder: Path, in_progress: dict[str, Any]
                                                  ) -> None:
    left_in_both(folder, in_progress, FINISHED, (ONGOING_FILE,))
    for _ in range(2):  # and the next opening finds nothing more to do
        with open_store(folder) as store:
            assert bare(store.game("g")) == FINISHED
            assert [g["id"] for g in store.games(finished=True)] == ["g", "kept"]
            assert [g["id"] for g in store.games(finished=False)] == ["other"]
            assert store.notices == []


def test_the_version_in_progress_kept_when_newer(folder: Path) -> None:
    """Resumed after it finished: it leaves the history and its month."""
    resumed = fake_record("g", 7, minutes=100)
    left_in_both(folder, FINISHED, resumed, (MAIN_FILE, MONTH))
    for _ in range(2):
        with open_store(folder) as store:
            assert bare(store.game("g")) == resumed
            assert [g["id"] for g in store.games(finished=True)] == ["kept"]
            assert [g["id"] for g in store.games(finished=False)] == ["g", "other"]
            assert store.notices == []
    month = (folder / MONTH).read_text()
    assert '"id":"g"' not in month and '"id":"kept"' in month
