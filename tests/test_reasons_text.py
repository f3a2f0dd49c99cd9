"""A reason in the player's language: the resource, the rank and the medal it names are
translated too (French written by hand)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import language, set_language
from companion.rules.cards import Resource
from companion.rules.reasons import (
    completion_reason,
    medal_reason,
    solo_rank_reason,
    supremacy_reason,
)
from companion.rules.scenarios import Thresholds
from companion.shipped.catalog import Catalog
from companion.usecases.labels import reason_text


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    before = language()
    set_language("fr")
    yield
    set_language(before)


def test_a_tie_in_french() -> None:
    reason = supremacy_reason(Resource.ENERGY, [("Ann", 5), ("Bob", 5), ("Cid", 3)])
    assert reason_text(reason) == ("Ann 5, Bob 5, Cid 3 Énergie : égalité en tête (Ann, Bob),"
                                   " donc personne ne prend le bonus de suprématie (2 à 5"
                                   " joueurs).")


def test_nobody_produced_elides_before_a_vowel() -> None:
    reason = supremacy_reason(Resource.GOLD, [("Ann", 0), ("Bob", 0)])
    assert reason_text(reason) == ("Ann 0, Bob 0 : personne n'a produit d'Or, et un total de"
                                   " 0 ne gagne jamais le bonus de suprématie.")


def test_a_rank_and_a_medal_in_french() -> None:
    assert reason_text(solo_rank_reason(62, "A")) == (
        "62 points sur la face A : 47 une fois retirés les 15 de la face A, moins de 60,"
        " donc Apprenti.")
    assert reason_text(medal_reason(93, Thresholds(70, 95, 115))) == (
        "Vous avez 93 : argent demande 95, il manque 2 points.")


def test_a_completed_card_in_french_names_the_card_and_its_bonus_in_french(
        cards: Catalog) -> None:
    reason = completion_reason(cards.card("Military Base"))
    assert reason_text(reason) == ("Base Militaire est construite : sa dernière case est"
                                   " remplie, elle rejoint donc votre Empire aussitôt, donne"
                                   " 1 Général maintenant et produit dès l'étape de"
                                   " production suivante.")
