"""Every case of every reason, as a player reads it: the rulebook topic its "?" opens,
the English sentence, and the French one (the catalog finds a translation by the English
singular, so a changed singular shows English to a French player).

The numbers pick the forms that are easy to get wrong: 1 point (English singular), 0
point (French singular, English plural), and the branches no other test reaches. The
sentences are written by hand from the rules digest and the French catalog's wording.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from companion.i18n import set_language
from companion.rules.cards import CardType, Points, Resource, Token
from companion.rules.reasons import (
    Reason,
    completion_reason,
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

BASE_1 = Thresholds(bronze=70, silver=95, gold=115)
"""To the Center of the Earth (rules digest, section 6)."""

RESEARCH_PROJECT = Points(1, (CardType.RESEARCH, CardType.PROJECT))
STRUCTURE_GENERAL = Points(2, (CardType.STRUCTURE, Token.GENERAL))


def _now(points: Points, counts: dict[CardType | Token, int]) -> Reason:
    reason = points_now_reason(points, counts)
    assert reason is not None  # only flat points have no "now"
    return reason


CASES: list[tuple[Callable[[], Reason], str, str, str]] = [
    # Supremacy, 6 or 7 players: three at the top is a tie nobody wins (RULES.md 3.2).
    (partial(supremacy_reason, Resource.MATERIALS,
             [("A", 5), ("B", 5), ("C", 5), ("D", 2), ("E", 1), ("F", 0), ("G", 0)]),
     "supremacy",
     "A 5, B 5, C 5, D 2, E 1, F 0, G 0 Materials: 3 players tie at the top (A, B, C), so"
     " nobody takes the supremacy bonus (more than two at the top, 6 or 7 players).",
     "A 5, B 5, C 5, D 2, E 1, F 0, G 0 Matériaux : 3 joueurs à égalité en tête (A, B, C),"
     " donc personne ne prend le bonus de suprématie (plus de deux en tête, 6 ou 7"
     " joueurs)."),
    # Solo ranks: face A is read 15 points lower; under 60 is Apprentice, 80 Emperor.
    (partial(solo_rank_reason, 1, "A"), "solo-rank",
     "1 point on face A: -14 once the 15 of face A are taken off, under 60, so Apprentice.",
     "1 point sur la face A : -14 une fois retirés les 15 de la face A, moins de 60, donc"
     " Apprenti."),
    (partial(solo_rank_reason, 95, "A"), "solo-rank",
     "95 points on face A: 80 once the 15 of face A are taken off, 80 or more, so Emperor.",
     "95 points sur la face A : 80 une fois retirés les 15 de la face A, 80 ou plus, donc"
     " Empereur."),
    (partial(solo_rank_reason, 1, "B"), "solo-rank",
     "1 point on face B: under 60, so Apprentice.",
     "1 point sur la face B : moins de 60, donc Apprenti."),
    (partial(solo_rank_reason, 0, "B"), "solo-rank",
     "0 points on face B: under 60, so Apprentice.",
     "0 point sur la face B : moins de 60, donc Apprenti."),
    (partial(solo_rank_reason, 80, "B"), "solo-rank",
     "80 points on face B: 80 or more, so Emperor.",
     "80 points sur la face B : 80 ou plus, donc Empereur."),
    (partial(solo_rank_reason, 70, "C"), "solo-rank",
     "Face C is a variant: the rank table is printed for faces A and B only.",
     "La face C est une variante : la table des rangs n'existe que pour les faces A et B."),
    # Medals of a scenario.
    (partial(medal_reason, 120, BASE_1), "solo-scenarios",
     "Gold needs 115: you have 120 points, gold it is.",
     "L'or demande 115 : vous avez 120 points, c'est l'or."),
    (partial(medal_reason, 130, BASE_1, won=False), "solo-scenarios",
     "The scenario is lost: every card it lists must be built at the end, whatever the"
     " score.",
     "Le scénario est perdu : toutes les cartes qu'il liste doivent être construites à la"
     " fin, quel que soit le score."),
    # A card's points.
    (partial(points_reason, RESEARCH_PROJECT), "duo",
     "1 victory point for each pair of Research and Project at the end: the smaller of the"
     " two counts is the number of pairs.",
     "1 point de victoire par paire Recherche et Projet à la fin : le plus petit des deux"
     " nombres est le nombre de paires."),
    (partial(points_reason, Points(2, (Token.FINANCIER,))), "characters",
     "2 victory points for each Financier you hold at the end of the game.",
     "2 points de victoire par Financier que vous avez à la fin de la partie."),
    (partial(points_reason, Points(1, (CardType.VEHICLE,))), "score",
     "1 victory point for each Vehicle card you have built at the end of the game, this one"
     " included if it is one.",
     "1 point de victoire par carte Véhicule construite à la fin de la partie, celle-ci"
     " comprise si elle en est une."),
    # A pair counted in a game with neither of its two: each count is 0, not missing.
    (partial(_now, STRUCTURE_GENERAL, {}), "duo",
     "Now in your game: Structure 0, General 0; the smaller count is the pairs, so 2 × 0"
     " = 0.",
     "Dans votre partie : Structure 0, Général 0 ; le plus petit nombre donne les paires,"
     " donc 2 × 0 = 0."),
    (partial(_now, STRUCTURE_GENERAL, {CardType.STRUCTURE: 3}), "duo",
     "Now in your game: Structure 3, General 0; the smaller count is the pairs, so 2 × 0"
     " = 0.",
     "Dans votre partie : Structure 3, Général 0 ; le plus petit nombre donne les paires,"
     " donc 2 × 0 = 0."),
    (partial(_now, STRUCTURE_GENERAL, {Token.GENERAL: 2}), "duo",
     "Now in your game: Structure 0, General 2; the smaller count is the pairs, so 2 × 0"
     " = 0.",
     "Dans votre partie : Structure 0, Général 2 ; le plus petit nombre donne les paires,"
     " donc 2 × 0 = 0."),
    # Who wins a table: total, then built cards, then character tokens, else shared.
    (partial(victory_reason, [("Ann", Standing(1, 0, 0)), ("Bob", Standing(1, 0, 0))]),
     "score",
     "Ann, Bob tie on 1 point; Ann, Bob also tie on built cards (0) and character tokens"
     " (0), so they share the victory.",
     "Ann, Bob sont à égalité avec 1 point ; Ann, Bob le sont aussi en cartes construites"
     " (0) et en jetons personnage (0) : la victoire est partagée."),
    (partial(victory_reason, [("Ann", Standing(0, 0, 0)), ("Bob", Standing(0, 0, 0))]),
     "score",
     "Ann, Bob tie on 0 points; Ann, Bob also tie on built cards (0) and character tokens"
     " (0), so they share the victory.",
     "Ann, Bob sont à égalité avec 0 point ; Ann, Bob le sont aussi en cartes construites"
     " (0) et en jetons personnage (0) : la victoire est partagée."),
    (partial(victory_reason, [("Ann", Standing(1, 2, 0)), ("Bob", Standing(1, 1, 5))]),
     "score",
     "Ann, Bob tie on 1 point; Ann has the most built cards (2) and wins.",
     "Ann, Bob sont à égalité avec 1 point ; Ann a le plus de cartes construites (2) et"
     " gagne."),
    # Three on the same total, each with a different number of built cards: the most
    # built cards decide alone, the character tokens are never looked at.
    (partial(victory_reason, [("Ann", Standing(70, 10, 0)), ("Bob", Standing(70, 9, 0)),
                              ("Cid", Standing(70, 8, 0))]), "score",
     "Ann, Bob, Cid tie on 70 points; Ann has the most built cards (10) and wins.",
     "Ann, Bob, Cid sont à égalité avec 70 points ; Ann a le plus de cartes construites"
     " (10) et gagne."),
    (partial(victory_reason, [("Ann", Standing(1, 2, 0)), ("Bob", Standing(1, 2, 1))]),
     "score",
     "Ann, Bob tie on 1 point and on built cards (2); Bob has the most character tokens (1)"
     " and wins.",
     "Ann, Bob sont à égalité avec 1 point et en cartes construites (2) ; Bob a le plus de"
     " jetons personnage (1) et gagne."),
]


@pytest.mark.parametrize(("make", "topic", "english", "french"), CASES)
def test_each_reason_opens_its_rule_and_reads_right_in_english_and_french(
        make: Callable[[], Reason], topic: str, english: str, french: str) -> None:
    reason = make()  # made in the test, not at collection: a mutant is active only here
    assert reason.topic == topic
    assert reason.template.format(**reason.params) == english
    assert reason_text(reason) == english
    set_language("fr")
    assert reason_text(reason) == french


def test_a_card_built_with_a_bonus_opens_the_construction_rule(cards: Catalog) -> None:
    """Military Base (bonus 1 General): the same rule as a card without a bonus."""
    assert completion_reason(cards.card("Military Base")).topic == "construction"
    assert completion_reason(cards.card("Wind Turbines")).topic == "construction"
