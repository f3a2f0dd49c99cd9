"""Score pad rows, face A Empire points, character multipliers, ranking and solo rank."""

from __future__ import annotations

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.scoring import Standing, ranking, score, solo_rank
from companion.shipped.catalog import Catalog


def test_face_a_points_count_like_a_card(cards: Catalog) -> None:
    aztec = cards.empire("Aztec Empire", "A")  # 3/Discovery
    discoveries = [cards.card("Atlantis"), cards.card("Roswell")]
    assert score(aztec, discoveries, 0, 0).combo == 6
    europe = cards.empire("Republic of Europe", "A")  # 1/General
    assert score(europe, [], generals=4, financiers=0).generals == 4 * 2


def test_character_multipliers_add_up(cards: Catalog) -> None:
    noram = cards.empire("Noram States", "A")  # 1/Financier
    built = [cards.card("Aquaculture"), cards.card("Casino City")]  # 1/Financier each
    result = score(noram, built, generals=0, financiers=5)
    assert result.financiers == 5 * (1 + 1 + 1 + 1)
    atlantis = cards.card("Atlantis")  # 2/General
    assert score(cards.empire("Noram States", "B"), [atlantis], 3, 0).generals == 3 * 3


def test_duo_with_character_tokens(cards: Catalog) -> None:
    orbital = cards.card("Orbital Station")  # 6/Financier+General
    empire = cards.empire("Noram States", "B")
    assert score(empire, [orbital], generals=2, financiers=5).duo == 12
    assert score(empire, [orbital], generals=0, financiers=5).duo == 0


def test_duo_counts_the_card_itself(cards: Catalog) -> None:
    robot = cards.card("Giant Robot")  # a Vehicle, 6/Structure+Vehicle
    empire = cards.empire("Noram States", "B")
    assert score(empire, [robot], 0, 0).duo == 0
    assert score(empire, [robot, cards.card("Wind Turbines")], 0, 0).duo == 6


def test_under_construction_and_krystallium_give_nothing(cards: Catalog) -> None:
    assert score(cards.empire("Noram States", "B"), [], 0, 0).total == 0


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_bad_token_counts_are_rejected(cards: Catalog, bad: object) -> None:
    with pytest.raises(Rejected) as refused:
        score(cards.empire("Noram States", "B"), [], bad, 0)  # type: ignore[arg-type]
    assert refused.value.kind is Refusal.BAD_NUMBER


def test_ranking_tie_breakers() -> None:
    standings = [
        Standing(70, 10, 3),  # 0
        Standing(80, 9, 1),  # 1
        Standing(70, 11, 0),  # 2: beats 0 on built cards
        Standing(70, 10, 5),  # 3: ties 0 on cards, beats on characters
        Standing(70, 10, 3),  # 4: perfect tie with 0
    ]
    assert ranking(standings) == [(1, 1), (2, 2), (3, 3), (0, 4), (4, 4)]


def test_ranking_shared_victory() -> None:
    assert ranking([Standing(50, 8, 2), Standing(50, 8, 2)]) == [(0, 1), (1, 1)]


def test_solo_rank_boundaries_with_face_a() -> None:
    assert solo_rank(74, "A").value == "Apprentice"
    assert solo_rank(75, "A").value == "Dictator"
    assert solo_rank(115, "A").value == "Living God"
    assert solo_rank(99, "B").value == "Emperor"


@pytest.mark.parametrize("face", ["C", "D", "E", "F"])
def test_the_solo_rank_table_is_for_the_rulebook_faces_only(face: str) -> None:
    from companion.rules.scoring import SoloRank, solo_rank

    assert solo_rank(120, face) is None
    assert solo_rank(120, "B") is SoloRank.LIVING_GOD
    assert solo_rank(114, "A") is SoloRank.EMPEROR  # 114 − 15 = 99
