"""The score pad at its edges: each row on its own, tokens the pad refuses (whole
messages), places shared or split by the rulebook's tie-breakers, and the solo rank on
both sides of each threshold (RULES.md §4–5, examples.md §7)."""

from __future__ import annotations

import pytest

from companion.rules.cards import CardType, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.scoring import (
    Score,
    SoloRank,
    Standing,
    TieBreak,
    counted,
    element_counts,
    ranking,
    score,
    solo_adjusted,
    solo_rank,
    tie_breaks,
)
from companion.shipped.catalog import Catalog


@pytest.mark.parametrize(("generals", "financiers", "message"), [
    (-1, 0, "Generals must be a whole number of 0 or more, not -1"),
    (0, -2, "Financiers must be a whole number of 0 or more, not -2"),
    (True, 0, "Generals must be a whole number of 0 or more, not True"),
    (0, 1.5, "Financiers must be a whole number of 0 or more, not 1.5"),
    (0, "3", "Financiers must be a whole number of 0 or more, not 3"),
])
def test_tokens_the_pad_cannot_count(cards: Catalog, generals: object, financiers: object,
                                     message: str) -> None:
    with pytest.raises(Rejected) as refused:
        score(cards.empire("Noram States", "B"), [], generals, financiers)  # type: ignore[arg-type]
    assert (refused.value.kind, str(refused.value)) == (Refusal.BAD_NUMBER, message)


@pytest.mark.parametrize(("empire", "built", "generals", "financiers", "rows"), [
    # raw: flat points of cards and of a face (none on B)
    (("Noram States", "B"), ("Giant Tower", "Harbor Zone"), 0, 0, (12, 0, 0, 0, 0)),
    # combo: "3 per Project" counts itself; the face's "1 per Financier" multiplies
    (("Noram States", "B"), ("World Congress", "Giant Tower"), 0, 0, (10, 6, 0, 0, 0)),
    (("Noram States", "A"), (), 0, 4, (0, 0, 0, 0, 8)),
    (("Noram States", "A"), (), 3, 0, (0, 0, 0, 3, 0)),
    # "2 per General" (Atlantis) and "1 per General" (Super-Soldiers): 2 × (1+2+1)
    (("Noram States", "B"), ("Atlantis", "Super-Soldiers"), 2, 1, (0, 0, 0, 8, 1)),
    # duo: 6 per Financier+General, the smaller count
    (("Noram States", "B"), ("Orbital Station",), 3, 2, (0, 0, 12, 3, 2)),
    # a face's points per type with none built: 0
    (("Aztec Empire", "A"), ("Giant Tower",), 0, 0, (10, 0, 0, 0, 0)),
])
def test_each_row_of_the_pad(cards: Catalog, empire: tuple[str, str], built: tuple[str, ...],
                             generals: int, financiers: int,
                             rows: tuple[int, int, int, int, int]) -> None:
    result = score(cards.empire(*empire), [cards.card(n) for n in built], generals, financiers)
    assert (result.raw, result.combo, result.duo, result.generals, result.financiers) == rows
    assert result.total == sum(rows)
    assert result.as_dict() == {"raw": rows[0], "combo": rows[1], "duo": rows[2],
                                "generals": rows[3], "financiers": rows[4],
                                "total": sum(rows)}


def test_a_score_reads_as_its_rows() -> None:
    assert Score(1, 2, 3, 4, 5).as_dict() == {"raw": 1, "combo": 2, "duo": 3, "generals": 4,
                                              "financiers": 5, "total": 15}


def test_what_points_can_count(cards: Catalog) -> None:
    built = [cards.card(n) for n in ("Giant Tower", "Harbor Zone", "Zeppelin")]
    counts = element_counts(built, 2, 5)
    assert counts == {CardType.STRUCTURE: 0, CardType.VEHICLE: 1, CardType.RESEARCH: 0,
                      CardType.PROJECT: 2, CardType.DISCOVERY: 0, CardType.MEMORIAL: 0,
                      Token.GENERAL: 2, Token.FINANCIER: 5}
    assert counted(cards.card("Giant Tower").points, counts) == 1
    assert counted(cards.card("World Congress").points, counts) == 2
    assert counted(cards.card("Orbital Station").points, counts) == 2
    assert counted(cards.card("Orbital Station").points, {Token.GENERAL: 4}) == 0


@pytest.mark.parametrize(("standings", "places", "reasons"), [
    ([Standing(60, 9, 2), Standing(60, 9, 2), Standing(60, 9, 2)],
     [(0, 1), (1, 1), (2, 1)],
     {0: (TieBreak.SHARED,), 1: (TieBreak.SHARED,), 2: (TieBreak.SHARED,)}),
    ([Standing(60, 9, 1), Standing(60, 9, 2), Standing(61, 1, 0)],
     [(2, 1), (1, 2), (0, 3)], {1: (TieBreak.CHARACTERS,)}),
    ([Standing(60, 8, 9), Standing(60, 9, 0), Standing(60, 9, 0)],
     [(1, 1), (2, 1), (0, 3)],
     {1: (TieBreak.SHARED,), 2: (TieBreak.SHARED, TieBreak.BUILT_CARDS)}),
    ([Standing(10, 1, 1), Standing(20, 1, 1), Standing(30, 1, 1)],
     [(2, 1), (1, 2), (0, 3)], {}),
    ([Standing(5, 0, 0)], [(0, 1)], {}),
])
def test_places_and_why(standings: list[Standing], places: list[tuple[int, int]],
                        reasons: dict[int, tuple[TieBreak, ...]]) -> None:
    assert ranking(standings) == places
    assert tie_breaks(standings) == reasons


@pytest.mark.parametrize(("total", "face", "adjusted", "rank"), [
    (85, "B", 85, SoloRank.EMPEROR), (85, "A", 70, SoloRank.DICTATOR),  # examples.md §7
    (59, "B", 59, SoloRank.APPRENTICE), (60, "B", 60, SoloRank.DICTATOR),
    (79, "B", 79, SoloRank.DICTATOR), (80, "B", 80, SoloRank.EMPEROR),
    (99, "B", 99, SoloRank.EMPEROR), (100, "B", 100, SoloRank.LIVING_GOD),
    (74, "A", 59, SoloRank.APPRENTICE), (95, "A", 80, SoloRank.EMPEROR),
    (115, "A", 100, SoloRank.LIVING_GOD),
    (0, "B", 0, SoloRank.APPRENTICE),
    (10, "A", -5, SoloRank.APPRENTICE),  # below the table's 0: still an Apprentice
    (120, "C", 120, None), (40, "F", 40, None),
])
def test_the_solo_rank(total: int, face: str, adjusted: int, rank: SoloRank | None) -> None:
    assert solo_adjusted(total, face) == adjusted
    assert solo_rank(total, face) is rank
