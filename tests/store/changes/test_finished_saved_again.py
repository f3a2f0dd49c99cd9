"""A finished game saved again (ended again after an undo, or its start date corrected)
replaces its one copy in the history: listed once, read back as last saved, and kept
in the archive month of its start only, so that nothing of it is left behind once it
is deleted."""

from __future__ import annotations

from store_samples import bare, fake_record

from companion.store import Store

FEBRUARY = "2025-02-03T09:00:00+00:00"


def test_a_finished_game_saved_again_is_listed_once_as_last_saved(store: Store) -> None:
    store.save_game(fake_record("g", 5, finished=True))
    store.save_game(fake_record("other", 4, finished=True, minutes=60))
    again = fake_record("g", 7, finished=True)
    store.save_game(again)
    assert [g["id"] for g in store.games(finished=True)] == ["other", "g"]
    assert bare(store.game("g")) == again
    assert [bare(g) for g in store.export_all()["games"] if g["id"] == "g"] == [again]


def test_a_finished_game_moved_to_another_month_leaves_nothing_in_the_first(
        store: Store) -> None:
    store.save_game(fake_record("g", 5, finished=True))
    moved = fake_record("g", 5, finished=True) | {"created": FEBRUARY,
                                                  "updated": "2025-02-03T10:00:00+00:00"}
    store.save_game(moved)
    assert bare(store.game("g")) == moved
    assert [bare(g) for g in store.export_all()["games"]] == [moved]
    assert store.delete_game("g")
    assert store.game("g") is None
    assert store.export_all()["games"] == []
