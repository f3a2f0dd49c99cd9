"""What an Empire produces in one production step.

Only the Empire card and built cards count; cards under construction never do. An icon
"R per T" counts once per built card of type T, the card itself included, because the
card is itself in the tableau it counts. Corruption is subtracted and the net total
never goes below 0; that net total is what supremacy and construction use.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.rules.cards import (
    PRODUCTION_ORDER,
    Card,
    CardType,
    EmpireFace,
    Icon,
    Resource,
    SlotKind,
    Token,
)

PER_ROUND_TOKENS: tuple[Token, ...] = (Token.KRYSTALLIUM, Token.FINANCIER, Token.GENERAL)
"""What War or Peace cards produce in the extra step after Exploration."""


@dataclass(frozen=True, slots=True)
class Source:
    """One contribution to a production total, for the "where does it come from" view."""

    name: str
    amount: int
    card_id: int | None  # None for the Empire card


def type_counts(built: Iterable[Card]) -> dict[CardType, int]:
    counts = dict.fromkeys(CardType, 0)
    for card in built:
        counts[card.type] += 1
    return counts


def _icon_value(icon: Icon, counts: dict[CardType, int]) -> int:
    return icon.amount * counts[icon.per] if icon.per else icon.amount


def sources(kind: SlotKind, empire: EmpireFace, built: Sequence[Card]) -> list[Source]:
    """Every non-zero contribution to `kind`, the Empire first, then cards as built."""
    counts = type_counts(built)
    found: list[Source] = []
    for owner, icons, card_id in [(empire.name, empire.production, None)] + [
        (card.name, card.production, card.id) for card in built
    ]:
        amount = sum(_icon_value(i, counts) for i in icons if i.kind == kind)
        if amount:
            found.append(Source(owner, amount, card_id))
    return found


def produced(kind: SlotKind, empire: EmpireFace, built: Sequence[Card]) -> int:
    """The net amount of `kind` produced: positive icons minus corruption, at least 0."""
    counts = type_counts(built)
    total = sum(_icon_value(i, counts) for i in empire.production if i.kind == kind)
    for card in built:
        for icon in card.production:
            if icon.kind == kind:
                total += _icon_value(icon, counts)
    return max(total, 0)


def production(empire: EmpireFace, built: Sequence[Card]) -> dict[Resource, int]:
    """Net totals of the five resources, in production order."""
    return {r: produced(r, empire, built) for r in PRODUCTION_ORDER}


def corruption(empire: EmpireFace, built: Sequence[Card]) -> dict[Resource, int]:
    """The corruption icons of each resource (Corruption & Ascension), as positive
    numbers: what `production` takes off the positive icons, never below 0."""
    return _icon_sums(empire, built, corrupt=True)


def before_corruption(empire: EmpireFace, built: Sequence[Card]) -> dict[Resource, int]:
    """What the Empire would produce of each resource without its corruption icons."""
    return _icon_sums(empire, built, corrupt=False)


def _icon_sums(empire: EmpireFace, built: Sequence[Card], corrupt: bool) -> dict[Resource, int]:
    counts = type_counts(built)
    icons = [*empire.production, *(icon for card in built for icon in card.production)]
    return {r: abs(sum(_icon_value(i, counts) for i in icons
                       if i.kind == r and (i.amount < 0) == corrupt))
            for r in PRODUCTION_ORDER}


def per_round_tokens(empire: EmpireFace, built: Sequence[Card]) -> dict[Token, int]:
    """Krystallium, Financiers and Generals produced each round (War or Peace cards)."""
    return {t: produced(t, empire, built) for t in PER_ROUND_TOKENS}
