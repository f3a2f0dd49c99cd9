"""Which card a player is about to name, type by type, with no keyboard.

At the table the phone is in one hand and the cards in the other: a drafted card is
found by its type first (the colour of its frame, seen at a glance), then by its name
among that type's cards. This module decides what each type's grid holds and in what
order; the screens only draw it.

- Only the expansions in play, and the types that have cards in them.
- A card of which no copy can be in the player's hand (every copy already in this
  Empire, or at a shared table in anyone's) is still shown, last, with the reason
  (`Choice.refused`), so the player is told before the tap rather than refused after.
- Likely first: a scenario's required cards still to build, then the cards this player
  drafts most often, then the rest in the box's order (the catalog's), which a player
  learns by heart. How often: on this device, every card its games drafted, built or
  recycled (`device_drafts`: each game record keeps the cards its moves drafted, so a
  draft costs no write of its own and an undone one is forgotten with it; a game saved
  before that counts what it built), or, for a seat at a shared table (every seat plays
  on one host), that seat's own game (`game_drafts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.rules.actions import Action
from companion.rules.cards import Card, CardType
from companion.rules.engine import check_own_copies
from companion.rules.errors import Rejected
from companion.rules.planning import drafts
from companion.rules.state import GameState
from companion.rules.table import Seats, check_copies
from companion.usecases.services import Services

Refusal = Callable[[Card], Rejected | None]
"""Why a card cannot be taken now, or None when it can."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One card of a type's grid."""

    card: Card
    required: bool = False
    """A card the scenario still needs built."""
    refused: Rejected | None = None
    """Why it cannot be taken (no copy left), or None."""


def types_in_play(cards: Iterable[Card], expansions: Collection[str]) -> list[CardType]:
    """The card types that have cards in the expansions in play, in the game's order
    (Memorial cards come only with their expansion)."""
    present = {card.type for card in cards if card.expansion.value in expansions}
    return [kind for kind in CardType if kind in present]


def likely_first(cards: Sequence[Card], required: Collection[int],
                 drafted: Mapping[int, int]) -> list[Card]:
    """`cards` with the scenario's required ones first, then the most often drafted (more
    often first), then the rest, each group in the order given (the box's).

    >>> from companion.shipped.catalog import catalog
    >>> box = [catalog().card(n) for n in ("Zeppelin", "Tank Division", "Icebreaker", "Submarine")]
    >>> [c.name for c in likely_first(box, {box[3].id}, {box[2].id: 1, box[1].id: 3})]
    ['Submarine', 'Tank Division', 'Icebreaker', 'Zeppelin']
    """
    def rank(indexed: tuple[int, Card]) -> tuple[int, int, int]:
        index, card = indexed
        return (0 if card.id in required else 1, -drafted.get(card.id, 0), index)

    return [card for _, card in sorted(enumerate(cards), key=rank)]


def choices(cards: Iterable[Card], kind: CardType, expansions: Collection[str],
            required: Collection[int], drafted: Mapping[int, int],
            refusal: Refusal) -> list[Choice]:
    """The grid of one type: its cards in play, likely first, each with why it cannot be
    taken (if so). The cards that cannot be taken come last, in the same order: a
    scenario's required card already under construction (its only copy) is no longer
    likely to be drafted."""
    mine = [card for card in cards if card.type is kind and card.expansion.value in expansions]
    found = [Choice(card, card.id in required, refusal(card))
             for card in likely_first(mine, required, drafted)]
    return ([c for c in found if c.refused is None]
            + [c for c in found if c.refused is not None])


def copy_refusal(card: Card, own: GameState, seats: Seats | None = None) -> Rejected | None:
    """Why `card` cannot have been drafted: the deck holds no copy outside this Empire
    (`seats` None), or outside the Empires of the shared table's `seats`. None when a copy
    is left."""
    try:
        if seats is None:
            check_own_copies(own, card)
        else:
            check_copies(seats, card)
    except Rejected as refused:
        return refused
    return None


def game_drafts(actions: Iterable[Action]) -> Counter[int]:
    """How many times each card was drafted (built or recycled) in one game."""
    return Counter(drafts(actions))


def device_drafts(services: Services, actions: Iterable[Action]) -> Counter[int]:
    """How often this device's player took each card: every card drafted (built or
    recycled) in every game that ended or was set down here, and those drafted so far in
    the game being played (`actions`).

    A game's summary has no moves, but keeps the cards they drafted (`drafted`): a card
    this player takes often only to recycle it is ranked up as well. A game saved before
    the record kept them has only the cards it built (`built`), which are counted instead:
    its recycled cards are lost, but the player's habits from before are not."""
    found = game_drafts(actions)
    for summary in services.backend.finished_games():
        taken = summary.get("drafted", summary.get("built"))
        if isinstance(taken, list):
            found.update(card for card in taken
                         if isinstance(card, int) and not isinstance(card, bool))
    return found
