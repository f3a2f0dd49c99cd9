"""Every worked example of the rulebooks (reference examples.md), as written there."""

from __future__ import annotations

import pytest
from rulebook import SIMON_BUILT

from companion.rules.actions import Construct, NextStep, Place, Start
from companion.rules.cards import Resource
from companion.rules.game import Game
from companion.rules.production import before_corruption, corruption, produced, production
from companion.rules.scoring import score, solo_adjusted, solo_rank
from companion.rules.supremacy import supremacy_winners
from companion.shipped.catalog import Catalog
from companion.shipped.rulebook import examples

M, E, S, G, X = Resource


def _built(cards: Catalog, *names: str) -> list:
    return [cards.card(n) for n in names]


def test_1_benjamin_produces_5_materials(cards: Catalog) -> None:
    empire = cards.empire("Panafrican Union", "A")
    built = _built(cards, "Recycling Plant", "Mega-Drill")
    assert produced(M, empire, built) == 5
    assert production(empire, built) == {M: 5, E: 0, S: 2, G: 0, X: 1}


def test_2_simon_builds_wind_turbines_in_the_materials_step(cards: Catalog) -> None:
    # Panafrican Union A produces exactly 2 Materials, as Simon does in the example.
    game = Game.new(Start(empire="Panafrican Union", face="A"), cards)
    game.play(Construct(cards.card("Wind Turbines").id))
    game.play(NextStep())
    assert (game.state.step, game.state.produced) == (M, 2)
    events = game.play(Place(onto=1, count=2))
    assert [e.kind for e in events] == ["built"]
    assert [c.name for c in game.state.built] == ["Wind Turbines"]
    assert game.state.under_construction == []
    # It produces no M this round (the step has passed) but 1 E in the Energy step.
    assert game.state.produced == 2
    game.play(NextStep())
    assert (game.state.step, game.state.produced) == (E, 1)


SIMON = SIMON_BUILT


def test_3_simon_scores_62(cards: Catalog) -> None:
    result = score(cards.empire("Noram States", "B"), _built(cards, *SIMON), generals=2,
                   financiers=6)
    assert (result.raw, result.combo, result.duo, result.generals, result.financiers) == (
        12, 30, 0, 2, 18)
    assert result.total == 62


PRINTED_SIMON = ("Industrial Complex", "Industrial Complex", "National Monument",
                 "Giant Tower", "World Congress", "Universal Vaccine", "Financial Center",
                 "Offshore Oil Rig", "Casino City", "Magnetic Train", "Recycling Plant")
"""Seed 002's picture of Simon's Empire, card by card: Noram States face A (1 per
Financier), 2 Generals and 6 Financiers."""


def test_3_the_printed_picture_of_simon_scores_the_printed_62(cards: Catalog) -> None:
    shipped = examples().tableaux["score-simon"]
    assert (shipped.empire, shipped.face, shipped.built) == ("Noram States", "A",
                                                            PRINTED_SIMON)
    assert (shipped.generals, shipped.financiers) == (2, 6)
    result = score(cards.empire("Noram States", "A"), _built(cards, *PRINTED_SIMON),
                   generals=2, financiers=6)
    # Raw: Magnetic Train 2 + Giant Tower 10. Combo: Universal Vaccine 1, World Congress
    # 3 and National Monument 2 per Project, 5 Projects. Financiers: 1 + Noram A's 1 +
    # Casino City's 1, times 6.
    assert (result.raw, result.combo, result.duo, result.generals, result.financiers) == (
        12, 30, 0, 2, 18)
    assert result.total == 62


def test_4_the_corruption_picture_is_the_panafrican_union() -> None:
    shipped = examples().tableaux["corruption-apolline"]
    assert (shipped.empire, shipped.face) == ("Panafrican Union", "B")
    assert set(shipped.built) == {"Robot Factory", "Recycling Plant", "Raiders"}


def test_4_apolline_corruption(cards: Catalog) -> None:
    empire = cards.empire("Panafrican Union", "B")
    built = _built(cards, "Recycling Plant", "Robot Factory", "Raiders")
    icons = [*empire.production, *(i for c in built for i in c.production)]
    without_corruption = {r: sum(i.amount for i in icons if i.kind == r and i.amount > 0)
                          for r in Resource}
    corrupted = {r: -sum(i.amount for i in icons if i.kind == r and i.amount < 0)
                 for r in Resource}
    assert without_corruption == {M: 4, E: 3, S: 3, G: 0, X: 2}
    assert corrupted == {M: 1, E: 0, S: 0, G: 1, X: 0}
    assert before_corruption(empire, built) == {M: 4, E: 3, S: 3, G: 0, X: 2}
    assert corruption(empire, built) == {M: 1, E: 0, S: 0, G: 1, X: 0}
    # Gold cannot go below 0; these net totals feed supremacy and construction.
    assert production(empire, built) == {M: 3, E: 3, S: 3, G: 0, X: 2}


def test_5_apolline_duo_24(cards: Catalog) -> None:
    result = score(cards.empire("Aztec Empire", "B"),
                   _built(cards, "Immortality", "Universal Exposition", "Mega-Bomb",
                          "Satellites"), generals=0, financiers=0)
    assert (result.raw, result.combo, result.duo) == (6, 9, 9)
    assert result.total == 24


def test_6_apolline_score_board_61(cards: Catalog) -> None:
    result = score(cards.empire("Aztec Empire", "B"),
                   _built(cards, "Luxury Clinic", "Mining Asteroid", "Border Patrol",
                          "Offshore Laboratory", "Immortality", "Universal Exposition",
                          "Mega-Bomb", "High-Security Prison", "Satellites"),
                   generals=3, financiers=0)
    assert (result.raw, result.combo, result.generals) == (12, 9, 3)
    assert result.duo == 10 + 27
    assert result.total == 61


@pytest.mark.parametrize(("total", "face", "adjusted", "rank"), [
    (85, "B", 85, "Emperor"), (85, "A", 70, "Dictator"), (59, "B", 59, "Apprentice"),
    (60, "B", 60, "Dictator"), (80, "B", 80, "Emperor"), (100, "B", 100, "Living God"),
])
def test_7_solo_rank(total: int, face: str, adjusted: int, rank: str) -> None:
    assert solo_adjusted(total, face) == adjusted
    assert solo_rank(total, face).value == rank


@pytest.mark.parametrize(("totals", "winners"), [
    ((7, 5, 5, 3, 2, 1), [0]),
    ((7, 7, 5, 3, 2, 1), [0, 1]),
    ((7, 7, 7, 2, 1, 0), []),
    ((7, 5, 3, 2, 1, 0), [0, 1]),
    ((4, 4, 2), []),
    ((4, 3, 3), [0]),
    ((5,), [0]),
    ((4,), []),
])
def test_8_supremacy(totals: tuple[int, ...], winners: list[int]) -> None:
    assert supremacy_winners(totals) == winners
