"""A game built from saved lists: its redo list is checked like its actions, a redo the
box makes impossible is refused, and a saved "going back" moves no more than there is.

A save is a file a player may have edited or damaged; the game it gives must hold to the
same promises as one played tap by tap.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from games import construct, new, refused_as  # tests/rules/games.py

from companion.rules.actions import Construct
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.planning import sequence_position
from companion.shipped.catalog import Catalog


def test_a_redo_list_given_untyped_is_checked_and_kept(cards: Catalog) -> None:
    start = new(cards).start
    carrier = Construct(cards.card("Aircraft Carrier").id)
    game = Game(cards, [start], redo=[carrier])
    assert game.redo_actions == (carrier,)
    game.redo()
    assert [c.card.name for c in game.state.under_construction] == ["Aircraft Carrier"]
    with pytest.raises(Rejected) as refused:
        Game(cards, [start], redo=["Construct Aircraft Carrier"])  # type: ignore[list-item]
    refused_as(refused.value, Refusal.MALFORMED)


def test_a_saved_redo_the_box_makes_impossible_is_refused_and_changes_nothing(
        cards: Catalog) -> None:
    """The deck holds one Aircraft Carrier: with it under construction, a redo of a second
    one is refused as a move played now would be."""
    game = new(cards)
    carrier = Construct(cards.card("Aircraft Carrier").id)
    game.play(carrier)
    saved = {**game.to_json(), "redo": game.to_json()["actions"][-1:]}
    loaded = Game.from_json(saved, cards)
    before = loaded.to_json()
    with pytest.raises(Rejected) as refused:
        loaded.redo()
    assert refused.value.kind is not Refusal.NOTHING_TO_DO
    with pytest.raises(Rejected) as played:
        game.play(carrier)
    assert refused.value.kind is played.value.kind
    assert loaded.to_json() == before


def test_a_saved_going_back_moves_at_most_every_action_but_the_setup(
        cards: Catalog) -> None:
    game = new(cards)
    construct(game, cards, "Zeppelin", "Juggernaut")
    saved = game.to_json()
    taken_back = len(saved["actions"]) - 1  # the setup is never taken back
    loaded = Game.from_json({**saved, "back": {"redo": taken_back}}, cards)
    assert loaded.redo_takes_back == tuple(game.actions[1:])
    for too_many in (taken_back + 1, taken_back + 2):
        with pytest.raises(Rejected) as refused:
            Game.from_json({**saved, "back": {"redo": too_many}}, cards)
        refused_as(refused.value, Refusal.MALFORMED)


def test_a_negative_count_of_cards_played_is_a_mistake_told_as_one() -> None:
    with pytest.raises(ValueError, match="^cards played cannot be negative$"):
        sequence_position(-1)
