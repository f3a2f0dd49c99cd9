"""Applies one action to a game state, or rejects it with the reason.

Each handler checks everything first and changes the state only after; `Game.play`
additionally works on a copy, so a rejected action never leaves a trace. Handlers
return events (a card built, Krystallium gained, a supremacy bonus…) so the app can
announce what the rules did on the player's behalf.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.i18n import Plural
from companion.rules.actions import (
    Action,
    ChooseScience,
    Construct,
    Discard,
    End,
    NextStep,
    Opponents,
    Place,
    PlaceCharacter,
    Recycle,
    Rivals,
    SpendKrystallium,
    Start,
)
from companion.rules.cards import (
    PRODUCTION_ORDER,
    SUPREMACY_BONUS,
    Card,
    EmpireFace,
    Expansion,
    Resource,
    SlotKind,
    Token,
    slot_kind,
)
from companion.rules.construction import SLOT_NAMES, FreeSlots, UnderConstruction
from companion.rules.errors import Rejected
from companion.rules.production import produced
from companion.rules.state import KRYSTALLIUM_CUBES, ROUNDS, GameState, Phase
from companion.rules.supremacy import (
    max_players,
    others_can_matter,
    supremacy_winners,
    wins_with_rivals,
)

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


# --- start ----------------------------------------------------------------------------

EXPANSION_NAMES = {e.value: e for e in Expansion}


def start_state(action: Start, catalog: CardSource) -> tuple[GameState, Events]:
    """The state after setup, with a scenario's required cards already under construction."""
    expansions = _expansions(action.expansions)
    _check_players(action, expansions)
    if not isinstance(action.face, str) or not action.face.strip():
        raise Rejected("Choose the Empire's face: A or B")
    empire = catalog.empire(action.empire, action.face, variants=action.variant_faces)
    if empire.expansion not in expansions:
        raise Rejected(
            "{empire} comes with the {expansion} expansion: add it to the game first",
            empire=empire.name,
            expansion=EXPANSION_TITLES[empire.expansion],
        )
    if action.scenario is not None:
        if action.mode != "solo":
            raise Rejected("Scenarios are solo games: choose 1 player")
        if empire.face != "B":
            raise Rejected("Scenarios are played with Empire face B, not face {face}",
                           face=empire.face)
        if not action.required:
            raise Rejected("Scenario {scenario} lists no required cards", scenario=action.scenario)
    elif action.required:
        raise Rejected("Required cards come only with a scenario")
    state = GameState(
        mode=action.mode,
        players=action.players,
        empire=empire,
        scenario=action.scenario,
        expansions=tuple(e.value for e in expansions),
        krystallium=empire.start_krystallium,
    )
    events: Events = []
    for card_id in action.required:
        card = _card(catalog, card_id, state)
        events.append(_add_construction(state, card))
    return state, events


def _expansions(names: tuple[str, ...]) -> list[Expansion]:
    found: list[Expansion] = [Expansion.BASE]
    for name in names:
        if name not in EXPANSION_NAMES:
            raise Rejected(
                "Unknown expansion '{name}': use base, ca (Corruption & Ascension) or "
                "wop (War or Peace)",
                name=name,
            )
        if EXPANSION_NAMES[name] not in found:
            found.append(EXPANSION_NAMES[name])
    return found


def _check_players(action: Start, expansions: list[Expansion]) -> None:
    players = action.players
    if action.mode not in ("solo", "table"):
        raise Rejected("The mode is solo or table, not {mode}", mode=action.mode)
    if isinstance(players, bool) or not isinstance(players, int):
        raise Rejected("The number of players must be a whole number")
    if action.mode == "solo" and players != 1:
        raise Rejected("A solo game has 1 player, not {players}", players=players)
    if action.mode == "table" and not 2 <= players <= 7:
        raise Rejected("A table game has 2 to 7 players, not {players}", players=players)
    if players > max_players(e.value for e in expansions):
        raise Rejected("6 or 7 players need the Corruption & Ascension expansion")


# --- shared moves ---------------------------------------------------------------------


def _card(catalog: CardSource, card_id: int, state: GameState) -> Card:
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise Rejected("A card is given by its number, not {value}", value=card_id)
    card = catalog.card(card_id)
    if card.expansion.value not in state.expansions:
        raise Rejected(
            "{card} belongs to the {expansion} expansion, which is not in this game",
            card=card.name,
            expansion=EXPANSION_TITLES[card.expansion],
        )
    return card


def _count(count: int, limit: int | None = None) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise Rejected("The count must be a whole number of at least 1, not {count}", count=count)
    if count > MAX_COUNT:
        raise Rejected("{count} is more than any card holds", count=count)
    return count


def _target(state: GameState, uid: int) -> UnderConstruction:
    target = state.construction(uid) if isinstance(uid, int) else None
    if target is None:
        raise Rejected("There is no card under construction numbered {uid}", uid=uid)
    return target


def _check_free(target: UnderConstruction, slot: SlotKind, count: int) -> None:
    free = target.free(slot)
    if free >= count:
        return
    listing = FreeSlots(tuple(target.free_slots().items()))
    if target.card.cost_of(slot) == 0:
        raise Rejected("{card} has no {slot} slot; its free slots: {listing}",
                       card=target.card.name, slot=SLOT_NAMES[slot], listing=listing)
    raise Rejected(
        Plural("{card} has {free} free {slot} slot, not {count}; its free slots: {listing}",
               "{card} has {free} free {slot} slots, not {count}; its free slots: {listing}",
               "free"),
        card=target.card.name,
        free=free,
        slot=SLOT_NAMES[slot],
        count=count,
        listing=listing,
    )


def _add_construction(state: GameState, card: Card) -> Event:
    uid = state.next_uid
    state.next_uid += 1
    state.under_construction.append(UnderConstruction(uid, card))
    return Event("construct", "{card} is under construction", {"card": card.name, "uid": uid})


def _fill(state: GameState, target: UnderConstruction, slot: SlotKind, filler: SlotKind,
          count: int) -> Events:
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
        _gain(state, token, amount)
        events.append(Event("bonus", "{card} gives {amount} {token}",
                            {"card": target.card.name, "amount": amount,
                             "token": SLOT_NAMES[token]}))
    return events


def _gain(state: GameState, token: Token, amount: int) -> None:
    if token is Token.KRYSTALLIUM:
        state.krystallium += amount
    elif token is Token.FINANCIER:
        state.financiers += amount
    else:
        state.generals += amount


def _to_empire(state: GameState, count: int) -> Events:
    """Cubes on the Empire card; every 5 become one Krystallium."""
    state.empire_cubes += count
    gained = state.empire_cubes // KRYSTALLIUM_CUBES
    if not gained:
        return []
    state.empire_cubes -= gained * KRYSTALLIUM_CUBES
    state.ledger.converted += gained * KRYSTALLIUM_CUBES
    state.krystallium += gained
    return [Event("krystallium", "{cubes} cubes on your Empire became {amount} Krystallium",
                  {"cubes": gained * KRYSTALLIUM_CUBES, "amount": gained})]


def _require_phase(state: GameState, phase: Phase, template: str) -> None:
    if state.phase is not phase:
        raise Rejected(template, phase=PHASE_NAMES[state.phase])


def _require_playing(state: GameState) -> None:
    if state.finished:
        raise Rejected("The game is over: nothing more can be played")


# --- handlers -------------------------------------------------------------------------


def _construct(state: GameState, action: Construct, catalog: CardSource) -> Events:
    _require_phase(state, Phase.PLANNING,
                   "Cards are put under construction during Planning, not during {phase}")
    card = _card(catalog, action.card, state)
    return [_add_construction(state, card)]


def _recycle(state: GameState, action: Recycle, catalog: CardSource) -> Events:
    _require_phase(state, Phase.PLANNING, "Cards are recycled during Planning, not during {phase}")
    card = _card(catalog, action.card, state)
    resource = card.recycle
    event = Event("recycle", "{card} recycled for {amount} {resource}",
                  {"card": card.name, "amount": 1, "resource": SLOT_NAMES[resource]})
    if action.onto is None:
        state.ledger.recycled += 1
        return [event, *_to_empire(state, 1)]
    target = _target(state, action.onto)
    _check_free(target, resource, 1)
    state.ledger.recycled += 1
    return [event, *_fill(state, target, resource, resource, 1)]


def _place(state: GameState, action: Place, catalog: CardSource) -> Events:
    _require_phase(state, Phase.PRODUCTION, "Cubes are placed during a production step, "
                   "not during {phase}")
    count = _count(action.count)
    assert state.step is not None
    name = SLOT_NAMES[state.step]
    if count > state.to_place:
        raise Rejected(Plural("Only {left} {resource} cube is left to place, not {count}",
                              "Only {left} {resource} cubes are left to place, not {count}",
                              "left"),
                       left=state.to_place, resource=name, count=count)
    events: Events
    if action.onto is None:
        state.to_place -= count
        state.ledger.produced += count
        events = _to_empire(state, count)
    else:
        target = _target(state, action.onto)
        _check_free(target, state.step, count)
        state.to_place -= count
        state.ledger.produced += count
        events = _fill(state, target, state.step, state.step, count)
    return events


def _spend_krystallium(state: GameState, action: SpendKrystallium, catalog: CardSource) -> Events:
    _require_playing(state)
    count = _count(action.count)
    try:
        slot = slot_kind(action.slot) if isinstance(action.slot, str) else None
    except ValueError:
        slot = None
    if slot is None:
        raise Rejected("'{slot}' is not a slot: use M, E, S, G, X or K", slot=action.slot)
    if slot in (Token.FINANCIER, Token.GENERAL):
        raise Rejected("Krystallium can never replace a {token}", token=SLOT_NAMES[slot])
    if count > state.krystallium:
        raise Rejected("You hold {held} Krystallium, not {count}", held=state.krystallium,
                       count=count)
    target = _target(state, action.onto)
    _check_free(target, slot, count)
    state.krystallium -= count
    return _fill(state, target, slot, Token.KRYSTALLIUM, count)


def _place_character(state: GameState, action: PlaceCharacter, catalog: CardSource) -> Events:
    _require_playing(state)
    count = _count(action.count)
    token = {"Fin": Token.FINANCIER, "Gen": Token.GENERAL}.get(action.token)
    if token is None:
        raise Rejected("'{token}' is not a character: use Fin or Gen", token=action.token)
    held = state.tokens(token)
    if count > held:
        raise Rejected(Plural("You hold {held} {token} token, not {count}",
                              "You hold {held} {token} tokens, not {count}", "held"), held=held,
                       token=SLOT_NAMES[token], count=count)
    target = _target(state, action.onto)
    _check_free(target, token, count)
    _gain(state, token, -count)
    return _fill(state, target, token, token, count)


def _discard(state: GameState, action: Discard, catalog: CardSource) -> Events:
    _require_playing(state)
    target = _target(state, action.construction)
    state.under_construction.remove(target)
    state.ledger.lost += target.cubes()
    state.ledger.recycled += 1
    resource = target.card.recycle
    return [
        Event("discard", "{card} discarded: {amount} {resource} goes to your Empire",
              {"card": target.card.name, "amount": 1, "resource": SLOT_NAMES[resource],
               "uid": target.uid}),
        *_to_empire(state, 1),
    ]


def _opponents(state: GameState, action: Opponents, catalog: CardSource) -> Events:
    if state.solo:
        raise Rejected("In a solo game there are no other players' totals")
    _require_phase(state, Phase.PRODUCTION,
                   "Other players' totals are given during a production step, not {phase}")
    _require_unsettled(state, settled_ok=state.opponents is None)
    totals = tuple(action.totals)
    if len(totals) != state.players - 1:
        raise Rejected(Plural("Give the total of the {others} other player, not {count}",
                              "Give the totals of the {others} other players, not {count}",
                              "others"),
                       others=state.players - 1, count=len(totals))
    for total in totals:
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 999:
            raise Rejected("A production total is a whole number from 0, not {total}",
                           total=total)
    state.opponents = totals
    return _settle_supremacy(state, 0 in supremacy_winners((state.produced, *totals)))


def _require_unsettled(state: GameState, *, settled_ok: bool = False) -> None:
    """The others' answer is given once a step. A step your 0 settled when it opened
    still takes their totals once (games saved before it settled itself had them)."""
    answered = state.opponents is not None or (
        state.supremacy is not None and others_can_matter(state.produced, state.players))
    if answered or (state.supremacy is not None and not settled_ok):
        raise Rejected("The other players' totals for this step are already given: "
                       "undo to correct them")


def _rivals(state: GameState, action: Rivals, catalog: CardSource) -> Events:
    if state.solo:
        raise Rejected("In a solo game there are no other players' totals")
    _require_phase(state, Phase.PRODUCTION,
                   "Other players' totals are given during a production step, not {phase}")
    if not others_can_matter(state.produced, state.players):
        raise Rejected("Your total is 0: no other total can give you the supremacy")
    _require_unsettled(state)
    return _settle_supremacy(state, wins_with_rivals(state.produced, state.players,
                                                     action.reaching))


def _choose_science(state: GameState, action: ChooseScience, catalog: CardSource) -> Events:
    if not state.science_pending:
        raise Rejected("There is no Science supremacy bonus to choose now")
    token = {"Fin": Token.FINANCIER, "Gen": Token.GENERAL}.get(action.token)
    if token is None:
        raise Rejected("Science supremacy gives a Financier (Fin) or a General (Gen)")
    state.science_pending = False
    _gain(state, token, 1)
    return [Event("supremacy", "Science supremacy: you take 1 {token}",
                  {"token": SLOT_NAMES[token]})]


def _settle_supremacy(state: GameState, won: bool) -> Events:
    assert state.step is not None
    state.supremacy = won
    resource = SLOT_NAMES[state.step]
    if not won:
        return [Event("no-supremacy", "No {resource} supremacy bonus this round",
                      {"resource": resource, "total": state.produced})]
    bonus = SUPREMACY_BONUS[state.step]
    if bonus is None:
        state.science_pending = True
        return [Event("supremacy-choice", "Science supremacy: choose a Financier or a General",
                      {"resource": resource})]
    _gain(state, bonus, 1)
    return [Event("supremacy", "{resource} supremacy: you take 1 {token}",
                  {"resource": resource, "token": SLOT_NAMES[bonus]})]


def _open_step(state: GameState, resource: Resource) -> Events:
    state.phase = Phase.PRODUCTION
    state.step = resource
    state.produced = produced(resource, state.empire, state.built)
    state.to_place = state.produced
    state.supremacy = None
    state.opponents = None
    state.science_pending = False
    events = [Event("step", "{resource}: you produce {total}",
                    {"resource": SLOT_NAMES[resource], "total": state.produced})]
    if state.solo:
        events += _settle_supremacy(state, bool(supremacy_winners((state.produced,))))
    elif not others_can_matter(state.produced, state.players):
        events += _settle_supremacy(state, False)  # nobody needs to be asked
    return events


def _check_step_done(state: GameState) -> None:
    if state.phase is Phase.PRODUCTION:
        assert state.step is not None
        if state.to_place:
            raise Rejected(Plural("Place the {left} remaining {resource} cube first, on a "
                                  "card or on your Empire",
                                  "Place the {left} remaining {resource} cubes first, on a card "
                                  "or on your Empire", "left"), left=state.to_place,
                           resource=SLOT_NAMES[state.step])
        if state.supremacy is None:
            raise Rejected("Give the other players' {resource} totals first, to settle "
                           "supremacy", resource=SLOT_NAMES[state.step])
        if state.science_pending:
            raise Rejected("Choose your Science supremacy bonus first: a Financier or a General")


def _next_step(state: GameState, action: NextStep, catalog: CardSource) -> Events:
    _require_playing(state)
    _check_step_done(state)
    if state.phase is Phase.PLANNING:
        return _open_step(state, PRODUCTION_ORDER[0])
    if state.phase is Phase.PRODUCTION and state.step is not PRODUCTION_ORDER[-1]:
        assert state.step is not None
        return _open_step(state, PRODUCTION_ORDER[PRODUCTION_ORDER.index(state.step) + 1])
    if state.phase is Phase.PRODUCTION:
        tokens = {t: n for t, n in state.per_round_tokens().items() if n}
        if tokens:
            return _open_extra(state, tokens)
    return _close_round(state)


def _open_extra(state: GameState, tokens: dict[Token, int]) -> Events:
    state.phase = Phase.EXTRA
    state.step = None
    state.extra_tokens = tokens
    events: Events = []
    for token, amount in tokens.items():
        _gain(state, token, amount)
        events.append(Event("tokens", "Your cards produce {amount} {token}",
                            {"amount": amount, "token": SLOT_NAMES[token]}))
    return events


def _close_round(state: GameState) -> Events:
    if state.round == ROUNDS:
        raise Rejected("That was the last step of round 4: end the game to see the score")
    state.round += 1
    state.phase = Phase.PLANNING
    state.step = None
    state.produced = state.to_place = 0
    state.supremacy = None
    state.opponents = None
    state.extra_tokens = {}
    return [Event("round", "Round {round}: Planning", {"round": state.round})]


def _end(state: GameState, action: End, catalog: CardSource) -> Events:
    _require_playing(state)
    if state.round != ROUNDS or state.phase is Phase.PLANNING or (
        state.phase is Phase.PRODUCTION and state.step is not PRODUCTION_ORDER[-1]
    ):
        raise Rejected("The game ends after the last production step of round 4")
    _check_step_done(state)
    if state.phase is Phase.PRODUCTION and any(state.per_round_tokens().values()):
        raise Rejected("Your cards still produce Krystallium or characters this round: "
                       "go to the next step first")
    state.phase = Phase.FINISHED
    state.step = None
    total = state.score().total
    return [Event("finished", Plural("Game over: {total} point", "Game over: {total} points",
                                     "total"), {"total": total})]


# --- what a new move must also respect -----------------------------------------------
#
# Games saved by earlier versions were never checked against the deck's copies, and a
# player's history must always open: so these rules refuse a move as it is played (and
# a new game as it is set up), never a saved game as it is replayed.


def check_new_move(state: GameState, action: Action, catalog: CardSource) -> None:
    """Refuse a move the box makes impossible: a card of which the deck holds no copy
    outside this Empire (built and under construction together)."""
    if isinstance(action, Construct) and state.phase is Phase.PLANNING:
        _check_copies(state, _card(catalog, action.card, state), 1)


def check_new_start(action: Start, catalog: CardSource) -> None:
    """Refuse a setup whose required cards ask for more copies than the deck holds."""
    for card_id in set(action.required):
        if isinstance(card_id, int) and not isinstance(card_id, bool):
            card = catalog.card(card_id)
            if action.required.count(card_id) > card.copies:
                _refuse_copies(card)


def _check_copies(state: GameState, card: Card, more: int) -> None:
    held = sum(1 for c in state.built if c.id == card.id) + sum(
        1 for c in state.under_construction if c.card.id == card.id)
    if held + more > card.copies:
        _refuse_copies(card)


def _refuse_copies(card: Card) -> None:
    raise Rejected(Plural("The deck has {copies} {card}, already in your Empire or under "
                          "construction",
                          "The deck has {copies} copies of {card}, all already in your Empire "
                          "or under construction", "copies"),
                   copies=card.copies, card=card.name)


Handler = Callable[[GameState, Any, CardSource], Events]
HANDLERS: dict[type, Handler] = {
    Construct: _construct,
    Recycle: _recycle,
    NextStep: _next_step,
    Opponents: _opponents,
    Rivals: _rivals,
    ChooseScience: _choose_science,
    Place: _place,
    SpendKrystallium: _spend_krystallium,
    PlaceCharacter: _place_character,
    Discard: _discard,
    End: _end,
}


def apply(state: GameState, action: Action, catalog: CardSource) -> Events:
    """Apply `action` to `state` in place. Handlers check before they change anything;
    `Game.play` still works on a copy so that a rejection can never leave a trace."""
    if isinstance(action, Start):
        raise Rejected("The game has already started")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise Rejected("Unknown action {action!r}", action=action)
    if state.finished:
        raise Rejected("The game is over: nothing more can be played")
    return handler(state, action, catalog)
