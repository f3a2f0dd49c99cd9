"""Supremacy at every table size, with the exact tie rules."""

from __future__ import annotations

import pytest

from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.supremacy import supremacy_bonus, supremacy_winners


@pytest.mark.parametrize(("totals", "winners"), [
    ((5,), [0]), ((9,), [0]), ((4,), []), ((0,), []),
    ((3, 2), [0]), ((2, 3), [1]), ((3, 3), []), ((0, 0), []),
    ((1, 0, 0, 0, 0), [0]), ((4, 6, 6, 1, 0), []), ((0, 0, 0), []),
    ((2, 9, 9, 9, 1, 0, 0), []),
    ((3, 8, 8, 1, 1, 1), [1, 2]),
    ((1, 2, 3, 4, 5, 6, 7), [5, 6]),
    ((6, 1, 1, 0, 0, 0), [0]),  # one highest, the rest tied behind
    ((6, 0, 0, 0, 0, 0), [0]),  # 0 never wins, even as the clear second
    ((0, 0, 0, 0, 0, 0, 0), []),
])
def test_winners(totals: tuple[int, ...], winners: list[int]) -> None:
    assert supremacy_winners(totals) == winners


@pytest.mark.parametrize(("totals", "kind"), [
    ((), Refusal.PLAYER_COUNT), ((1,) * 8, Refusal.PLAYER_COUNT),
    ((-1, 2), Refusal.BAD_NUMBER), ((1.5, 2), Refusal.BAD_NUMBER),
])
def test_bad_totals_are_rejected(totals: tuple, kind: Refusal) -> None:
    with pytest.raises(Rejected) as refused:
        supremacy_winners(totals)
    assert refused.value.kind is kind


def test_bonus_per_resource() -> None:
    assert supremacy_bonus(Resource.MATERIALS) is Token.FINANCIER
    assert supremacy_bonus(Resource.ENERGY) is Token.GENERAL
    assert supremacy_bonus(Resource.GOLD) is Token.FINANCIER
    assert supremacy_bonus(Resource.EXPLORATION) is Token.GENERAL
    assert supremacy_bonus(Resource.SCIENCE, Token.GENERAL) is Token.GENERAL
    assert supremacy_bonus(Resource.SCIENCE, Token.FINANCIER) is Token.FINANCIER
    with pytest.raises(Rejected) as refused:
        supremacy_bonus(Resource.SCIENCE)
    assert refused.value.kind is Refusal.NOT_AN_OPTION


def test_table_size_depends_on_corruption_and_ascension() -> None:
    from companion.rules.supremacy import expansions_for, max_players

    assert max_players(["base"]) == 5
    assert max_players(["base", "wop"]) == 5
    assert max_players(["base", "ca"]) == 7
    assert expansions_for(5) == ()
    assert expansions_for(6) == ("ca",)
