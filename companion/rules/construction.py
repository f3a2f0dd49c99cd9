"""A card under construction and what sits on its cost slots.

Each slot remembers what filled it (a cube of its own resource, Krystallium, or a
character token) because the rules treat them differently: resource cubes go back to
the supply when the card is built, Krystallium may stand in for any resource, and
neither may ever replace a character token.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.cards import Card, Resource, SlotKind, Token


@dataclass(frozen=True, slots=True)
class FreeSlots:
    """A card's empty slots, given as a message parameter so each language can word it."""

    slots: tuple[tuple[SlotKind, int], ...]

    def __str__(self) -> str:
        if not self.slots:
            return "none"
        return ", ".join(f"{n} {SLOT_NAMES[kind]}" for kind, n in self.slots)


SLOT_NAMES: dict[SlotKind, str] = {
    Resource.MATERIALS: "Materials",
    Resource.ENERGY: "Energy",
    Resource.SCIENCE: "Science",
    Resource.GOLD: "Gold",
    Resource.EXPLORATION: "Exploration",
    Token.KRYSTALLIUM: "Krystallium",
    Token.FINANCIER: "Financier",
    Token.GENERAL: "General",
}
"""English names of resources and tokens, as the rules' messages print them."""
SLOT_BY_NAME: dict[str, SlotKind] = {name: kind for kind, name in SLOT_NAMES.items()}
"""Back from those names to their kind (a message's parameter, an address, a data file)."""


@dataclass(slots=True)
class UnderConstruction:
    """One card under construction; `uid` tells apart two copies of the same card."""

    uid: int
    card: Card
    contents: dict[tuple[SlotKind, SlotKind], int] = field(default_factory=dict)
    """(slot kind, what filled it) → how many."""

    def filled(self, slot: SlotKind) -> int:
        return sum(n for (kind, _), n in self.contents.items() if kind == slot)

    def free(self, slot: SlotKind) -> int:
        return self.card.cost_of(slot) - self.filled(slot)

    def free_slots(self) -> dict[SlotKind, int]:
        """Every kind of slot still empty, in the card's printed order."""
        return {kind: self.free(kind) for kind, _ in self.card.cost if self.free(kind) > 0}

    @property
    def complete(self) -> bool:
        return all(self.free(kind) == 0 for kind, _ in self.card.cost)

    @property
    def slots_total(self) -> int:
        return sum(n for _, n in self.card.cost)

    @property
    def slots_filled(self) -> int:
        return sum(self.contents.values())

    def cubes(self) -> int:
        """Resource cubes on the card (Krystallium and characters are not cubes)."""
        return sum(n for (_, filler), n in self.contents.items() if isinstance(filler, Resource))

    def tokens(self, token: Token) -> int:
        return sum(n for (_, filler), n in self.contents.items() if filler == token)

    def fill(self, slot: SlotKind, filler: SlotKind, count: int) -> None:
        key = (slot, filler)
        self.contents[key] = self.contents.get(key, 0) + count

    def copy(self) -> UnderConstruction:
        return UnderConstruction(self.uid, self.card, dict(self.contents))
