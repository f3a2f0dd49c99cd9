"""Saving a deleted record again (the undo) takes away its own mark and no other: not
the mark of another game deleted before it, nor that of a campaign that had the same
id. A store holds a record or its mark, never both (see `marks.py`)."""

from __future__ import annotations

from store_samples import fake_record

from companion.store import Store


def _marked(store: Store) -> list[tuple[str, str]]:
    return [(m["kind"], m["id"]) for m in store.deletions()]


def test_a_game_saved_again_takes_away_its_own_mark_only(store: Store) -> None:
    for game_id in ("a", "b", "c"):
        store.save_game(fake_record(game_id, 3))
        assert store.delete_game(game_id)
    store.save_game(fake_record("b", 3))
    assert _marked(store) == [("game", "a"), ("game", "c")]
    assert [g["id"] for g in store.games()] == ["b"]


def test_a_game_and_a_campaign_of_one_id_keep_their_own_marks(store: Store) -> None:
    store.save_campaign({"id": "x"})
    store.save_game(fake_record("x", 3))
    assert store.delete_campaign("x") and store.delete_game("x")
    store.save_game(fake_record("x", 3))
    assert _marked(store) == [("campaign", "x")]
    store.save_campaign({"id": "x"})
    assert _marked(store) == []
    assert store.delete_game("x")
    store.save_campaign({"id": "x", "box": 2})
    assert _marked(store) == [("game", "x")]


def test_a_game_saved_again_after_a_deletion_dated_ahead_is_dated_after_it(
        store: Store) -> None:
    """Played on a device whose clock was a long way ahead, deleted, then the undo: the
    mark is dated just after the game, and the game saved again just after the mark,
    so that it wins over the mark where the mark already went."""
    ahead = fake_record("g", 3) | {"updated": "2099-06-01T12:00:00+00:00"}
    store.save_game(ahead)
    assert store.delete_game("g")
    (mark,) = store.deletions()
    assert mark["deleted"] == "2099-06-01T12:00:00.000001+00:00"
    store.save_game(ahead)
    again = store.game("g")
    assert again is not None and again["updated"] == "2099-06-01T12:00:00.000002+00:00"
    assert store.deletions() == []
