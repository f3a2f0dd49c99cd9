"""What the player can do now, and a sensible placement to start from.

The app offers only moves the rules allow; rather than restating the rules, these
functions read the state's own slots, and `refusal` asks the engine itself on a copy.
The placement suggestion is a convenience, not a rule: cards closest to completion get
cubes first (a built card produces from the next step on), the rest go to the Empire.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions import Action, Place, Together
from companion.rules.cards import PRODUCTION_ORDER, Card, Resource, SlotKind, Token
from companion.rules.construction import UnderConstruction
from companion.rules.engine import CardSource, apply, check_new_move
from companion.rules.errors import Refusal, Rejected
from companion.rules.plural import Plural
from companion.rules.state import ROUNDS, GameState, Phase

Placement = tuple[tuple[int | None, int], ...]
"""(construction number or None for the Empire, cubes), cards first, the Empire last."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Free slots of one kind on one card under construction."""

    uid: int
    kind: SlotKind
    free: int


def refusal(state: GameState, action: Action, catalog: CardSource) -> Rejected | None:
    """Why the rules refuse `action` now, or None if they allow it (state is untouched)."""
    try:
        check_new_move(state, action, catalog)
        apply(state.copy(), action, catalog)
    except Rejected as exc:
        return exc
    return None


def remaining_slots(card: UnderConstruction) -> int:
    return card.slots_total - card.slots_filled


def _closeness(card: UnderConstruction) -> tuple[int, int, int]:
    """Closest to completion first: fewest empty slots, then most slots filled (Financial
    Center with 2 of 5 filled before an empty Transportation Network, both 3 short),
    then the card started first."""
    return remaining_slots(card), -card.slots_filled, card.uid


def _completes(card: UnderConstruction, step: Resource, cubes: int) -> bool:
    """Whether `cubes` of this step's resource finish `card`."""
    return card.free(step) == remaining_slots(card) <= cubes


def _closest_first(cards: list[UnderConstruction]) -> list[UnderConstruction]:
    return sorted(cards, key=_closeness)


def placement_targets(state: GameState) -> dict[int, int]:
    """Cards that can take this step's cubes: construction number → free slots. A step is
    open only during Production: every other phase leaves `step` None."""
    if state.step is None:
        return {}
    step = state.step
    return {c.uid: c.free(step) for c in state.under_construction if c.free(step) > 0}


def suggest_placement(state: GameState) -> Placement:
    """Where this step's cubes could go, the rule of thumb the screen states: first the
    cards these cubes complete (the one needing fewest first), then the card closest to
    completion, and so on; the rest on the Empire. A card completed now produces from the
    next step on; cubes spread over cards that stay unfinished produce nothing."""
    left = state.to_place
    if state.step is None:
        return ()
    step = state.step
    open_cards = [c for c in state.under_construction if c.free(step) > 0]
    plan: list[tuple[int | None, int]] = []
    while left and open_cards:
        card = min(open_cards, key=lambda c: (not _completes(c, step, left), *_closeness(c)))
        open_cards.remove(card)
        count = min(card.free(step), left)
        plan.append((card.uid, count))
        left -= count
    if left:
        plan.append((None, left))
    return tuple(plan)


def check_placement(state: GameState, plan: Placement) -> Rejected | None:
    """Whether a (possibly adjusted) placement uses exactly this step's cubes, in free slots."""
    targets = placement_targets(state)
    total = 0
    seen: set[int | None] = set()
    for uid, count in plan:
        if uid in seen:
            return Rejected(Refusal.MALFORMED, "Card {uid} appears twice in the placement", uid=uid)
        seen.add(uid)
        if count < 0:
            return Rejected(Refusal.BAD_NUMBER, "A card cannot take a negative number of cubes")
        if uid is not None and count > targets.get(uid, 0):
            return Rejected(Refusal.SLOTS_FULL,
                            Plural("Card {uid} has {free} free slot for these cubes, not {count}",
                                   "Card {uid} has {free} free slots for these cubes, not {count}",
                                   "free"),
                            uid=uid, free=targets.get(uid, 0), count=count)
        total += count
    if total != state.to_place:
        return Rejected(Refusal.NOT_HELD,
                        Plural("Place exactly {left} cube, not {count}",
                               "Place exactly {left} cubes, not {count}", "left"),
                        left=state.to_place,
                        count=total)
    return None


def placement_move(plan: Placement) -> Action:
    """The one move that places `plan`'s cubes, as the player's one tap does: a `Place`
    for a single target, else every target's `Place` together, so that the tap is one
    step of the game (saved whole, taken back by one Undo).

    >>> placement_move(((3, 2), (None, 1)))
    Together(parts=(Place(onto=3, count=2), Place(onto=None, count=1)))
    >>> placement_move(((3, 2), (None, 0)))
    Place(onto=3, count=2)
    """
    parts = tuple(Place(onto=uid, count=count) for uid, count in plan if count != 0)
    return parts[0] if len(parts) == 1 else Together(parts)


def recycle_targets(state: GameState, card: Card) -> list[int]:
    """Cards under construction with a free slot for `card`'s recycling cube."""
    if state.phase is not Phase.PLANNING:
        return []
    return [c.uid for c in state.under_construction if c.free(card.recycle) > 0]


def suggest_recycle_target(state: GameState, card: Card) -> int | None:
    """Where `card`'s recycled cube could go: like production's cubes, the card closest to
    completion that can take it; None (the Empire) when no card can."""
    targets = set(recycle_targets(state, card))
    ranked = _closest_first([c for c in state.under_construction if c.uid in targets])
    return ranked[0].uid if ranked else None


def krystallium_slots(state: GameState) -> list[Slot]:
    """Where Krystallium may go now: any free resource slot or Krystallium slot."""
    if state.finished or state.krystallium <= 0:
        return []
    kinds: tuple[SlotKind, ...] = (*Resource, Token.KRYSTALLIUM)
    return [Slot(c.uid, kind, free) for c in state.under_construction
            for kind, free in c.free_slots().items() if kind in kinds]


def character_slots(state: GameState) -> list[Slot]:
    """Financier and General slots the player holds tokens for."""
    if state.finished:
        return []
    return [Slot(c.uid, kind, free) for c in state.under_construction
            for kind, free in c.free_slots().items()
            if isinstance(kind, Token) and kind is not Token.KRYSTALLIUM
            and state.tokens(kind) > 0]


def ends_game(state: GameState) -> bool:
    """Whether the step now open is the game's last: `End` follows it, not `NextStep`."""
    if state.round != ROUNDS:
        return False
    if state.phase is Phase.EXTRA:
        return True
    return (state.phase is Phase.PRODUCTION and state.step is PRODUCTION_ORDER[-1]
            and not any(state.per_round_tokens().values()))
