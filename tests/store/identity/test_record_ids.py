"""The keys that make two records one on every device, and what a device keeps to itself.

Two devices that never saw each other's attempt must still give it the same id, and an
app upgraded later must give the id an earlier version gave: so the ids are pinned here
to their exact text, not just compared with each other.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from companion.store.identity import _order, attempt_id, digest, public, same, shared, with_id

ATTEMPT = {"scenario": "base-1", "date": "2025-06-08T12:00:00+00:00", "score": 100}
"""An attempt without its game: keyed by its scenario, date and score."""


@pytest.fixture
def in_tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The device's clock in Tokyo (UTC+9), so that local time is not UTC."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("in_tokyo")
def test_a_time_with_an_offset_is_ordered_as_its_utc_moment_whatever_the_local_zone() -> None:
    """A phone in Paris and a laptop in UTC write the same moment differently; both must
    order it alike, and a naive time is UTC, never the device's local time."""
    assert _order("2026-01-01T10:00:00+02:00") == "2026-01-01T08:00:00.000000"
    assert _order("2026-01-01T08:00:00") == "2026-01-01T08:00:00.000000"
    assert _order("2026-01-01T08:00:00.5+00:00") == "2026-01-01T08:00:00.500000"


def test_an_attempt_of_a_game_is_keyed_by_its_game_alone() -> None:
    """Ending a game again after an undo changes the score, not the attempt."""
    assert attempt_id(ATTEMPT | {"game": "g-1"}) == "attempt-1740080ff671c6b516446bc1"
    assert attempt_id(ATTEMPT | {"game": "g-1", "score": 5, "scenario": "base-2"}) == (
        "attempt-1740080ff671c6b516446bc1")


def test_an_attempt_without_a_game_is_keyed_by_its_scenario_date_and_score() -> None:
    assert attempt_id(ATTEMPT) == "attempt-c8af735b0f6109c7a3a4408b"
    assert attempt_id(ATTEMPT | {"game": None}) == "attempt-c8af735b0f6109c7a3a4408b"
    assert attempt_id(ATTEMPT | {"scenario": "base-2"}) == "attempt-e213b75b9bc6e01870471ef7"


@pytest.mark.parametrize("change", [{"scenario": "base-2"}, {"date": "2025-06-09T12:00:00"},
                                    {"score": 101}], ids=["scenario", "date", "score"])
def test_attempts_without_a_game_differing_in_one_key_field_are_two(
        change: dict[str, object]) -> None:
    assert attempt_id(ATTEMPT | change) != attempt_id(ATTEMPT)


def test_an_attempt_keeps_its_id_and_puts_it_first() -> None:
    assert list(with_id(ATTEMPT | {"id": "a-7"}).items()) == [
        ("id", "a-7"), ("scenario", "base-1"), ("date", "2025-06-08T12:00:00+00:00"),
        ("score", 100)]


@pytest.mark.parametrize("missing", [{}, {"id": None}, {"id": ""}],
                         ids=["no id", "null id", "empty id"])
def test_an_attempt_without_an_id_is_given_the_derived_one(missing: dict[str, object]) -> None:
    """An attempt saved before data version 3 gets the id every device derives."""
    assert with_id(ATTEMPT | missing) == {"id": "attempt-c8af735b0f6109c7a3a4408b", **ATTEMPT}


def test_what_a_device_keeps_for_itself_is_not_shared_nor_compared() -> None:
    """A game's 'revision' counts this device's saves: two devices differ there alone."""
    here = {"id": "g-1", "revision": 3, "updated": "2026-01-01T08:00:00"}
    there = here | {"revision": 9}
    assert shared(here) == {"id": "g-1", "updated": "2026-01-01T08:00:00"}
    assert same(here, there)
    assert not same(here, there | {"updated": "2026-01-01T09:00:00"})
    assert digest(here) == digest(there)


def test_the_digest_does_not_depend_on_the_order_of_fields() -> None:
    """Two devices may hold the fields of one record in another order."""
    assert digest({"a": 1, "b": 2}) == digest({"b": 2, "a": 1})
    assert digest({"a": 1, "b": 2}) != digest({"a": 1, "b": 3})


def test_an_export_leaves_out_each_games_revision_and_nothing_else() -> None:
    export = {"schema_version": 3, "games": [{"id": "g-1", "revision": 4, "score": 7}],
              "players": ["Ann"]}
    assert public(export) == {"schema_version": 3, "games": [{"id": "g-1", "score": 7}],
                              "players": ["Ann"]}
