"""A finished game whose archive month is lost with every copy of it (see `mending.py`)
is still read, as its summary: no moves and nothing to redo, and `actions_missing` set,
which the app reads to say the moves are gone and to refuse to resume it. In the history
listed with the moves, it is its summary alone, beside the games read whole."""

from __future__ import annotations

import shutil
from pathlib import Path

from store_samples import bare, fake_record

from companion.store import open_store
from companion.store.schema import ARCHIVE_DIR


def test_a_game_whose_moves_are_lost_is_read_as_its_summary(folder: Path) -> None:
    lost = fake_record("lost", 6, finished=True)
    kept = fake_record("kept", 4, finished=True, minutes=60 * 24 * 40)  # in February
    with open_store(folder) as store:
        store.save_game(lost)
        store.save_game(kept)
    (folder / ARCHIVE_DIR / "2025-01.json").unlink()  # and no copy of it anywhere
    shutil.rmtree(folder / "backups")
    summary = {key: value for key, value in lost.items() if key not in ("actions", "redo")}
    expected = summary | {"actions": [], "redo": [], "actions_missing": True}
    with open_store(folder) as store:
        assert bare(store.game("lost")) == expected
        assert bare(store.game("kept")) == kept
        listed = store.games(finished=True, with_actions=True)
        assert [bare(g) for g in listed] == [kept, summary]
