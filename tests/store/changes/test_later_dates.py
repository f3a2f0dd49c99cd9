"""The time the store puts on a game it moves (abandoned, resumed): now, unless the game
already carries a time at or after now, then one microsecond after that time, written
with the game's own UTC offset. A time without an offset is read as UTC, as everywhere in
the store. Each is stated exactly, with the clock set by the test, since a copy one
microsecond too old, or read in the wrong zone, loses to its other copy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from store_samples import fake_record

from companion.store import Store
from companion.store import changes as changes_module

NOW = datetime(2099, 6, 1, 12, tzinfo=UTC)


class Clock(datetime):
    """`datetime` whose now is `NOW`."""

    @classmethod
    def now(cls, tz: object = None) -> Clock:  # type: ignore[override]
        return cls.fromtimestamp(NOW.timestamp(), UTC)


def _abandoned_at(store: Store, updated: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The 'updated' of a game saved with `updated`, then abandoned at `NOW`."""
    store.save_game(fake_record("g", 4) | {"updated": updated})
    monkeypatch.setattr(changes_module, "datetime", Clock)
    assert store.abandon_game("g")
    monkeypatch.undo()
    game = store.game("g")
    assert game is not None and game["abandoned"] is True
    return str(game["updated"])


@pytest.mark.parametrize(("updated", "abandoned"), [
    # Saved before now: abandoned now.
    ("2025-01-01T09:00:00+00:00", "2099-06-01T12:00:00+00:00"),
    # Saved at now exactly: still after it.
    ("2099-06-01T12:00:00+00:00", "2099-06-01T12:00:00.000001+00:00"),
    # Saved after now, two hours east of UTC: its own offset kept.
    ("2099-06-01T16:00:00+02:00", "2099-06-01T16:00:00.000001+02:00"),
    # 13:00 two hours east is 11:00 UTC, before now (not 13:00 UTC, after it).
    ("2099-06-01T13:00:00+02:00", "2099-06-01T12:00:00+00:00"),
    # Saved after now with no offset: UTC.
    ("2099-06-02T00:00:00", "2099-06-02T00:00:00.000001+00:00"),
    # Saved before now with no offset.
    ("2099-06-01T11:00:00", "2099-06-01T12:00:00+00:00"),
])
def test_an_abandoned_game_is_dated_now_or_just_after_its_last_save(
        store: Store, monkeypatch: pytest.MonkeyPatch, updated: str, abandoned: str) -> None:
    assert _abandoned_at(store, updated, monkeypatch) == abandoned
