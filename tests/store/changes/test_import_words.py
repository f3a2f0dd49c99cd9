"""Imports: a file that is not clean JSON is refused with its path and what is wrong; a
game kept with a result its moves do not give is replaced by the same game imported
(as the other device holds it, put right); and of two versions of one game saved in
the same instant, every device keeps the same one, whatever order its fields are in."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_samples import fake_record, play, record

from companion.store import Store, StoreError
from companion.store.identity import game_time, newer


def test_a_file_with_a_key_twice_is_refused_with_its_path(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "export.json"
    path.write_text('{"format": "wonderful-companion", "format": "x"}')
    with pytest.raises(StoreError) as refused:
        store.import_file(path)
    assert str(refused.value) == (
        f"Import refused, nothing was changed: {path}: the key \"format\" appears twice in"
        " one object; which one is meant cannot be known.")


def test_a_game_kept_with_a_wrong_result_takes_the_imported_one(store: Store) -> None:
    """7 is a total whose version would also win the tie between the two by its digest,
    had the import not checked the stored one as it checks the file's."""
    game = play(1)
    store.save_game(record("g", game, score={"total": 7}))
    counts = store.import_all(store.export_all())
    assert (counts["games"], counts["games_updated"]) == (0, 1)
    kept = store.game("g")
    assert kept is not None and kept["score"] == game.state.score().as_dict()


def test_two_versions_saved_in_one_instant_are_ordered_alike_on_every_device() -> None:
    one = fake_record("g", 3) | {"players": ["P4"]}
    other = fake_record("g", 3) | {"players": ["Ana"]}
    written_backwards = dict(reversed(list(one.items())))
    assert newer(other, one, game_time) is newer(other, written_backwards, game_time)
    assert newer(other, one, game_time) is not newer(one, other, game_time)
