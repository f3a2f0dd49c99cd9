"""What a listing of games holds: the history and the games in progress as summaries
(without their moves, which are most of a record's size: years of history stay quick to
list), whole records only when asked; the games to pick up again whole, and only those."""

from __future__ import annotations

from store_samples import bare, fake_record

from companion.store import Store

MOVES = ("actions", "redo")


def _one_of_each(store: Store) -> tuple[dict[str, object], dict[str, object]]:
    finished = fake_record("done", 5, finished=True, minutes=0)
    ongoing = fake_record("going", 3, minutes=60)
    store.save_game(finished)
    store.save_game(ongoing)
    return finished, ongoing


def test_listed_games_come_without_their_moves(store: Store) -> None:
    _one_of_each(store)
    for finished in (None, True, False):
        listed = store.games(finished)
        assert listed, finished
        assert all(not set(MOVES) & set(game) for game in listed), finished
    assert [g["id"] for g in store.games()] == ["going", "done"]


def test_listed_whole_when_asked(store: Store) -> None:
    finished, ongoing = _one_of_each(store)
    assert [bare(g) for g in store.games(with_actions=True)] == [ongoing, finished]
    assert [bare(g) for g in store.games(True, with_actions=True)] == [finished]


def test_the_games_to_pick_up_again_are_those_in_progress_whole(store: Store) -> None:
    _, ongoing = _one_of_each(store)
    store.save_game(fake_record("left", 2, minutes=30) | {"abandoned": True})
    assert [bare(g) for g in store.ongoing_games()] == [ongoing]
