"""One scenario attempt per game: ending a game again after an undo replaces its
attempt, even when the two attempts carry different ids (an id is optional and any
text; an older app or an import may have given another one). Attempts of no game are
each kept."""

from __future__ import annotations

from store_samples import attempt

from companion.store import Store


def test_an_attempt_of_a_game_replaces_that_game_s_attempt_whatever_its_id(
        store: Store) -> None:
    store.record_attempt(attempt("base-1", 30, game="g") | {"id": "first"})
    store.record_attempt(attempt("base-1", 50, game="other"))
    store.record_attempt(attempt("base-1", 40, game="g") | {"id": "second"})
    assert sorted((a["game"], a["score"], a["id"]) for a in store.attempts()) == [
        ("g", 40, "second"), ("other", 50, attempt("base-1", 50, game="other")["id"])]


def test_attempts_of_no_game_are_each_kept(store: Store) -> None:
    store.record_attempt(attempt("base-1", 30) | {"id": "a"})
    store.record_attempt(attempt("base-1", 40, minutes=5) | {"id": "b"})
    assert [a["id"] for a in store.attempts()] == ["a", "b"]
