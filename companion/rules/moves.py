"""What every move shares: the events the rules report, the catalog the cards come from,
the checks a move starts with, and what a move does on the cards.

A card goes under construction, its slots fill, and with its last slot it is built and
joins the Empire, paying its bonus at once; cubes put on the Empire card turn into
Krystallium five at a time. The player's moves (`companion.rules.engine`) and the
round's steps (`companion.rules.rounds`) both use these, so they live below both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.rules.cards import Card, EmpireFace, Expansion, SlotKind, Token
from companion.rules.construction import SLOT_NAMES, FreeSlots, UnderConstruction
from companion.rules.errors import Refusal, Rejected
from companion.rules.plural import Plural
from companion.rules.state import KRYSTALLIUM_CUBES, GameState, Phase

MAX_COUNT = 100
"""No action moves more than this many cubes or tokens: a typo guard."""

EXPANSION_TITLES: Mapping[Expansion, str] = {
    Expansion.BASE: "base game",
    Expansion.CORRUPTION_ASCENSION: "Corruption & Ascension",
    Expansion.WAR_OR_PEACE: "War or Peace",
}


PHASE_NAMES: Mapping[Phase, str] = {
    Phase.PLANNING: "Planning",
    Phase.PRODUCTION: "Production",
    Phase.EXTRA: "the War or Peace step",
    Phase.FINISHED: "the end of the game",
}
"""How messages name a phase (the UI translates these words)."""


class CardSource(Protocol):
    """What the engine needs from the card catalog."""

    def card(self, key: int | str) -> Card: ...

    def empire(self, name: str, face: str = "A", *, variants: bool = True) -> EmpireFace: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did that the player should be told about."""

    kind: str
    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.params)


Events = list[Event]


# --- shared moves ---------------------------------------------------------------------


def game_card(catalog: CardSource, card_id: int, state: GameState) -> Card:
    """The card numbered `card_id`, refused unless its expansion is in this game."""
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise Rejected(Refusal.MALFORMED,
                       "A card is given by its number, not {value}", value=card_id)
    card = catalog.card(card_id)
    if card.expansion.value not in state.expansions:
        raise Rejected(
            Refusal.EXPANSION_MISSING,
            "{card} belongs to the {expansion} expansion, which is not in this game",
            card=card.name,
            expansion=EXPANSION_TITLES[card.expansion],
        )
    return card


def checked_count(count: int) -> int:
    """`count` when it is a whole number of cubes or tokens from 1 to MAX_COUNT."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise Rejected(Refusal.BAD_NUMBER,
                       "The count must be a whole number of at least 1, not {count}", count=count)
    if count > MAX_COUNT:
        raise Rejected(Refusal.BAD_NUMBER, "{count} is more than any card holds", count=count)
    return count


def card_under_construction(state: GameState, uid: int) -> UnderConstruction:
    """The card under construction numbered `uid`, refused if there is none."""
    target = state.construction(uid) if isinstance(uid, int) else None
    if target is None:
        raise Rejected(Refusal.NOT_UNDER_CONSTRUCTION,
                       "There is no card under construction numbered {uid}", uid=uid)
    return target


def check_free(target: UnderConstruction, slot: SlotKind, count: int) -> None:
    """Refuse unless `target` has `count` free `slot` slots; the message lists the free
    ones."""
    free = target.free(slot)
    if free >= count:
        return
    listing = FreeSlots(tuple(target.free_slots().items()))
    if target.card.cost_of(slot) == 0:
        raise Rejected(Refusal.WRONG_SLOT, "{card} has no {slot} slot; its free slots: {listing}",
                       card=target.card.name, slot=SLOT_NAMES[slot], listing=listing)
    raise Rejected(
        Refusal.SLOTS_FULL,
        Plural("{card} has {free} free {slot} slot, not {count}; its free slots: {listing}",
               "{card} has {free} free {slot} slots, not {count}; its free slots: {listing}",
               "free"),
        card=target.card.name,
        free=free,
        slot=SLOT_NAMES[slot],
        count=count,
        listing=listing,
    )


def add_construction(state: GameState, card: Card) -> Event:
    """`card` goes under construction with the next number (`uid`)."""
    uid = state.next_uid
    state.next_uid += 1
    state.under_construction.append(UnderConstruction(uid, card))
    return Event("construct", "{card} is under construction", {"card": card.name, "uid": uid})


def fill(state: GameState, target: UnderConstruction, slot: SlotKind, filler: SlotKind,
         count: int) -> Events:
    """`count` slots of kind `slot` filled with `filler`; the last one builds the card."""
    target.fill(slot, filler, count)
    return _complete(state, target) if target.complete else []


def _complete(state: GameState, target: UnderConstruction) -> Events:
    """A card whose last slot is filled joins the Empire and pays its bonus at once."""
    state.under_construction.remove(target)
    state.ledger.returned += target.cubes()
    state.built.append(target.card)
    events = [Event("built", "{card} is built and joins your Empire",
                    {"card": target.card.name, "uid": target.uid})]
    for token, amount in target.card.construction_bonus:
        assert isinstance(token, Token)
        gain(state, token, amount)
        events.append(Event("bonus", "{card} gives {amount} {token}",
                            {"card": target.card.name, "amount": amount,
                             "token": SLOT_NAMES[token]}))
    return events


def gain(state: GameState, token: Token, amount: int) -> None:
    """The player takes `amount` Krystallium or characters (a negative amount spends)."""
    if token is Token.KRYSTALLIUM:
        state.krystallium += amount
    elif token is Token.FINANCIER:
        state.financiers += amount
    else:
        state.generals += amount


def to_empire(state: GameState, count: int) -> Events:
    """Cubes on the Empire card; every 5 become one Krystallium."""
    state.empire_cubes += count
    gained = state.empire_cubes // KRYSTALLIUM_CUBES
    if not gained:
        return []
    state.empire_cubes -= gained * KRYSTALLIUM_CUBES
    state.ledger.converted += gained * KRYSTALLIUM_CUBES
    state.krystallium += gained
    return [Event("krystallium", "{cubes} cubes on your Empire became {amount} Krystallium",
                  {"cubes": gained * KRYSTALLIUM_CUBES, "amount": gained,
                   "left": state.empire_cubes, "held": state.krystallium})]


def require_phase(state: GameState, phase: Phase, template: str) -> None:
    """Refuse unless the game is in `phase`; `template` names the current one {phase}."""
    if state.phase is not phase:
        raise Rejected(Refusal.WRONG_PHASE, template, phase=PHASE_NAMES[state.phase])


def require_playing(state: GameState) -> None:
    """Refuse every move once the game is over."""
    if state.finished:
        raise Rejected(Refusal.GAME_OVER, "The game is over: nothing more can be played")
