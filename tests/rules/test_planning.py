"""Solo sequences of a Planning phase, and which scenario cards must not be discarded."""

from __future__ import annotations

import pytest

from companion.rules.actions import Construct, Discard, NextStep, Place, Recycle, Start
from companion.rules.errors import Rejected
from companion.rules.planning import (
    cards_played_this_planning,
    discard_loses_scenario,
    drafted_cards,
    pool_makeup,
    refuse_past_the_pools,
    required_left,
    sequence_position,
)


@pytest.mark.parametrize(("played", "sequence", "card"), [
    (0, 1, 1), (2, 1, 3), (4, 1, 5), (5, 2, 1), (9, 2, 5), (10, 2, 5), (12, 2, 5),
])
def test_two_sequences_of_five_cards(played: int, sequence: int, card: int) -> None:
    position = sequence_position(played)
    assert (position.sequence, position.card) == (sequence, card)
    assert position.done is (played >= 10)


def test_a_pool_is_three_base_and_two_ca_cards_with_the_expansion() -> None:
    assert pool_makeup(["base"]) == (5, 0)
    assert pool_makeup(["base", "ca"]) == (3, 2)


@pytest.mark.parametrize("played", [0, 5, 9])
def test_a_solo_round_plays_up_to_its_two_pools(played: int) -> None:
    refuse_past_the_pools(played)  # the tenth card at most: two pools of five


@pytest.mark.parametrize("played", [10, 11, 40])
def test_an_eleventh_card_in_a_solo_round_is_refused_with_the_reason(played: int) -> None:
    """RULES.md §5: two sequences a round, each a pool of 5 cards; discarding 2 to draw
    5 and keep 1 leaves a pool shorter, never longer."""
    with pytest.raises(Rejected) as refused:
        refuse_past_the_pools(played)
    assert str(refused.value).startswith(
        f"A solo round plays at most 10 cards, two pools of 5: this would be card {played + 1}.")


def test_cards_are_counted_from_the_start_of_this_planning() -> None:
    start = Start(empire="Noram States")
    actions = [start, Construct(1), Recycle(2, None), Discard(1), Construct(3)]
    assert cards_played_this_planning(actions) == 3  # a discard is not a drafted card
    later = [*actions, NextStep(), Place(count=3), NextStep(), Construct(4)]
    assert cards_played_this_planning(later) == 1
    assert cards_played_this_planning([*later[:-1]]) == 0


def test_the_drafted_cards_are_the_built_and_recycled_ones_latest_first_once() -> None:
    actions = [Start(empire="Noram States", required=(7,)), Construct(1), Recycle(2, 1),
               NextStep(), Place(onto=1), Discard(1), NextStep(), Construct(3),
               Recycle(1, None)]
    assert drafted_cards(actions) == [1, 3, 2]  # a scenario's required card is not drafted
    assert drafted_cards(actions[:1]) == []


def test_discarding_a_required_card_loses_the_scenario_unless_a_copy_is_left() -> None:
    icebreakers = (7, 7, 7, 9)  # "Icebreaker ×3" and one other card
    assert required_left(icebreakers, [7]) == {7: 2, 9: 1}
    assert discard_loses_scenario(9, icebreakers, [], [9])
    assert discard_loses_scenario(7, icebreakers, [7], [7, 7])  # both copies are needed
    assert not discard_loses_scenario(7, icebreakers, [7], [7, 7, 7])  # a spare copy
    assert not discard_loses_scenario(9, icebreakers, [9], [9])  # already built once
    assert not discard_loses_scenario(5, icebreakers, [], [5])  # not a required card
