"""Changes the store refuses or cannot write, told whole: which change could not be
saved and why, a game whose moves are lost that cannot be resumed; and where a game
set aside is kept, under a file name any file system takes."""

from __future__ import annotations

import errno
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from store_samples import attempt, fake_record

from companion.store import Store, StoreError, open_store
from companion.store.journal import Journal
from companion.store.schema import ARCHIVE_DIR

CHANGES: dict[str, Callable[[Store], object]] = {
    "the deletion": lambda store: store.delete_game("g"),
    "the game set aside": lambda store: store.set_aside_game("g"),
    "the campaign": lambda store: store.save_campaign({"id": "c2"}),
    "the settings": lambda store: store.update_settings(theme="dark"),
    "the player": lambda store: store.add_player("Bea"),
    "the scenario attempt": lambda store: store.record_attempt(attempt("base-1", 30)),
    "the game": lambda store: store.save_game(fake_record("g", 5)),
}
CAMPAIGN_DELETED: Callable[[Store], object] = lambda store: store.delete_campaign("c")  # noqa: E731


@pytest.mark.parametrize(("what", "change"), [
    *CHANGES.items(), ("the deletion", CAMPAIGN_DELETED)],
    ids=[*CHANGES, "the campaign's deletion"])
def test_a_change_that_cannot_be_written_is_named(
        folder: Path, store: Store, monkeypatch: pytest.MonkeyPatch, what: str,
        change: Callable[[Store], object]) -> None:
    store.save_game(fake_record("g", 4))
    store.save_campaign({"id": "c"})
    before = store.export_all()

    def failing(self: Journal, changes: dict[Path, bytes]) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(Journal, "commit", failing)
    with pytest.raises(StoreError) as refused:
        change(store)
    assert str(refused.value) == (
        f"Could not save {what}: Input/output error. What was saved before is intact. Free"
        f" some disk space or check that {folder} is writable, then try again.")
    monkeypatch.undo()
    assert store.export_all() == before


@pytest.mark.parametrize(("game_id", "name"), [
    ("bad/1", "bad_1.json"),
    ("a b:c*d", "a_b_c_d.json"),
    ("Zoé-2_x", "Zoé-2_x.json"),
    ("x" * 100, "x" * 80 + ".json"),
])
def test_a_game_set_aside_is_kept_under_a_name_made_of_its_id(
        folder: Path, store: Store, game_id: str, name: str) -> None:
    store.save_game(fake_record(game_id, 3))
    assert store.set_aside_game(game_id) == folder / "set-aside" / name
    assert (folder / "set-aside" / name).is_file()


def test_an_abandoned_game_whose_moves_are_lost_stays_in_the_history(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 6))
        store.abandon_game("g")
    (folder / ARCHIVE_DIR / "2025-01.json").unlink()  # and no copy of it anywhere
    shutil.rmtree(folder / "backups")
    with open_store(folder) as store:
        with pytest.raises(StoreError) as refused:
            store.resume_game("g")
        assert str(refused.value) == (
            "The game g cannot be resumed: its moves are missing from the archive. It stays"
            " in the history.")
        (listed,) = store.games()
        assert listed["id"] == "g" and listed["abandoned"] is True
    with open_store(folder) as store:
        assert [g["id"] for g in store.games(finished=True)] == ["g"]
