"""Going back to an earlier move in one step, and undoing that in one step.

The game is Benjamin's (`story_samples.benjamin_game`), whose moves are listed there:
action 17 is round 2's "Place 1 on Recycling Plant" in the Materials step (3 produced),
which completes the Recycling Plant; action 18 puts the other 2 Materials on the Empire,
whose 3 cubes become 5: 1 Krystallium, 0 cubes left.
"""

from __future__ import annotations

from typing import Any

import pytest
from story_samples import benjamin_game

from companion.rules.actions import NextStep, Place
from companion.rules.cards import Resource
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.state import Phase
from companion.shipped.catalog import Catalog

MIDDLE_OF_ROUND_2 = 22
"""Benjamin's first 22 actions: round 2, the Gold step just opened."""
PLACED_ON_THE_PLANT = 17


def middle_of_round_2(cards: Catalog) -> Game:
    return Game(cards, benjamin_game(cards).actions[:MIDDLE_OF_ROUND_2])


def unchanged(game: Game, saved: dict[str, Any], kind: Refusal, step: Any) -> Rejected:
    """`step` is refused as `kind`, and nothing changes; the refusal."""
    state = game.state.copy()
    with pytest.raises(Rejected) as refused:
        step()
    assert refused.value.kind is kind, refused.value
    assert game.to_json() == saved
    assert game.state == state
    return refused.value


def test_going_back_is_the_game_replayed_up_to_that_move(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    forward = game.actions
    taken = game.go_back(PLACED_ON_THE_PLANT)
    assert taken == forward[PLACED_ON_THE_PLANT:]  # 5 actions, in the order played
    assert game.actions == forward[:PLACED_ON_THE_PLANT]
    assert game.state == Game(cards, forward[:PLACED_ON_THE_PLANT]).state
    state = game.state
    assert (state.round, state.phase, state.step) == (2, Phase.PRODUCTION, Resource.MATERIALS)
    assert (state.to_place, state.empire_cubes, state.krystallium) == (2, 3, 0)
    assert state.built_ids() == [cards.card("Mega-Drill").id,
                                 cards.card("Recycling Plant").id]
    # Redo brings the moves back one at a time, in the order they were played.
    assert game.next_redo() == Place(onto=None, count=2)
    game.redo()
    assert (game.state.empire_cubes, game.state.krystallium) == (0, 1)
    while game.can_redo:
        game.redo()
    assert game.actions == forward
    assert game.state == Game(cards, forward).state


def test_one_undo_brings_back_everything_a_going_back_took(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    before, state = game.to_json(), game.state.copy()
    game.go_back(PLACED_ON_THE_PLANT)
    assert game.next_undo() is None  # not one action: the whole going back
    assert game.undo_brings_back == game.redo_actions[::-1]
    assert len(game.undo_brings_back) == MIDDLE_OF_ROUND_2 - PLACED_ON_THE_PLANT
    game.undo()
    # The game exactly as it was; and, as after any undo, Redo would do it again.
    assert game.state == state
    assert game.to_json() == {**before, "back": {"redo": 5}}
    assert (game.actions, game.redo_actions) == (
        Game.from_json(before, cards).actions, ())
    assert game.redo_takes_back == game.actions[PLACED_ON_THE_PLANT:]
    assert game.next_redo() is None
    game.redo()  # "I did mean to go back": the same going back again, in one step
    assert game.actions == Game.from_json(before, cards).actions[:PLACED_ON_THE_PLANT]
    game.undo()
    assert game.state == state


def test_undo_then_redo_is_the_identity_around_a_going_back(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.go_back(PLACED_ON_THE_PLANT)
    after, state = game.to_json(), game.state.copy()
    game.undo()
    game.redo()
    assert game.to_json() == after
    assert game.state == state


def test_the_going_back_is_saved_with_the_game(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.go_back(PLACED_ON_THE_PLANT)
    saved = game.to_json()
    assert saved["back"] == {"undo": 5}
    loaded = Game.from_json(saved, cards)
    assert loaded.to_json() == saved
    loaded.undo()
    assert loaded.actions == middle_of_round_2(cards).actions


def test_anything_else_forgets_the_going_back(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.go_back(PLACED_ON_THE_PLANT)
    game.redo()  # one move brought back: Undo now takes that one back, as usual
    assert game.next_undo() == Place(onto=None, count=2)
    assert "back" not in game.to_json()
    game.go_back(PLACED_ON_THE_PLANT)
    game.play(Place(onto=None, count=2))  # the same move played anew: redo is gone
    assert not game.can_redo
    assert game.next_undo() == Place(onto=None, count=2)
    assert "back" not in game.to_json()


def test_going_back_to_the_setup(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.go_back(1)
    assert game.actions == (game.start,)
    assert (game.state.round, game.state.phase) == (1, Phase.PLANNING)
    assert game.can_undo  # the setup itself stays, but the going back can be undone
    game.undo()
    assert len(game.actions) == MIDDLE_OF_ROUND_2


@pytest.mark.parametrize(("keep", "kind"), [
    (0, Refusal.BAD_NUMBER), (-1, Refusal.BAD_NUMBER), (22, Refusal.BAD_NUMBER),
    (True, Refusal.BAD_NUMBER), (21, Refusal.NOTHING_TO_DO),
])
def test_a_point_that_is_not_before_now_is_refused(cards: Catalog, keep: Any,
                                                   kind: Refusal) -> None:
    game = middle_of_round_2(cards)
    game.undo()  # 21 actions, and one to redo, which a refusal must keep too
    refused = unchanged(game, game.to_json(), kind, lambda: game.go_back(keep))
    if kind is Refusal.BAD_NUMBER:
        assert refused.params["number"] is keep


def test_a_refused_move_while_bringing_back_leaves_the_game_as_it_was(
        cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.go_back(PLACED_ON_THE_PLANT)
    saved = game.to_json()
    seen: list[object] = []
    not_yet = Rejected(Refusal.NOT_UNDOABLE, "Not yet")

    def referee(action: object) -> None:
        seen.append(action)
        if isinstance(action, NextStep) and len(seen) > 2:
            raise not_yet

    assert unchanged(game, saved, Refusal.NOT_UNDOABLE, lambda: game.undo(referee)) is not_yet
    assert seen == list(game.undo_brings_back[:3])  # each checked in turn, then refused


@pytest.mark.parametrize("back", [
    {"undo": 6}, {"redo": 22}, {"undo": 0}, {"undo": True}, {"undo": "5"}, {"sideways": 1},
    {"undo": 1, "redo": 1}, [], "undo",
])
def test_a_saved_going_back_that_does_not_fit_is_refused(cards: Catalog,
                                                         back: object) -> None:
    game = middle_of_round_2(cards)
    game.go_back(PLACED_ON_THE_PLANT)  # 5 on the redo list, 17 actions
    with pytest.raises(Rejected) as refused:
        Game.from_json({**game.to_json(), "back": back}, cards)
    assert refused.value.kind is Refusal.MALFORMED


def test_ordinary_moves_have_no_going_back(cards: Catalog) -> None:
    game = middle_of_round_2(cards)
    game.undo()
    assert "back" not in game.to_json()
    assert game.undo_brings_back == () and game.redo_takes_back == ()
    assert game.next_undo() == Place(onto=None, count=2)
