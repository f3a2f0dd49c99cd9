"""An Empire at the end of a game, as the scorer sees it: no history, just what is built.

The headless scorer and the quick-score screen start from this rather than from a game,
since players often only want the final count of a game played without the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.cards import Card, EmpireFace, Resource
from companion.rules.errors import Rejected
from companion.rules.production import production
from companion.rules.scoring import Score, Standing, ranking, score
from companion.rules.supremacy import supremacy_winners


@dataclass(frozen=True, slots=True)
class Tableau:
    empire: EmpireFace
    built: tuple[Card, ...]
    generals: int = 0
    financiers: int = 0
    krystallium: int = 0

    def production(self) -> dict[Resource, int]:
        return production(self.empire, self.built)

    def score(self) -> Score:
        return score(self.empire, self.built, self.generals, self.financiers)

    @property
    def characters(self) -> int:
        return self.generals + self.financiers

    def standing(self) -> Standing:
        return Standing(self.score().total, len(self.built), self.characters)


def table_supremacy(tableaus: Sequence[Tableau]) -> dict[Resource, list[int]]:
    """Who would win each resource's supremacy with these tableaus' production."""
    totals = [t.production() for t in tableaus]
    return {r: supremacy_winners([p[r] for p in totals]) for r in Resource}


def table_ranking(tableaus: Sequence[Tableau]) -> list[tuple[int, int]]:
    """(player index, place) with the tie-breakers: built cards, then character tokens."""
    return ranking([t.standing() for t in tableaus])


def check_box_copies(card: Card, counted: int) -> None:
    """One more `card` at a table that already counts `counted` of it: the table shares one
    box, so no more can be built than the box holds copies (`Rejected` says so)."""
    if counted < card.copies:
        return
    if card.copies == 1:
        raise Rejected("The box has only one {card}, and it is already counted.", card=card.name)
    raise Rejected("The box has {copies} copies of {card}, all already counted.",
                   copies=card.copies, card=card.name)
