"""Final score with the score pad's breakdown, table ranking and the solo rank.

The Empire card's points count like a card's; cards under construction and
Krystallium are worth nothing, so only the Empire face, built cards and the character
tokens held are inputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

from companion.rules.cards import Card, CardType, EmpireFace, Points, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.production import type_counts

FACE_A_ADJUSTMENT = 15
"""The solo rank table is for face B; face A scores are lowered by this first."""


@dataclass(frozen=True, slots=True)
class Score:
    """The score pad's rows."""

    raw: int
    combo: int
    duo: int
    generals: int
    financiers: int

    @property
    def total(self) -> int:
        return self.raw + self.combo + self.duo + self.generals + self.financiers

    def as_dict(self) -> dict[str, int]:
        return {
            "raw": self.raw,
            "combo": self.combo,
            "duo": self.duo,
            "generals": self.generals,
            "financiers": self.financiers,
            "total": self.total,
        }


def _check_tokens(generals: int, financiers: int) -> None:
    for label, value in (("Generals", generals), ("Financiers", financiers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise Rejected(
                Refusal.BAD_NUMBER,
                "{label} must be a whole number of 0 or more, not {value}",
                label=label,
                value=value,
            )


def score(empire: EmpireFace, built: Sequence[Card], generals: int, financiers: int) -> Score:
    """Score an Empire at the end of the game."""
    _check_tokens(generals, financiers)
    counts = element_counts(built, generals, financiers)
    raw = combo = duo = 0
    multiplier = {Token.GENERAL: 1, Token.FINANCIER: 1}
    for points in [empire.points, *(card.points for card in built)]:
        raw, combo, duo = _add(points, counts, multiplier, raw, combo, duo)
    return Score(
        raw=raw,
        combo=combo,
        duo=duo,
        generals=generals * multiplier[Token.GENERAL],
        financiers=financiers * multiplier[Token.FINANCIER],
    )


def _add(
    points: Points,
    counts: dict[CardType | Token, int],
    multiplier: dict[Token, int],
    raw: int,
    combo: int,
    duo: int,
) -> tuple[int, int, int]:
    worth = points.amount * counted(points, counts)
    if points.is_flat:
        return raw + worth, combo, duo
    if points.is_duo:
        return raw, combo, duo + worth
    (per,) = points.per
    if isinstance(per, Token):
        # The score pad folds "N per General" into the Generals row: tokens × (1 + ΣN).
        multiplier[per] += points.amount
        return raw, combo, duo
    return raw, combo + worth, duo


def counted(points: Points, counts: Mapping[CardType | Token, int]) -> int:
    """How many times `points.amount` scores: once when flat, once per card of the type
    or token held, once per pair for a duo (the smaller of its two counts)."""
    if points.is_flat:
        return 1
    return min(counts.get(element, 0) for element in points.per)


def element_counts(built: Sequence[Card], generals: int,
                   financiers: int) -> dict[CardType | Token, int]:
    """What the points of a card can count: built cards by type, and tokens held."""
    counts: dict[CardType | Token, int] = {}
    counts.update(type_counts(built).items())
    counts[Token.GENERAL] = generals
    counts[Token.FINANCIER] = financiers
    return counts


@dataclass(frozen=True, slots=True)
class Standing:
    """What the tie-breakers compare, in order."""

    total: int
    built_cards: int
    characters: int


def ranking(standings: Sequence[Standing]) -> list[tuple[int, int]]:
    """(player index, place) sorted by place; equal standings share a place."""
    order = sorted(
        range(len(standings)),
        key=lambda i: (-standings[i].total, -standings[i].built_cards, -standings[i].characters, i),
    )
    places: list[tuple[int, int]] = []
    for position, index in enumerate(order):
        if position and standings[index] == standings[order[position - 1]]:
            places.append((index, places[-1][1]))
        else:
            places.append((index, position + 1))
    return places


class TieBreak(StrEnum):
    """Why a player is placed where they are among players with the same total."""

    BUILT_CARDS = "more built cards"
    CHARACTERS = "more character tokens"
    SHARED = "shared place"


def tie_breaks(standings: Sequence[Standing]) -> dict[int, tuple[TieBreak, ...]]:
    """player index → the tie-breakers that placed them, for players tied on points.

    The rulebook: equal totals are split by the most built cards, then by the most
    character tokens; still equal, the place is shared. A player ahead of someone with
    the same total gets the reason that put them ahead; players sharing a place get
    `SHARED`. Players whose total nobody else has are not in the answer.
    """
    reasons: dict[int, list[TieBreak]] = {}
    order = [index for index, _ in ranking(standings)]
    for upper, lower in pairwise(order):
        above, below = standings[upper], standings[lower]
        if above.total != below.total:
            continue
        if above == below:
            found = [(upper, TieBreak.SHARED), (lower, TieBreak.SHARED)]
        elif above.built_cards != below.built_cards:
            found = [(upper, TieBreak.BUILT_CARDS)]
        else:
            found = [(upper, TieBreak.CHARACTERS)]
        for index, reason in found:
            if reason not in reasons.setdefault(index, []):
                reasons[index].append(reason)
    return {index: tuple(found) for index, found in reasons.items()}


class SoloRank(StrEnum):
    APPRENTICE = "Apprentice"
    DICTATOR = "Dictator"
    EMPEROR = "Emperor"
    LIVING_GOD = "Living God"


SOLO_RANKS: tuple[tuple[int, SoloRank], ...] = (
    (100, SoloRank.LIVING_GOD),
    (80, SoloRank.EMPEROR),
    (60, SoloRank.DICTATOR),
    (0, SoloRank.APPRENTICE),
)


def solo_adjusted(total: int, face: str) -> int:
    """The score the rank table reads: face A is 15 points easier, so it is lowered."""
    return total - FACE_A_ADJUSTMENT if face == "A" else total


RULEBOOK_FACES = ("A", "B")
"""The faces the solo rank table is printed for; faces C–F are a variant without one."""


def solo_rank(total: int, face: str) -> SoloRank | None:
    """The rank of a solo game, or None on a variant face (the table does not apply)."""
    if face not in RULEBOOK_FACES:
        return None
    adjusted = solo_adjusted(total, face)
    for threshold, rank in SOLO_RANKS:
        if adjusted >= threshold:
            return rank
    return SoloRank.APPRENTICE
