"""A placement the player adjusts is checked before it is played: the refusal is shown on
the production screen as it is worded here, so each one is pinned whole, singular and
plural. Noram States A produces 3 Materials; Wind Turbines (M2) and Mega-Drill (M1 E2)
can take them, Harbor Zone (G5) cannot."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import construct, new

from companion.rules.actions import NextStep, Place
from companion.rules.errors import Refusal
from companion.rules.game import Game
from companion.rules.suggest import (
    Placement,
    check_placement,
    placement_targets,
    suggest_placement,
)
from companion.shipped.catalog import Catalog

TURBINES, DRILL, HARBOR = 1, 2, 3
"""Construction numbers, in the order the cards are put under construction."""


def _materials_step(cards: Catalog) -> Game:
    game = new(cards, face="A")
    assert construct(game, cards, "Wind Turbines", "Mega-Drill", "Harbor Zone") == [
        TURBINES, DRILL, HARBOR]
    game.play(NextStep())
    assert game.state.to_place == 3
    return game


def test_only_cards_with_a_free_slot_for_the_step_are_targets(cards: Catalog) -> None:
    game = _materials_step(cards)
    assert placement_targets(game.state) == {TURBINES: 2, DRILL: 1}  # no Harbor Zone


@pytest.mark.parametrize(("plan", "kind", "message"), [
    (((DRILL, 2), (None, 1)), Refusal.SLOTS_FULL,
     "Card 2 has 1 free slot for these cubes, not 2"),
    (((TURBINES, 3),), Refusal.SLOTS_FULL, "Card 1 has 2 free slots for these cubes, not 3"),
    (((HARBOR, 1), (None, 2)), Refusal.SLOTS_FULL,
     "Card 3 has 0 free slots for these cubes, not 1"),  # a card the step cannot fill
    (((99, 1), (None, 2)), Refusal.SLOTS_FULL,
     "Card 99 has 0 free slots for these cubes, not 1"),  # no such card
    (((TURBINES, 1), (TURBINES, 1), (None, 1)), Refusal.MALFORMED,
     "Card 1 appears twice in the placement"),
    (((TURBINES, -1), (None, 4)), Refusal.BAD_NUMBER,
     "A card cannot take a negative number of cubes"),
    (((TURBINES, 1),), Refusal.NOT_HELD, "Place exactly 3 cubes, not 1"),
    (((TURBINES, 2), (DRILL, 1), (None, 1)), Refusal.NOT_HELD, "Place exactly 3 cubes, not 4"),
])
def test_a_wrong_plan_is_refused_in_the_players_words(
        cards: Catalog, plan: Placement, kind: Refusal, message: str) -> None:
    refused = check_placement(_materials_step(cards).state, plan)
    assert refused is not None
    assert (refused.kind, str(refused)) == (kind, message)


def test_one_cube_left_is_said_in_the_singular(cards: Catalog) -> None:
    game = _materials_step(cards)
    game.play(Place(count=2))  # two on the Empire: one cube left
    refused = check_placement(game.state, ((None, 2),))
    assert refused is not None
    assert (refused.kind, str(refused)) == (Refusal.NOT_HELD, "Place exactly 1 cube, not 2")
    assert check_placement(game.state, ((DRILL, 1),)) is None


@pytest.mark.parametrize("plan", [
    ((None, 3),),
    ((TURBINES, 0), (DRILL, 0), (None, 3)),  # the screen's steppers turned down to 0
    ((TURBINES, 2), (DRILL, 1)),
    ((HARBOR, 0), (TURBINES, 1), (None, 2)),
])
def test_plans_that_use_the_cubes_exactly_are_accepted(cards: Catalog, plan: Placement) -> None:
    assert check_placement(_materials_step(cards).state, plan) is None


def test_a_card_the_step_cannot_fill_is_left_out_of_the_suggestion(cards: Catalog) -> None:
    """Mega-Drill with its Material in lacks only its 2 Energy: it is closer to completion
    than the empty Transportation Network (M3), but takes none of these cubes, so the 2
    cubes left go to the network, and the drill is not named with 0."""
    game = new(cards, face="A")
    drill, network = construct(game, cards, "Mega-Drill", "Transportation Network")
    game.play(NextStep())
    game.play(Place(onto=drill, count=1))
    assert placement_targets(game.state) == {network: 3}
    assert suggest_placement(game.state) == ((network, 2),)
