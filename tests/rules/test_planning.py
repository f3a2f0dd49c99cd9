"""Solo sequences of a Planning phase, and which scenario cards must not be discarded."""

from __future__ import annotations

import msgspec
import pytest
from games import finish_step, refused_as

from companion.rules.actions import Construct, Discard, NextStep, Opponents, Place, Recycle, Start
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.planning import (
    cards_played_this_planning,
    discard_loses_scenario,
    drafted_cards,
    drafts,
    pool_makeup,
    refuse_past_the_pools,
    required_left,
    sequence_position,
)
from companion.shipped.catalog import Catalog


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
    refused_as(refused.value, Refusal.CARD_LIMIT, most=10, pool=5, number=played + 1)
    assert str(refused.value).startswith(  # the reason, in the player's words
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


def test_every_draft_counts_once_in_order_and_a_discard_is_none() -> None:
    """Discarding a card under construction for its recycling bonus (RULES.md §3) takes
    no new card: it was drafted when it went under construction (RULES.md §2)."""
    actions = [Start(empire="Noram States", required=(7,)), Construct(1), Recycle(2, 1),
               NextStep(), Place(onto=1), Discard(1), NextStep(), Construct(3),
               Recycle(1, None), Construct(1)]
    assert drafts(actions) == [1, 2, 3, 1, 1]
    assert drafts(actions[:1]) == []


def test_discarding_a_required_card_loses_the_scenario_unless_a_copy_is_left() -> None:
    icebreakers = (7, 7, 7, 9)  # "Icebreaker ×3" and one other card
    assert required_left(icebreakers, [7]) == {7: 2, 9: 1}
    assert discard_loses_scenario(9, icebreakers, [], [9])
    assert discard_loses_scenario(7, icebreakers, [7], [7, 7])  # both copies are needed
    assert not discard_loses_scenario(7, icebreakers, [7], [7, 7, 7])  # a spare copy
    assert not discard_loses_scenario(9, icebreakers, [9], [9])  # already built once
    assert not discard_loses_scenario(5, icebreakers, [], [5])  # not a required card


# --- the round's card limit, held by the engine (RULES.md §1 and §5) -------------------

def _cheap_cards(cards: Catalog, count: int) -> list[int]:
    """`count` different card ids of the base game with copies to spare."""
    found = [c.id for c in cards.cards if c.expansion.value == "base" and c.copies >= 2]
    return found[:count]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_table_seat_plans_seven_cards_a_round_and_an_eighth_is_refused(
        cards: Catalog, players: int) -> None:
    """A seat drafts 7 cards a round at every table size (2 players: 10 dealt, 7 kept)."""
    game = Game.new(Start(empire="Noram States", mode="table", players=players), cards)
    ids = _cheap_cards(cards, 8)
    for card_id in ids[:4]:
        game.play(Construct(card_id))
    for card_id in ids[4:7]:
        game.play(Recycle(card_id, None))  # a recycled card is one of the 7 too
    before = game.to_json()
    with pytest.raises(Rejected) as refused:
        game.play(Construct(ids[7]))
    refused_as(refused.value, Refusal.CARD_LIMIT, most=7, number=8)
    with pytest.raises(Rejected) as refused:
        game.play(Recycle(ids[7], None))
    refused_as(refused.value, Refusal.CARD_LIMIT, most=7, number=8)
    assert game.to_json() == before  # refused: nothing changed
    game.undo()  # a card taken back frees its place
    game.play(Construct(ids[7]))


def test_a_table_of_six_or_seven_keeps_seven_too(cards: Catalog) -> None:
    game = Game.new(Start(empire="Noram States", mode="table", players=7,
                          expansions=("base", "ca")), cards)
    for card_id in _cheap_cards(cards, 7):
        game.play(Construct(card_id))
    with pytest.raises(Rejected) as refused:
        game.play(Construct(_cheap_cards(cards, 8)[7]))
    refused_as(refused.value, Refusal.CARD_LIMIT, most=7, number=8)


def test_a_solo_round_plays_ten_and_the_engine_refuses_the_eleventh(cards: Catalog) -> None:
    game = Game.new(Start(empire="Noram States"), cards)
    ids = _cheap_cards(cards, 11)
    for card_id in ids[:10]:
        game.play(Recycle(card_id, None))
    with pytest.raises(Rejected) as refused:
        game.play(Construct(ids[10]))
    refused_as(refused.value, Refusal.CARD_LIMIT, most=10, number=11)


def test_the_limit_is_a_rounds_and_starts_again_with_the_next(cards: Catalog) -> None:
    game = Game.new(Start(empire="Noram States", mode="table", players=3), cards)
    ids = _cheap_cards(cards, 8)
    for card_id in ids[:7]:
        game.play(Recycle(card_id, None))
    assert game.state.drafted == 7
    game.play(NextStep())
    while game.state.round == 1:
        if game.state.supremacy is None:
            game.play(Opponents((0, 0)))
        finish_step(game)
    assert game.state.drafted == 0
    game.play(Construct(ids[7]))  # round 2's first card


def test_a_game_recorded_past_the_limit_still_opens(cards: Catalog) -> None:
    """Replaying is lenient: games saved before the engine held the limit open as saved."""
    ids = _cheap_cards(cards, 12)
    actions = [Start(empire="Noram States", mode="table", players=3),
               *[Recycle(card_id, None) for card_id in ids]]
    saved = {"version": 1, "actions": [msgspec.to_builtins(a) for a in actions], "redo": []}
    game = Game.from_json(saved, cards)
    assert game.state.drafted == 12 and len(game.actions) == 13
