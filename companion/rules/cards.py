"""The game's vocabulary as value types: resources, tokens, card types, cards and Empires.

They are frozen so a card can be shared by every game and every tableau that holds it,
and hashed, compared and counted without copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Resource(StrEnum):
    """The five resources, declared in production order."""

    MATERIALS = "M"
    ENERGY = "E"
    SCIENCE = "S"
    GOLD = "G"
    EXPLORATION = "X"


class Token(StrEnum):
    """Things that are not resource cubes: they never count toward Krystallium."""

    KRYSTALLIUM = "K"
    FINANCIER = "Fin"
    GENERAL = "Gen"


Character = Token  # Financier and General are the two character tokens.
CHARACTERS: tuple[Token, Token] = (Token.FINANCIER, Token.GENERAL)

SlotKind = Resource | Token
"""What a cost slot asks for, or what a production icon yields."""

PRODUCTION_ORDER: tuple[Resource, ...] = tuple(Resource)


class CardType(StrEnum):
    STRUCTURE = "Structure"
    VEHICLE = "Vehicle"
    RESEARCH = "Research"
    PROJECT = "Project"
    DISCOVERY = "Discovery"
    MEMORIAL = "Memorial"


class Expansion(StrEnum):
    BASE = "base"
    CORRUPTION_ASCENSION = "ca"
    WAR_OR_PEACE = "wop"


SUPREMACY_BONUS: Mapping[Resource, Token | None] = {
    Resource.MATERIALS: Token.FINANCIER,
    Resource.ENERGY: Token.GENERAL,
    Resource.SCIENCE: None,  # the player chooses a General or a Financier
    Resource.GOLD: Token.FINANCIER,
    Resource.EXPLORATION: Token.GENERAL,
}


def slot_kind(code: str) -> SlotKind:
    """Read the game's short code (M, E, S, G, X, K, Fin, Gen)."""
    for enum in (Resource, Token):
        try:
            return enum(code)
        except ValueError:
            continue
    raise ValueError(f"unknown resource or token {code!r}")


@dataclass(frozen=True, slots=True)
class Icon:
    """One production icon: `amount` of `kind`, or `amount` per built card of type `per`.

    A negative amount is corruption (Corruption & Ascension).
    """

    kind: SlotKind
    amount: int
    per: CardType | None = None

    def __str__(self) -> str:
        text = f"{self.kind.value}{self.amount}"
        return f"{text} per {self.per.value}" if self.per else text


@dataclass(frozen=True, slots=True)
class Points:
    """Victory points as printed: flat, N per type/character, or N per pair (duo).

    `per` is empty for flat points, holds one element for "N per T" and two for a duo
    "N per A+B" (A and B card types or character tokens).
    """

    amount: int
    per: tuple[CardType | Token, ...] = ()

    @property
    def is_flat(self) -> bool:
        return not self.per

    @property
    def is_duo(self) -> bool:
        return len(self.per) == 2

    def __str__(self) -> str:
        if not self.per:
            return str(self.amount)
        return f"{self.amount}/" + "+".join(_points_word(p) for p in self.per)


def _points_word(element: CardType | Token) -> str:
    if element is Token.FINANCIER:
        return "Financier"
    if element is Token.GENERAL:
        return "General"
    return element.value


Amounts = tuple[tuple[SlotKind, int], ...]
"""An ordered list of (kind, count), e.g. a cost `M4 E1` or a bonus `Fin2`."""


@dataclass(frozen=True, slots=True)
class Card:
    """A development card as printed; copies of it in a deck share one `Card`."""

    id: int
    expansion: Expansion
    type: CardType
    copies: int
    names: Mapping[str, str]
    cost: Amounts
    construction_bonus: Amounts
    production: tuple[Icon, ...]
    points: Points
    recycle: Resource
    other_names: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, language: str) -> str:
        """The name shown in `language`: the printed edition's where a rulebook of that
        language prints it (cards.json `names`), else ours; English for a language the
        data does not know. `other_names` are other printings, found by the search."""
        return self.names.get(language) or self.names["en"]

    def cost_of(self, kind: SlotKind) -> int:
        return sum(n for k, n in self.cost if k == kind)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class EmpireFace:
    """One face of an Empire card. Faces A and B are the rulebook's; C–F a variant."""

    names: Mapping[str, str]
    expansion: Expansion
    face: str
    production: tuple[Icon, ...]
    points: Points
    start_krystallium: int = 0
    variant: bool = False
    status: str = field(default="rulebook", compare=False)

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]

    def __str__(self) -> str:
        return f"{self.name} ({self.face})"
