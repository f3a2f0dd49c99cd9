"""A listing of games whole, when asked (the history's from their archive months), and
the games to pick up again: those in progress, whole, and never an abandoned one. That
a listing is otherwise made of summaries is in `test_queries_read_back.py`."""

from __future__ import annotations

from store_samples import bare, fake_record

from companion.store import Store


def _one_of_each(store: Store) -> tuple[dict[str, object], dict[str, object]]:
    finished = fake_record("done", 5, finished=True, minutes=0)
    ongoing = fake_record("going", 3, minutes=60)
    store.save_game(finished)
    store.save_game(ongoing)
    return finished, ongoing


def test_listed_whole_when_asked(store: Store) -> None:
    finished, ongoing = _one_of_each(store)
    assert [bare(g) for g in store.games(with_actions=True)] == [ongoing, finished]
    assert [bare(g) for g in store.games(True, with_actions=True)] == [finished]


def test_the_games_to_pick_up_again_are_those_in_progress_whole(store: Store) -> None:
    _, ongoing = _one_of_each(store)
    store.save_game(fake_record("left", 2, minutes=30) | {"abandoned": True})
    assert [bare(g) for g in store.ongoing_games()] == [ongoing]
