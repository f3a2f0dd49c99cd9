"""A finished game whose archive month is lost with every copy of it (see `mending.py`)
is still read, as its summary: no moves and nothing to redo, and `actions_missing` set,
which the app reads to say the moves are gone and to refuse to resume it; the same in the
history listed with the moves, beside the games read whole."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from store_samples import bare, fake_record, lose_january

from companion.store import open_store
from companion.store.schema import ARCHIVE_DIR, BACKUP_DIR, ONGOING_FILE


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


def test_a_game_whose_moves_were_lost_but_in_progress_again_keeps_its_moves(
        folder: Path) -> None:
    """ongoing.json put back from an older copy still holds the game in progress, which
    has since finished in a month now lost: the game keeps its moves, in progress, and
    its summary leaves the history; the other finished games stay."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 3))  # the day's backup holds it in progress
        store.save_game(fake_record("kept", 4, finished=True, minutes=60 * 24 * 40))
    older = (folder / BACKUP_DIR / date.today().isoformat() / ONGOING_FILE).read_bytes()
    with open_store(folder) as store:
        store.save_game(fake_record("g", 5, finished=True))
    lose_january(folder)
    (folder / ONGOING_FILE).write_bytes(older)
    (folder / f"{ONGOING_FILE}.prev").unlink(missing_ok=True)
    with open_store(folder) as store:
        assert bare(store.game("g")) == fake_record("g", 3)
        assert [g["id"] for g in store.games(finished=True)] == ["kept"]
        assert [g["id"] for g in store.games(finished=False)] == ["g"]
    with open_store(folder) as store:
        assert store.notices == [] and bare(store.game("g")) == fake_record("g", 3)
