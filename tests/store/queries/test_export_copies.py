"""Which copy of a game an export holds when it finds two (`Queries._whole_games`).

A read-only store reads its files one by one while the app writes them: it can read
store.json and ongoing.json from before a game was finished and its archive month from
after. The game is then in progress in one file and finished in the other, both with the
same last change (finishing adds no move). The export must hold the finished copy, as the
app keeps it when it finds a game in both files (`_reconcile`): the history's copy wins a
tie, the copy in progress is kept only when it is strictly newer.
"""

from __future__ import annotations

from pathlib import Path

from store_samples import bare, fake_record, left_between

from companion.store import open_store
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE

MONTH = f"{ARCHIVE_DIR}/2025-01.json"


def _read_between(folder: Path, before: dict[str, object], after: dict[str, object]) -> None:
    """Save `before`, then `after`, and put store.json and ongoing.json back as they
    were between the two: the archive month alone holds the second save."""
    with open_store(folder) as store:
        store.add_player("Ana")  # store.json is written from the start
    left_between(folder, before, after, (MAIN_FILE, ONGOING_FILE))


def test_a_game_finished_at_its_last_move_is_exported_finished(folder: Path) -> None:
    finished = fake_record("g", 5, finished=True)
    _read_between(folder, fake_record("g", 5), finished)
    with open_store(folder, read_only=True) as reader:
        (game,) = reader.export_all()["games"]
    assert game == finished


def test_a_game_saved_in_progress_after_its_archived_copy_is_exported_in_progress(
        folder: Path) -> None:
    """store.json and the archive month read before the game was taken up again, ongoing.json
    after: the copy in progress is newer by a move, so it is the one exported, and the one
    listed whole, though the archive month still holds the other."""
    newer = fake_record("g", 6)
    left_between(folder, fake_record("g", 5, finished=True), newer, (MAIN_FILE, MONTH))
    with open_store(folder, read_only=True) as reader:
        (game,) = reader.export_all()["games"]
        assert bare(reader.game("g")) == newer
        # Listed whole, in progress: not with the moves of its older archived copy.
        assert [bare(g) for g in reader.games(with_actions=True)] == [newer]
    assert game == newer
