"""The one order of an export's records: two devices holding the same records write the
same file, whatever order their stores hold them in."""

from __future__ import annotations

from typing import Any

from companion.store.identity import sort
from companion.store.validate import name_key


def ids(records: list[dict[str, Any]]) -> list[str]:
    return [record["id"] for record in records]


def export() -> dict[str, Any]:
    return {
        "games": [{"id": "g-1", "created": "2026-01-01T09:00:00+00:00"},
                  {"id": "g-3", "created": "2026-01-01T10:00:00+02:00"},
                  {"id": "g-2", "created": "2026-01-01T10:00:00+02:00"}],
        "attempts": [{"id": "a-1", "date": "2026-01-01T09:00:00"},
                     {"id": "a-3", "date": "2026-01-01T10:00:00+02:00"},
                     {"id": "a-2", "date": "2026-01-01T08:00:00+00:00"}],
        "campaigns": [{"id": "c-1", "created": "2026-02-01T00:00:00"},
                      {"id": "c-4", "created": "2026-01-01T00:00:00"},
                      {"id": "c-3"}, {"id": "c-2", "created": None}],
        "players": ["bob", "ann", "Cy", "Ann"],
    }


def test_games_and_attempts_are_in_utc_time_order_then_by_id() -> None:
    """10:00+02:00 is 08:00 UTC, before 09:00 UTC though its text sorts after."""
    data = export()
    sort(data, name_key)
    assert ids(data["games"]) == ["g-2", "g-3", "g-1"]
    assert ids(data["attempts"]) == ["a-2", "a-3", "a-1"]


def test_campaigns_without_a_creation_time_come_first_then_by_id() -> None:
    data = export()
    sort(data, name_key)
    assert ids(data["campaigns"]) == ["c-2", "c-3", "c-4", "c-1"]


def test_players_are_in_name_order_whatever_their_capitals_then_by_spelling() -> None:
    data = export()
    sort(data, name_key)
    assert data["players"] == ["Ann", "ann", "bob", "Cy"]
