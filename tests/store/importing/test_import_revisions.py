"""Imports and the revision each game carries on this device (see "Revisions" in
`store.py`): a game an import changes moves past the revision a window may still show,
and past the one the file names; a game the import adds or leaves alone keeps its own,
so a window showing it can still save."""

from __future__ import annotations

import copy

import pytest
from store_samples import play, record

from companion.rules.game import Game
from companion.store import Store
from companion.store.errors import StoreConflict


def test_a_replacing_import_moves_each_game_past_its_revision_here_and_in_the_file(
        store: Store) -> None:
    game = play(3, limit=25)
    store.save_game(record("g", game))
    exported = store.export_all()
    store.import_all(copy.deepcopy(exported), replace=True)
    assert store.game("g")["revision"] == 2  # type: ignore[index]
    assert store.save_game(record("g", game), expected_revision=2) == 3
    named = copy.deepcopy(exported)
    named["games"][0]["revision"] = 7  # a file edited by hand, or from another device
    store.import_all(named, replace=True)
    assert store.game("g")["revision"] == 8, "past the file's 7"  # type: ignore[index]
    store.import_all(copy.deepcopy(exported), replace=True)
    assert store.game("g")["revision"] == 9, "past this device's 8"  # type: ignore[index]


def test_a_merging_import_moves_only_the_games_it_changes(
        store: Store, games: list[Game]) -> None:
    store.save_game(record("kept", games[0]))
    store.save_game(record("changed", games[1]))
    store.save_game(record("changed", games[1]))  # revision 2
    newer = record("changed", games[1], minutes=60) | {"revision": 5}
    counts = store.import_all({"format": "wonderful-companion", "schema_version": 4,
                               "games": [record("new", games[2]), newer,
                                         record("kept", games[0])]})
    assert (counts["games"], counts["games_updated"], counts["games_unchanged"]) == (1, 1, 1)
    assert [(g["id"], g.get("revision")) for g in store.games(finished=True)] == [
        ("changed", 6), ("new", None), ("kept", 1)]
    with pytest.raises(StoreConflict):
        store.save_game(record("changed", games[1]), expected_revision=5)
    assert store.save_game(record("new", games[2]), expected_revision=0) == 1
    assert store.save_game(record("kept", games[0]), expected_revision=1) == 2
