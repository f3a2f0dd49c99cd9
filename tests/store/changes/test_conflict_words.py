"""A save refused because the game changed in another window says so whole, with both
saves counted, and names the game, which the app reads to show it again as it is now
(`StoreConflict.game_id`)."""

from __future__ import annotations

import pytest
from store_samples import fake_record

from companion.store import Store
from companion.store.errors import StoreConflict


def test_a_save_from_an_old_window_is_refused_in_words_naming_the_game(store: Store) -> None:
    store.save_game(fake_record("g-1", 2))
    store.save_game(fake_record("g-1", 3))
    with pytest.raises(StoreConflict) as refused:
        store.save_game(fake_record("g-1", 4), expected_revision=1)
    assert str(refused.value) == (
        "This game was changed in another window or tab (it is at save 2, this one showed"
        " save 1). Nothing was saved: the game is shown again as it is now.")
    assert (refused.value.game_id, refused.value.stored, refused.value.expected) == (
        "g-1", 2, 1)
