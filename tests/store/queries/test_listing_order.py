"""The order the store lists records in, when the order they were saved in says nothing.

Records come from imports too, in any order and with any UTC offset, and two games can
carry the same time (saved on two devices within one microsecond): the lists must still
come out in one order, the same on every device.
"""

from __future__ import annotations

from store_samples import attempt, fake_record

from companion.store import Store


def test_attempts_are_listed_oldest_first_whatever_the_order_they_were_saved_in(
        store: Store) -> None:
    """10:30+02:00 is 08:30 UTC: before 09:00 UTC, though saved after it."""
    later = attempt("base-1", 10) | {"date": "2025-01-01T09:00:00+00:00"}
    earlier = attempt("base-1", 20) | {"date": "2025-01-01T10:30:00+02:00"}
    other = attempt("base-2", 30) | {"date": "2025-01-01T08:00:00+00:00"}
    for one in (later, earlier, other):
        store.record_attempt(one | {"id": f"a-{one['score']}"})
    assert [a["score"] for a in store.attempts("base-1")] == [20, 10]
    assert [a["score"] for a in store.attempts()] == [30, 20, 10]


def test_games_of_one_time_are_listed_by_id_and_the_last_is_the_one_to_resume(
        store: Store) -> None:
    for game_id in ("g-b", "g-c", "g-a"):
        store.save_game(fake_record(game_id, 3))
    assert [g["id"] for g in store.games(finished=False)] == ["g-c", "g-b", "g-a"]
    current = store.current_game()
    assert current is not None and current["id"] == "g-c"


def test_games_are_listed_newest_first_before_by_id(store: Store) -> None:
    store.save_game(fake_record("g-b", 3))
    store.save_game(fake_record("g-a", 5))  # saved two minutes later
    store.save_game(fake_record("g-c", 3))
    assert [g["id"] for g in store.games(finished=False)] == ["g-a", "g-c", "g-b"]
