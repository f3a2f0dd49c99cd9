"""Supremacy as the rulebooks work it (`examples.md` §8, RULES.md §3.2) and as its
refusals say it: every table size's edge, and each message whole."""

from __future__ import annotations

import pytest

from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.supremacy import (
    expansions_for,
    max_players,
    others_can_matter,
    rival_answers,
    supremacy_bonus,
    supremacy_winners,
    winners_allowed,
    wins_with_rivals,
)


@pytest.mark.parametrize(("totals", "winners"), [
    # examples.md §8, 6–7 players
    ((7, 5, 5, 3, 2, 1), [0]),
    ((7, 7, 5, 3, 2, 1), [0, 1]),
    ((7, 7, 7, 2, 1, 0), []),
    ((7, 5, 3, 2, 1, 0), [0, 1]),
    ((1, 3, 5, 7, 2, 0, 0), [2, 3]),  # the two highest wherever they sit
    ((0, 0, 0, 0, 0, 2), [5]),  # a clear second of 0 wins nothing
    ((4, 4, 4, 4, 4, 4, 4), []),
    ((2, 1, 1, 1, 1, 1, 1), [0]),
    # 2–5 players
    ((4, 4, 2), []), ((4, 3, 3), [0]), ((3, 4, 3), [1]), ((1, 0), [0]), ((0, 1), [1]),
    ((2, 2, 2, 2, 3), [4]), ((5, 4, 3, 2, 1), [0]),
    # solo
    ((5,), [0]), ((4,), []), ((6,), [0]),
])
def test_who_gains_the_bonus(totals: tuple[int, ...], winners: list[int]) -> None:
    assert supremacy_winners(totals) == winners


@pytest.mark.parametrize(("totals", "kind", "message"), [
    ((), Refusal.PLAYER_COUNT, "Supremacy needs 1 to 7 players' totals, got 0"),
    ((1,) * 8, Refusal.PLAYER_COUNT, "Supremacy needs 1 to 7 players' totals, got 8"),
    ((1, -1), Refusal.BAD_NUMBER, "Production totals are whole numbers of 0 or more"),
    ((1, True), Refusal.BAD_NUMBER, "Production totals are whole numbers of 0 or more"),
    ((1, "2"), Refusal.BAD_NUMBER, "Production totals are whole numbers of 0 or more"),
])
def test_totals_supremacy_cannot_read(totals: tuple[object, ...], kind: Refusal,
                                      message: str) -> None:
    with pytest.raises(Rejected) as refused:
        supremacy_winners(totals)  # type: ignore[arg-type]
    assert (refused.value.kind, str(refused.value)) == (kind, message)


@pytest.mark.parametrize(("resource", "choice", "token"), [
    (Resource.MATERIALS, None, Token.FINANCIER), (Resource.ENERGY, None, Token.GENERAL),
    (Resource.GOLD, Token.GENERAL, Token.FINANCIER),  # a choice only Science reads
    (Resource.EXPLORATION, None, Token.GENERAL),
    (Resource.SCIENCE, Token.GENERAL, Token.GENERAL),
    (Resource.SCIENCE, Token.FINANCIER, Token.FINANCIER),
])
def test_each_resource_gives_its_character(resource: Resource, choice: Token | None,
                                           token: Token) -> None:
    assert supremacy_bonus(resource, choice) is token


@pytest.mark.parametrize("choice", [None, Token.KRYSTALLIUM])
def test_science_needs_a_character_chosen(choice: Token | None) -> None:
    with pytest.raises(Rejected) as refused:
        supremacy_bonus(Resource.SCIENCE, choice)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.NOT_AN_OPTION, "Science supremacy gives a General or a Financier: choose one")


@pytest.mark.parametrize(("players", "reaching", "message"), [
    (2, 2, "Between 0 and 1 other player can reach your total, not 2"),
    (3, -1, "Between 0 and 2 other players can reach your total, not -1"),
    (7, 7, "Between 0 and 6 other players can reach your total, not 7"),
    (4, True, "Between 0 and 3 other players can reach your total, not True"),
])
def test_more_rivals_than_others_is_refused(players: int, reaching: int,
                                            message: str) -> None:
    with pytest.raises(Rejected) as refused:
        wins_with_rivals(3, players, reaching)
    assert (refused.value.kind, str(refused.value)) == (Refusal.PLAYER_COUNT, message)


@pytest.mark.parametrize(("players", "reaching", "wins"), [
    (2, 1, False), (5, 0, True), (5, 4, False), (6, 1, True), (6, 5, False), (7, 6, False),
])
def test_every_other_may_reach_your_total(players: int, reaching: int, wins: bool) -> None:
    assert wins_with_rivals(4, players, reaching) is wins


@pytest.mark.parametrize(("players", "allowed", "answers", "most", "needs"), [
    (1, 1, (0,), 5, ()),  # solo: nobody to ask, so the only answer is "nobody"
    (2, 1, (0, 1), 5, ()),
    (5, 1, (0, 1), 5, ()),
    (6, 2, (0, 1, 2), 7, ("ca",)),
    (7, 2, (0, 1, 2), 7, ("ca",)),
])
def test_the_table_size_decides_the_question(players: int, allowed: int,
                                             answers: tuple[int, ...], most: int,
                                             needs: tuple[str, ...]) -> None:
    assert winners_allowed(players) == allowed
    assert rival_answers(players) == answers
    assert max_players(["base", *needs]) == most
    assert expansions_for(players) == needs


@pytest.mark.parametrize(("own", "players", "matters"), [
    (1, 2, True), (0, 2, False), (5, 1, False), (1, 7, True),
])
def test_whether_the_others_are_asked(own: int, players: int, matters: bool) -> None:
    assert others_can_matter(own, players) is matters
