"""A device whose clock is behind the data it holds (a game saved on a phone set a year
ahead, a clock put back): every change the store dates itself still comes after the
version it replaces, so a crash that leaves two copies keeps the newer one, and another
device takes the newer version at its next import."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from store_samples import fake_record

from companion.store import Store
from companion.store import changes as changes_module
from companion.store.identity import _order

AHEAD = "2099-06-01T12:00:00+00:00"


class Clock(datetime):
    """`datetime` whose now is set by the test."""

    moment = datetime(2099, 6, 1, 12, tzinfo=UTC)

    @classmethod
    def now(cls, tz: object = None) -> Clock:  # type: ignore[override]
        return cls.fromtimestamp(cls.moment.timestamp(), UTC)


def test_abandoning_and_resuming_a_game_saved_ahead_keeps_each_step_newer(
        store: Store) -> None:
    store.save_game(fake_record("g", 8) | {"updated": AHEAD})
    assert store.abandon_game("g")
    abandoned = store.game("g")
    assert abandoned is not None and abandoned["abandoned"] is True
    assert _order(abandoned["updated"]) > _order(AHEAD)
    assert store.resume_game("g")
    resumed = store.game("g")
    assert resumed is not None and "abandoned" not in resumed
    assert _order(resumed["updated"]) > _order(abandoned["updated"])


def test_a_campaign_saved_after_the_clock_went_back_is_still_newer(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save_campaign({"id": "other"})
    monkeypatch.setattr(changes_module, "datetime", Clock)
    store.save_campaign({"id": "c", "box": 1})
    (ahead,) = [c["updated"] for c in store.campaigns() if c["id"] == "c"]
    monkeypatch.undo()
    store.save_campaign({"id": "c", "box": 2})
    (again,) = [c for c in store.campaigns() if c["id"] == "c"]
    assert again["box"] == 2 and _order(again["updated"]) > _order(ahead)


def test_a_campaign_deleted_after_the_clock_went_back_is_marked_after_its_save(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(changes_module, "datetime", Clock)
    store.save_campaign({"id": "c"})
    (saved,) = [c["updated"] for c in store.campaigns()]
    monkeypatch.undo()
    assert store.delete_campaign("c")
    (mark,) = store.export_all()["deleted"]
    assert mark["id"] == "c" and mark["kind"] == "campaign"
    assert _order(mark["deleted"]) > _order(saved)


def test_settings_changed_twice_keep_both_changes(store: Store) -> None:
    store.update_settings(language="fr")
    store.update_settings(theme="dark")
    store.update_settings(language="de")
    settings = store.settings()
    assert (settings["language"], settings["theme"]) == ("de", "dark")


def test_a_campaign_saved_again_after_its_deletion_is_newer_than_the_mark(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The undo of a deletion made while the clock was ahead: the campaign must win over
    the mark on a device the mark already reached."""
    monkeypatch.setattr(changes_module, "datetime", Clock)
    store.save_campaign({"id": "c"})
    store.delete_campaign("c")
    (mark,) = store.export_all()["deleted"]
    monkeypatch.undo()
    store.save_campaign({"id": "c"})
    (again,) = store.campaigns()
    assert store.export_all()["deleted"] == []
    assert _order(again["updated"]) > _order(mark["deleted"])
