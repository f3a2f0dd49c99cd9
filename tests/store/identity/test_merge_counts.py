"""An import's merge of one kind of record, and of the players' names, with its counts.

The counts are what the player reads after an import ("2 games added, 1 updated"), so
each record is counted once, in the right column.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.store.identity import game_time, merged, merged_players
from companion.store.validate import name_key


def game(id: str, updated: str, **fields: Any) -> dict[str, Any]:
    return {"id": id, "updated": updated, **fields}


def test_each_incoming_record_is_added_taken_or_left_and_counted_once() -> None:
    kept = game("g-1", "2026-01-01T08:00:00")
    also_kept = game("g-2", "2026-01-01T08:00:00")
    replaced = game("g-3", "2026-01-01T08:00:00")
    incoming = [game("g-1", "2026-01-01T07:00:00"), also_kept | {"revision": 4},
                game("g-3", "2026-01-01T09:00:00"), game("g-4", "2026-01-01T06:00:00"),
                game("g-5", "2026-01-01T06:00:00")]
    counts: Counter[str] = Counter()
    result = merged("games", [kept, also_kept, replaced], incoming, game_time, counts)
    assert result == [kept, also_kept, incoming[2], incoming[3], incoming[4]]
    assert result[0] is kept and result[1] is also_kept
    assert counts == {"games": 2, "games_updated": 1, "games_unchanged": 2}


def test_of_two_incoming_versions_of_a_record_only_the_newer_is_merged() -> None:
    counts: Counter[str] = Counter()
    old = game("g-1", "2026-01-01T08:00:00")
    result = merged("games", [old], [game("g-1", "2026-01-01T10:00:00", score=2),
                                     game("g-1", "2026-01-01T09:00:00", score=1)],
                    game_time, counts)
    assert result == [game("g-1", "2026-01-01T10:00:00", score=2)]
    assert counts == {"games_updated": 1}


def test_two_updates_are_counted_as_two() -> None:
    counts: Counter[str] = Counter()
    here = [game("g-1", "2026-01-01T08:00:00"), game("g-2", "2026-01-01T08:00:00")]
    incoming = [game("g-1", "2026-01-01T09:00:00"), game("g-2", "2026-01-01T09:00:00")]
    assert merged("attempts", here, incoming, game_time, counts) == incoming
    assert counts == {"attempts_updated": 2}


def test_the_merge_takes_a_copy_equal_to_the_local_one_once_checked() -> None:
    """An older app's copy of one time that the import works out alike is replaced."""
    here = game("g-1", "2026-01-01T08:00:00", score=None)
    incoming = game("g-1", "2026-01-01T08:00:00", score=3)
    counts: Counter[str] = Counter()
    result = merged("games", [here], [incoming], game_time, counts,
                    lambda record: record | {"score": 3})
    assert result == [incoming] and result[0] is incoming
    assert counts == {"games_updated": 1}


def test_players_are_merged_by_name_whatever_its_capitals() -> None:
    """Of two spellings the one that sorts first is kept; only new names are counted."""
    names, added = merged_players(["zoé", "Ann"], ["Zoé", "ann", "Bob", "cy"], name_key)
    assert names == ["Zoé", "Ann", "Bob", "cy"]
    assert added == 2


def test_one_new_player_is_counted_once() -> None:
    assert merged_players(["Ann"], ["Bob"], name_key) == (["Ann", "Bob"], 1)
    assert merged_players(["Ann"], [], name_key) == (["Ann"], 0)
