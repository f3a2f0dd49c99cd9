"""Supremacy at a table from one question: how many others reached your total?"""

from __future__ import annotations

import itertools

import pytest

from companion.rules.actions import NextStep, Opponents, Place, Rivals, Start
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game, replay
from companion.rules.supremacy import (
    others_can_matter,
    rival_answers,
    supremacy_winners,
    wins_with_rivals,
)
from companion.shipped.catalog import Catalog


@pytest.mark.parametrize(("own", "players", "reaching", "wins"), [
    (3, 2, 0, True),   # 3 against 2: the strict maximum (seed 000)
    (3, 2, 1, False),  # 3 against 3: a tie for first gives it to nobody
    (3, 5, 1, False),
    (0, 3, 0, False),  # a total of 0 never wins, even alone
    (6, 6, 0, True),   # six players: alone on top
    (8, 6, 1, True),   # two tied at the top ahead of all others: both
    (3, 6, 1, True),   # the clear second behind one highest: both (RULES.md 3.2)
    (9, 7, 2, False),  # three tied at the top: nobody
    (1, 7, 2, False),  # one highest and two tied second: only the highest
])
def test_hand_worked_answers(own: int, players: int, reaching: int, wins: bool) -> None:
    assert wins_with_rivals(own, players, reaching) is wins


@pytest.mark.parametrize("players", range(2, 8))
def test_the_answer_agrees_with_every_total_the_others_could_give(players: int) -> None:
    """For every set of other totals up to 4 (ties included), counting those at or above
    yours and asking `wins_with_rivals` gives what the full rule gives."""
    top = 4 if players <= 5 else 3
    for own in range(top + 1):
        for others in itertools.product(range(top + 1), repeat=players - 1):
            reaching = sum(1 for x in others if x >= own)
            asked = min(reaching, rival_answers(players)[-1])  # "that many or more"
            assert wins_with_rivals(own, players, asked) == (
                0 in supremacy_winners((own, *others))), (own, others)


def test_offered_answers_and_when_to_ask() -> None:
    assert rival_answers(2) == (0, 1) and rival_answers(5) == (0, 1)
    assert rival_answers(6) == (0, 1, 2) and rival_answers(7) == (0, 1, 2)
    assert not others_can_matter(0, 4)  # your 0 loses whatever they say
    assert others_can_matter(1, 4)
    assert not others_can_matter(9, 1)  # solo: nobody to ask
    with pytest.raises(Rejected) as refused:
        wins_with_rivals(3, 3, 3)  # only 2 others at a table of 3
    assert (refused.value.kind, refused.value.params["others"]) == (Refusal.PLAYER_COUNT, 2)


@pytest.mark.parametrize("players", [1, 8])
def test_rivals_need_a_table_and_say_so(players: int) -> None:
    """A solo game has no rivals: the refusal names the table's size it wants (2 to 7),
    not the 1-to-7 of supremacy's totals, which a solo game meets."""
    with pytest.raises(Rejected) as refused:
        wins_with_rivals(3, players, 0)
    assert refused.value.kind is Refusal.PLAYER_COUNT
    assert refused.value.message == f"A table game has 2 to 7 players, not {players}"


def table(cards: Catalog, players: int = 3) -> Game:
    return Game.new(Start(empire="Noram States", face="A", mode="table", players=players),
                    cards)  # Noram States A: M3, G1


def test_a_step_you_produce_nothing_in_is_settled_without_asking(cards: Catalog) -> None:
    game = table(cards)
    game.play(NextStep())  # Materials: 3
    assert game.state.supremacy is None
    game.play(Rivals(0))  # nobody reached 3
    assert game.state.financiers == 1
    for answer in (Rivals(1), Opponents((1, 1))):  # the supremacy is settled already
        with pytest.raises(Rejected) as refused:
            game.play(answer)
        assert refused.value.kind is Refusal.SUPREMACY
    game.play(Place(count=3))
    game.play(NextStep())  # Energy: 0
    assert game.state.supremacy is False
    with pytest.raises(Rejected) as refused:  # settled by your 0
        game.play(Rivals(0))
    assert refused.value.kind is Refusal.SUPREMACY
    game.play(NextStep())  # nothing to ask, nothing to place


def test_games_saved_with_totals_for_a_zero_step_still_replay(cards: Catalog) -> None:
    """Before a 0 settled itself, the app asked the totals anyway: such games reload."""
    game = table(cards)
    game.play(NextStep())
    game.play(Rivals(1))  # someone reached 3: no Financier
    game.play(Place(count=3))
    game.play(NextStep())  # Energy: 0
    game.play(Opponents((2, 0)))
    assert game.state.supremacy is False and game.state.opponents == (2, 0)
    with pytest.raises(Rejected) as refused:
        game.play(Opponents((2, 0)))
    assert refused.value.kind is Refusal.SUPREMACY
    assert replay(game.actions, cards) == game.state
    assert game.state.financiers == 0
