"""An Empire at the end of a game, as the scorer sees it: no history, just what is built.

The headless scorer and the quick-score screen start from this rather than from a game,
since players often only want the final count of a game played without the app.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.cards import Card, EmpireFace, Resource
from companion.rules.errors import Refusal, Rejected
from companion.rules.plural import Plural
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
        raise Rejected(Refusal.NO_COPY_LEFT,
                       "The box has only one {card}, and it is already counted.", card=card.name)
    raise Rejected(Refusal.NO_COPY_LEFT,
                   "The box has {copies} copies of {card}, all already counted.",
                   copies=card.copies, card=card.name)


Seat = tuple[str, str, str]
"""A player at a table, as the seating rule needs them: who (as the caller names them),
the Empire's name and its face."""


def check_seating(players: Sequence[Seat]) -> None:
    """The rulebooks: the players of a table use one face (A and B are never mixed), and
    each Empire card is dealt to one player."""
    if not players:
        return
    first, _, first_face = players[0]
    for index, (who, empire, face) in enumerate(players):
        if face != first_face:
            raise Rejected(Refusal.EMPIRE_FACE,
                           "{player} plays face {face} and {first} face {first_face}: "
                           "every player of a table uses the same face",
                           player=who, face=face, first=first, first_face=first_face)
        for other, other_empire, _ in players[:index]:
            if other_empire == empire:
                raise Rejected(Refusal.EMPIRE_TAKEN,
                               "{first} and {second} both play {empire}: each Empire card "
                               "is dealt to one player", first=other, second=who,
                               empire=empire)


def check_table_copies(players: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """The players of a table share one box: together they build no card more often
    than the box holds it. `players` pairs who (as the caller names them) with what
    they built."""
    counts = [(who, Counter(card.id for card in built)) for who, built in players]
    for card in {card.id: card for _, built in players for card in built}.values():
        total = sum(count[card.id] for _, count in counts)
        if total > card.copies:
            who = ", ".join(f"{name} {count[card.id]}" for name, count in counts
                            if count[card.id])
            raise Rejected(Refusal.NO_COPY_LEFT,
                           Plural("The box has only {count} {card}; the table counts {built} "
                                  "({players})",
                                  "The box has only {count} copies of {card}; the table "
                                  "counts {built} ({players})"),
                           card=card.name, built=total, players=who, count=card.copies)
