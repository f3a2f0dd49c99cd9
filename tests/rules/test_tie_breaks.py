"""Why players tied on points are placed where they are (the rulebook's tie-breakers)."""

from __future__ import annotations

from companion.rules.scoring import Standing, TieBreak, ranking, tie_breaks


def test_no_tie_no_reason() -> None:
    assert tie_breaks([Standing(60, 9, 2), Standing(55, 12, 9)]) == {}


def test_more_built_cards_then_more_characters_then_shared() -> None:
    standings = [
        Standing(50, 8, 1),  # 3rd: beaten on built cards, wins on characters over player 3
        Standing(50, 9, 0),  # 1st: most built cards among the 50s
        Standing(70, 5, 0),  # alone on 70: no reason to give
        Standing(50, 8, 0),  # 4th: shares nothing, ahead of nobody with 50
    ]
    assert ranking(standings) == [(2, 1), (1, 2), (0, 3), (3, 4)]
    assert tie_breaks(standings) == {
        1: (TieBreak.BUILT_CARDS,),
        0: (TieBreak.CHARACTERS,),
    }


def test_equal_in_everything_shares_and_may_still_be_ahead_of_a_third() -> None:
    standings = [Standing(40, 7, 3), Standing(40, 7, 3), Standing(40, 6, 3)]
    assert ranking(standings) == [(0, 1), (1, 1), (2, 3)]
    assert tie_breaks(standings) == {
        0: (TieBreak.SHARED,),
        1: (TieBreak.SHARED, TieBreak.BUILT_CARDS),
    }
