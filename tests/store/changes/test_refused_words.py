"""A record the store refuses is refused in words that name the field and what it must
be (`Store._checked`), for each kind of change: a player's name, a game, a scenario
attempt alone or with its game, a campaign, a setting. Nothing is written."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from store_samples import attempt, fake_record

from companion.store import Store, StoreError


@pytest.mark.parametrize(("change", "said"), [
    (lambda store: store.add_player("a\nb"),
     "name: a player's name must be 1 to 60 printable characters"),
    (lambda store: store.save_game(fake_record("g", 3) | {"players": "Ana"}),
     "game.players: must be a list of names or a number of players, not a string"),
    (lambda store: store.record_attempt(attempt("base-1", 3) | {"score": "x"}),
     "attempt.score: must be a whole number, not a string"),
    (lambda store: store.finish_game(fake_record("g", 3, finished=True),
                                     attempt("base-1", 3) | {"won": 2}),
     "attempt.won: must be true or false, not a number"),
    (lambda store: store.save_campaign({"id": 3}), "campaign.id: must be a text id, not a number"),
    (lambda store: store.update_settings(theme="pink"),
     "settings.theme: must be one of system, light, dark"),
], ids=["player", "game", "attempt", "attempt with its game", "campaign", "setting"])
def test_a_refused_change_names_the_field_and_writes_nothing(
        store: Store, change: Callable[[Store], object], said: str) -> None:
    before = store.export_all()
    with pytest.raises(StoreError) as refused:
        change(store)
    assert str(refused.value) == said
    assert store.export_all() == before
