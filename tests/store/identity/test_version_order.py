"""Of two versions of one record, which one every device keeps.

Imports in any order must end with the same records on each device, so "newer" is
worked out from the record alone: its time, then the digest of its content.
"""

from __future__ import annotations

from typing import Any

from companion.store.identity import attempt_time, campaign_time, digest, game_time, newer, newest


def game(updated: str, **fields: Any) -> dict[str, Any]:
    return {"id": "g-1", "updated": updated, **fields}


def test_a_games_time_is_its_last_save_in_utc() -> None:
    assert game_time(game("2026-01-01T10:00:00+02:00")) == ("2026-01-01T08:00:00.000000",)


def test_an_attempts_time_is_its_date_in_utc() -> None:
    assert attempt_time({"date": "2026-01-01T01:00:00+02:00"}) == (
        "2025-12-31T23:00:00.000000",)


def test_a_campaigns_time_counts_its_scenarios_replays_and_final_record() -> None:
    """A campaign's final record is one more step than the scenarios before it."""
    campaign = {"updated": "2026-01-01T10:00:00+02:00", "scenarios": [{}, {}],
                "replayed": [{}], "final": {"score": 3}}
    assert campaign_time(campaign) == ("2026-01-01T08:00:00.000000", 4)
    assert campaign_time(campaign | {"final": None}) == ("2026-01-01T08:00:00.000000", 3)
    assert campaign_time({"updated": "2026-01-01T08:00:00", "scenarios": None}) == (
        "2026-01-01T08:00:00.000000", 0)


def test_a_campaign_saved_before_data_version_3_is_older_than_any_with_a_time() -> None:
    """Without 'updated', its time is the empty text, which sorts before any date."""
    assert campaign_time({"scenarios": [{}], "final": {}}) == ("", 2)
    assert campaign_time({"updated": None}) == ("", 0)


def test_a_campaign_with_its_final_record_is_newer_than_the_same_without() -> None:
    before = {"id": "c-1", "scenarios": [{}], "final": None}
    ended = before | {"final": {"score": 3}}
    assert newer(ended, before, campaign_time)
    assert not newer(before, ended, campaign_time)


def test_the_later_version_wins_whatever_its_offset() -> None:
    """10:00+02:00 is 08:00 UTC: earlier than 09:00 UTC though its text sorts after."""
    early = game("2026-01-01T10:00:00+02:00", score=1)
    late = game("2026-01-01T09:00:00+00:00", score=2)
    assert newer(late, early, game_time)
    assert not newer(early, late, game_time)


def test_a_version_differing_only_in_what_a_device_keeps_is_not_newer() -> None:
    here = game("2026-01-01T08:00:00", revision=2)
    assert not newer(here | {"revision": 5}, here, game_time)


def test_two_versions_of_one_time_are_told_apart_by_their_digest() -> None:
    """Changed on two devices within one microsecond: both keep the greater digest."""
    one = game("2026-01-01T08:00:00", score=1)
    other = game("2026-01-01T08:00:00", score=2)
    assert newer(one, other, game_time) == (digest(one) > digest(other))
    assert newer(other, one, game_time) == (digest(other) > digest(one))
    assert newer(one, other, game_time) != newer(other, one, game_time)


def test_a_copy_that_differs_only_by_what_an_import_works_out_is_replaced() -> None:
    """An older app's copy, once checked as an import would, equals the incoming one:
    the incoming one is taken even when its digest is the smaller."""
    incoming = game("2026-01-01T08:00:00", score=3)
    old_copy = game("2026-01-01T08:00:00", score=None)
    assert digest(incoming) < digest(old_copy)
    assert newer(incoming, old_copy, game_time, lambda record: record | {"score": 3})
    assert not newer(incoming, old_copy, game_time)


def test_a_checked_copy_that_still_differs_is_compared_by_digest() -> None:
    incoming = game("2026-01-01T08:00:00", score=3)
    old_copy = game("2026-01-01T08:00:00", score=None)
    assert digest(incoming) < digest(old_copy)
    assert not newer(incoming, old_copy, game_time, lambda record: record | {"score": 9})


def test_the_checked_copy_only_matters_between_versions_of_one_time() -> None:
    """An older version is never taken, even when it equals the checked local copy."""
    older = game("2026-01-01T07:00:00", score=1)
    here = game("2026-01-01T08:00:00", score=2)
    assert not newer(older, here, game_time, lambda record: older)


def test_newest_keeps_each_record_once_the_newer_version_in_first_seen_order() -> None:
    first = game("2026-01-01T08:00:00", score=1)
    later = game("2026-01-01T09:00:00", score=2)
    other = {"id": "g-2", "updated": "2026-01-01T07:00:00"}
    assert newest([first, other, later], game_time) == [later, other]
    assert newest([later, other, first], game_time) == [later, other]
