"""A finished game whose archive month is lost with every copy of it (see `mending.py`)
is still read, as its summary: no moves and nothing to redo, and `actions_missing` set,
which the app reads to say the moves are gone and to refuse to resume it; the same in the
history listed with the moves, beside the games read whole."""

from __future__ import annotations

import shutil
from pathlib import Path

from store_samples import bare, fake_record, lose_january

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
        assert [bare(g) for g in listed] == [kept, expected]


def test_games_left_out_of_an_export_are_told_with_their_days(
        folder: Path, tmp_path: Path) -> None:
    """Two games of a month lost with its previous version and every backup: the export
    holds the others and says which days the two were played."""
    with open_store(folder) as store:
        store.save_game(fake_record("a", 6, finished=True))
        store.save_game(fake_record("b", 5, finished=True, minutes=60 * 24 * 3))
        store.save_game(fake_record("kept", 4, finished=True, minutes=60 * 24 * 40))
        store.save_game(fake_record("open", 4, minutes=60 * 24 * 41))
        store.add_player("Ana")
        store.save_campaign({"id": "c"})
    lose_january(folder)
    with open_store(folder) as store:
        assert [str(n) for n in store.export_gaps()] == [
            "2 games of your history are not in the export: their moves were lost when"
            " their archive file was damaged (January 1, 2025, January 4, 2025). They stay"
            " in your history with their scores."]
        written = store.export_file(tmp_path / "out.json")
    assert written == {"games": 2, "attempts": 0, "campaigns": 1, "players": 1}
