"""Why a number is what it is: each reason names the right players and numbers.

The expected sentences are written by hand from the rules digest (supremacy by table
size, Krystallium, solo ranks, medals), never computed by the code under test.
"""

from __future__ import annotations

import pytest

from companion.i18n import language, set_language
from companion.rules.cards import CardType, Points, Resource, Token
from companion.rules.reasons import (
    Reason,
    completion_reason,
    krystallium_reason,
    medal_reason,
    points_now_reason,
    points_reason,
    solo_rank_reason,
    supremacy_reason,
    victory_reason,
)
from companion.rules.scenarios import Thresholds
from companion.rules.scoring import Standing
from companion.shipped.catalog import Catalog
from companion.usecases.labels import reason_text


def english(reason: Reason) -> str:
    return reason.template.format(**reason.params)


@pytest.mark.parametrize(("resource", "totals", "expected"), [
    (Resource.ENERGY, [("Ann", 5), ("Bob", 5), ("Cid", 3)],
     "Ann 5, Bob 5, Cid 3 Energy: a tie at the top (Ann, Bob), so nobody takes the"
     " supremacy bonus (2 to 5 players)."),
    (Resource.MATERIALS, [("Ann", 4), ("Bob", 2)],
     "Ann 4, Bob 2 Materials: Ann produced more than every other player and takes the"
     " supremacy bonus."),
    (Resource.GOLD, [("Ann", 0), ("Bob", 0), ("Cid", 0)],
     "Ann 0, Bob 0, Cid 0: nobody produced any Gold, and a total of 0 never wins the"
     " supremacy bonus."),
    # 5 players is still the 2-5 rule: a tie at the top gives nobody the bonus; the
    # same tie with a sixth player (next case) gives it to both.
    (Resource.SCIENCE, [("A", 6), ("B", 6), ("C", 3), ("D", 2), ("E", 1)],
     "A 6, B 6, C 3, D 2, E 1 Science: a tie at the top (A, B), so nobody takes the"
     " supremacy bonus (2 to 5 players)."),
    (Resource.SCIENCE, [("A", 6), ("B", 6), ("C", 3), ("D", 2), ("E", 1), ("F", 0)],
     "A 6, B 6, C 3, D 2, E 1, F 0 Science: A, B tie at the top, and with 6 or 7 players"
     " the two highest both take the supremacy bonus."),
    (Resource.EXPLORATION, [("A", 6), ("B", 4), ("C", 3), ("D", 2), ("E", 1), ("F", 0)],
     "A 6, B 4, C 3, D 2, E 1, F 0 Exploration: A produced the most and B is alone in"
     " second place; with 6 or 7 players both take the supremacy bonus."),
    (Resource.ENERGY, [("A", 6), ("B", 4), ("C", 4), ("D", 2), ("E", 1), ("F", 0)],
     "A 6, B 4, C 4, D 2, E 1, F 0 Energy: A produced the most, and the second place is"
     " shared or empty; with 6 or 7 players only A takes the supremacy bonus."),
    (Resource.MATERIALS, [("A", 5), ("B", 5), ("C", 5), ("D", 2), ("E", 1), ("F", 0),
                          ("G", 0)],
     "A 5, B 5, C 5, D 2, E 1, F 0, G 0 Materials: 3 players tie at the top (A, B, C), so"
     " nobody takes the supremacy bonus (more than two at the top, 6 or 7 players)."),
    (Resource.GOLD, [("Solo", 5)],
     "You produced 5 Gold: playing alone, 5 or more wins the supremacy bonus."),
    (Resource.GOLD, [("Solo", 4)],
     "You produced 4 Gold: playing alone, the supremacy bonus needs 5 or more."),
])
def test_supremacy_names_the_players_and_the_case_of_the_rule(
        resource: Resource, totals: list[tuple[str, int]], expected: str) -> None:
    reason = supremacy_reason(resource, totals)
    assert reason.topic == "supremacy"
    assert english(reason) == expected


KRYSTALLIUM_CASES = [
    # (cubes that sat on the Empire card, Krystallium held after, English, French)
    (0, 1,
     "0 cubes on your Empire card: fewer than 5, so none has become Krystallium yet"
     " (5 more make the next one). You hold 1 Krystallium.",
     "0 cube sur votre carte Empire : moins de 5, donc aucun n'est encore devenu du"
     " Krystallium (encore 5 pour le prochain). Vous avez 1 Krystallium."),
    (5, 1,
     "5 cubes were on your Empire card: every 5 become 1 Krystallium at once, so all 5"
     " became 1 Krystallium and none stays there. You hold 1 Krystallium.",
     "5 cubes étaient sur votre carte Empire : chaque groupe de 5 devient aussitôt 1"
     " Krystallium, donc les 5 sont devenus 1 Krystallium et aucun n'y reste. Vous avez"
     " 1 Krystallium."),
    (9, 1,
     "9 cubes were on your Empire card: every 5 become 1 Krystallium at once, so 5 became"
     " 1 Krystallium and 4 stay there for the next one. You hold 1 Krystallium.",
     "9 cubes étaient sur votre carte Empire : chaque groupe de 5 devient aussitôt 1"
     " Krystallium, donc 5 sont devenus 1 Krystallium et 4 y restent pour le prochain."
     " Vous avez 1 Krystallium."),
]
"""The rule (RULES.md 3.3, every seed): each time 5 resource cubes sit on the Empire
card they are discarded for 1 Krystallium; the others stay. Written by hand."""


@pytest.mark.parametrize(("cubes", "held", "english_text", "french_text"),
                         KRYSTALLIUM_CASES)
def test_krystallium_says_what_is_on_the_empire_and_what_was_converted(
        cubes: int, held: int, english_text: str, french_text: str) -> None:
    reason = krystallium_reason(cubes, held)
    assert reason.topic == "krystallium"
    assert english(reason) == english_text
    before = language()
    try:
        set_language("en")
        assert reason_text(reason) == english_text
        set_language("fr")
        assert reason_text(reason) == french_text
    finally:
        set_language(before)


def test_krystallium_keeps_one_cube_in_the_singular() -> None:
    assert english(krystallium_reason(6, 3)) == (
        "6 cubes were on your Empire card: every 5 become 1 Krystallium at once, so 5 became"
        " 1 Krystallium and 1 stays there for the next one. You hold 3 Krystallium.")
    assert english(krystallium_reason(1, 0)).startswith(
        "1 cube on your Empire card: fewer than 5, so none has become Krystallium yet"
        " (4 more make the next one).")


@pytest.mark.parametrize(("total", "face", "expected"), [
    (62, "A", "62 points on face A: 47 once the 15 of face A are taken off, under 60, so"
              " Apprentice."),
    (95, "A", "95 points on face A: 80 once the 15 of face A are taken off, 80 or more, so"
              " Emperor."),
    (80, "B", "80 points on face B: 80 or more, so Emperor."),
    (59, "B", "59 points on face B: under 60, so Apprentice."),
    (100, "B", "100 points on face B: 100 or more, so Living God."),
    (70, "C", "Face C is a variant: the rank table is printed for faces A and B only."),
])
def test_a_solo_rank_says_what_the_table_read(total: int, face: str, expected: str) -> None:
    assert english(solo_rank_reason(total, face)) == expected


BASE_1 = Thresholds(bronze=70, silver=95, gold=115)
"""To the Center of the Earth (rules digest, section 6)."""


@pytest.mark.parametrize(("total", "won", "expected"), [
    (93, True, "You have 93: silver needs 95, 2 points short."),
    (94, True, "You have 94: silver needs 95, 1 point short."),
    (60, True, "You have 60: bronze needs 70, 10 points short."),
    (120, True, "Gold needs 115: you have 120 points, gold it is."),
    (130, False, "The scenario is lost: every card it lists must be built at the end,"
                 " whatever the score."),
])
def test_a_medal_says_what_the_next_one_needs(total: int, won: bool, expected: str) -> None:
    reason = medal_reason(total, BASE_1, won)
    assert reason.topic == "solo-scenarios"
    assert english(reason) == expected


@pytest.mark.parametrize(("points", "topic", "expected"), [
    (Points(10), "score", "10 victory points, once the card is built."),
    (Points(1), "score", "1 victory point, once the card is built."),
    (Points(2, (CardType.DISCOVERY,)), "score",
     "2 victory points for each Discovery card you have built at the end of the game, this"
     " one included if it is one."),
    (Points(1, (Token.GENERAL,)), "characters",
     "1 victory point for each General you hold at the end of the game."),
    (Points(9, (CardType.RESEARCH, CardType.PROJECT)), "duo",
     "9 victory points for each pair of Research and Project at the end: the smaller of the"
     " two counts is the number of pairs."),
])
def test_a_cards_points_in_words(points: Points, topic: str, expected: str) -> None:
    reason = points_reason(points)
    assert reason.topic == topic
    assert english(reason) == expected


@pytest.mark.parametrize(("points", "counts", "topic", "expected"), [
    (Points(2, (CardType.DISCOVERY,)), {CardType.DISCOVERY: 6}, "score",
     "Discovery cards built now in your game: 6, so 2 × 6 = 12."),
    (Points(3, (CardType.RESEARCH,)), {}, "score",
     "Research cards built now in your game: 0, so 3 × 0 = 0."),
    (Points(1, (Token.FINANCIER,)), {Token.FINANCIER: 4}, "characters",
     "Financier tokens held now in your game: 4, so 1 × 4 = 4."),
    (Points(9, (CardType.RESEARCH, CardType.PROJECT)),
     {CardType.RESEARCH: 3, CardType.PROJECT: 4}, "duo",
     "Now in your game: Research 3, Project 4; the smaller count is the pairs, so 9 × 3 = 27."),
    (Points(5, (CardType.STRUCTURE, Token.GENERAL)),
     {CardType.STRUCTURE: 2, Token.GENERAL: 3}, "duo",
     "Now in your game: Structure 2, General 3; the smaller count is the pairs, so 5 × 2 = 10."),
])
def test_what_a_cards_points_are_worth_now(points: Points, counts: dict[CardType | Token, int],
                                           topic: str, expected: str) -> None:
    reason = points_now_reason(points, counts)
    assert reason is not None and reason.topic == topic
    assert english(reason) == expected


def test_flat_points_count_nothing_in_a_game() -> None:
    assert points_now_reason(Points(10), {CardType.DISCOVERY: 6}) is None


def test_a_completed_card_joins_the_empire_and_pays_its_bonus(cards: Catalog) -> None:
    wind = completion_reason(cards.card("Wind Turbines"))
    assert wind.topic == "construction"
    assert english(wind) == ("Wind Turbines is built: its last slot is filled, so it joins"
                             " your Empire at once and produces from the next production"
                             " step on.")
    base = completion_reason(cards.card("Military Base"))
    assert base.params["bonus"] == ((1, Token.GENERAL),)
    assert reason_text(base) == ("Military Base is built: its last slot is filled, so it"
                                 " joins your Empire at once, gives 1 General now, and"
                                 " produces from the next production step on.")


@pytest.mark.parametrize(("standings", "expected"), [
    ([("Ann", Standing(70, 9, 2)), ("Bob", Standing(65, 12, 5))],
     "Ann has the highest total, 70 points, and wins."),
    ([("Ann", Standing(70, 9, 2)), ("Bob", Standing(70, 10, 0)), ("Cid", Standing(50, 9, 9))],
     "Ann, Bob tie on 70 points; Bob has the most built cards (10) and wins."),
    ([("Ann", Standing(70, 9, 2)), ("Bob", Standing(70, 9, 3))],
     "Ann, Bob tie on 70 points and on built cards (9); Bob has the most character tokens"
     " (3) and wins."),
    ([("Ann", Standing(70, 9, 3)), ("Bob", Standing(70, 9, 3)), ("Cid", Standing(70, 8, 9))],
     "Ann, Bob, Cid tie on 70 points; Ann, Bob also tie on built cards (9) and character"
     " tokens (3), so they share the victory."),
    ([("Ann", Standing(1, 0, 1)), ("Bob", Standing(0, 0, 0))],
     "Ann has the highest total, 1 point, and wins."),
])
def test_who_wins_a_table_and_by_which_tie_breaker(standings: list[tuple[str, Standing]],
                                                   expected: str) -> None:
    reason = victory_reason(standings)
    assert reason.topic == "score"
    assert english(reason) == expected
