"""The day's backup of the data folder, as the store makes it: looked for once a day,
not at every move; once made, it holds every ended game, whose own backups then go; if
it cannot be made, the player is told once, in the system's words, and play goes on.
And a closed store: every use refused in words, closing again harmless."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from store_samples import SYSTEM_ERRORS, fake_record

from companion.store import StoreError, open_store
from companion.store.backups import Backups, GameBackups


def own_backups(folder: Path) -> set[str]:
    """The games with an own backup, as the store reads them back."""
    return set(GameBackups(folder).load())


def test_the_days_backup_is_looked_for_once_a_day_and_lets_ended_games_backups_go(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path | None] = []
    real = Backups.daily

    def counted(self: Backups, *args: Any, **kwargs: Any) -> Path | None:
        made = real(self, *args, **kwargs)
        calls.append(made)
        return made

    monkeypatch.setattr(Backups, "daily", counted)
    with open_store(folder) as store:
        store.save_game(fake_record("open", 3))  # the first data: today's backup is made
        assert len(calls) == 2 and calls[0] is None and calls[1] is not None
        assert own_backups(folder) == {"open"}, "a game in progress keeps its own"
        store.save_game(fake_record("done", 4, finished=True))
        store.save_game(fake_record("open", 5))
        assert len(calls) == 2, "not looked for again the same day"
        assert own_backups(folder) == {"open", "done"}
    with open_store(folder) as store:  # another opening, the same day: already made
        assert calls[2:] == [None]
        assert own_backups(folder) == {"open", "done"}
    assert calls[1] is not None
    shutil.rmtree(calls[1])  # today's backup gone: the next opening makes it again
    with open_store(folder) as store:
        assert calls[3] is not None
        assert own_backups(folder) == {"open"}, "the ended game's own backup goes"
        store.save_game(fake_record("open", 6))
        assert len(calls) == 4


@pytest.mark.parametrize(("error", "reason"), SYSTEM_ERRORS.values(), ids=SYSTEM_ERRORS)
def test_a_days_backup_that_cannot_be_made_is_told_once_and_play_goes_on(
        folder: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str) -> None:
    tries: list[int] = []

    def failing(self: Backups, *args: Any, **kwargs: Any) -> Path | None:
        tries.append(1)
        raise error

    monkeypatch.setattr(Backups, "daily", failing)
    with open_store(folder) as store:
        store.save_game(fake_record("g", 3))
        store.save_game(fake_record("g", 4))
        assert [str(notice) for notice in store.notices] == [
            f"Today's backup of your data could not be made: {reason}."]
        assert len(tries) == 1, "not tried again at every move"
        assert store.game("g")["actions"] == fake_record("g", 4)["actions"]  # type: ignore[index]


def test_a_closed_store_refuses_every_use_and_closing_again_is_harmless(
        folder: Path) -> None:
    store = open_store(folder)
    store.save_game(fake_record("g", 3))
    store.close()
    store.close()
    for use in (lambda: store.game("g"), lambda: store.games(),
                lambda: store.save_game(fake_record("g", 4))):
        with pytest.raises(StoreError) as refused:
            use()
        assert str(refused.value) == "The data store is closed."
    with open_store(folder) as again:  # the folder was let go
        assert again.game("g")["actions"] == fake_record("g", 3)["actions"]  # type: ignore[index]

