"""Applies one action to a game state, or rejects it with the reason.

Each handler checks everything first and changes the state only after; `Game.play`
additionally works on a copy, so a rejected action never leaves a trace. Handlers
return events (a card built, Krystallium gained, a supremacy bonus…) so the app can
announce what the rules did on the player's behalf.

Here are the setup and the player's moves on cards (several of them made with one tap
are one `Together`, applied whole or not at all); what every move shares (events,
checks, a card built) is in `companion.rules.moves`, and the round's steps (production,
supremacy, the next round, the end) in `companion.rules.rounds`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from companion.rules.actions import (
    MAX_PARTS,
    PART_TYPES,
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
    Together,
)
from companion.rules.cards import Card, Expansion, Token, slot_kind
from companion.rules.construction import SLOT_NAMES
from companion.rules.errors import Refusal, Rejected
from companion.rules.moves import (
    EXPANSION_TITLES,
    MAX_COUNT,
    PHASE_NAMES,
    CardSource,
    Event,
    Events,
    add_construction,
    card_under_construction,
    check_free,
    checked_count,
    fill,
    gain,
    game_card,
    require_phase,
    require_playing,
    to_empire,
)
from companion.rules.planning import check_round_limit
from companion.rules.plural import Plural
from companion.rules.rounds import choose_science, end, next_step, opponents, rivals
from companion.rules.state import GameState, Phase
from companion.rules.supremacy import max_players

__all__ = [
    "EXPANSION_NAMES",
    "EXPANSION_TITLES",
    "HANDLERS",
    "MAX_COUNT",
    "PHASE_NAMES",
    "CardSource",
    "Event",
    "Events",
    "Handler",
    "apply",
    "check_new_move",
    "check_new_start",
    "check_own_copies",
    "start_state",
]
"""Names the app imports from here; `MAX_COUNT`, `PHASE_NAMES`, `EXPANSION_TITLES`,
`CardSource` and `Event` live in `companion.rules.moves`."""


# --- start ----------------------------------------------------------------------------

EXPANSION_NAMES = {e.value: e for e in Expansion}


def start_state(action: Start, catalog: CardSource) -> tuple[GameState, Events]:
    """The state after setup, with a scenario's required cards already under construction."""
    expansions = _expansions(action.expansions)
    _check_players(action, expansions)
    if not isinstance(action.face, str) or not action.face.strip():
        raise Rejected(Refusal.EMPIRE_FACE, "Choose the Empire's face: A or B")
    empire = catalog.empire(action.empire, action.face, variants=action.variant_faces)
    if empire.expansion not in expansions:
        raise Rejected(
            Refusal.EXPANSION_MISSING,
            "{empire} comes with the {expansion} expansion: add it to the game first",
            empire=empire.name,
            expansion=EXPANSION_TITLES[empire.expansion],
        )
    if action.scenario is not None:
        if action.mode != "solo":
            raise Rejected(Refusal.PLAYER_COUNT, "Scenarios are solo games: choose 1 player")
        if empire.face != "B":
            raise Rejected(Refusal.EMPIRE_FACE,
                           "Scenarios are played with Empire face B, not face {face}",
                           face=empire.face)
        if not action.required:
            raise Rejected(Refusal.SETUP,
                           "Scenario {scenario} lists no required cards", scenario=action.scenario)
    elif action.required:
        raise Rejected(Refusal.SETUP, "Required cards come only with a scenario")
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
        card = game_card(catalog, card_id, state)
        events.append(add_construction(state, card))
    return state, events


def _expansions(names: tuple[str, ...]) -> list[Expansion]:
    found: list[Expansion] = [Expansion.BASE]
    for name in names:
        if name not in EXPANSION_NAMES:
            raise Rejected(
                Refusal.UNKNOWN_EXPANSION,
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
        raise Rejected(Refusal.NOT_AN_OPTION,
                       "The mode is solo or table, not {mode}", mode=action.mode)
    if isinstance(players, bool) or not isinstance(players, int):
        raise Rejected(Refusal.BAD_NUMBER, "The number of players must be a whole number")
    if action.mode == "solo" and players != 1:
        raise Rejected(Refusal.PLAYER_COUNT,
                       "A solo game has 1 player, not {players}", players=players)
    if action.mode == "table" and not 2 <= players <= 7:
        raise Rejected(Refusal.PLAYER_COUNT,
                       "A table game has 2 to 7 players, not {players}", players=players)
    if players > max_players(e.value for e in expansions):
        raise Rejected(Refusal.EXPANSION_MISSING,
                       "6 or 7 players need the Corruption & Ascension expansion")


# --- handlers -------------------------------------------------------------------------


def _construct(state: GameState, action: Construct, catalog: CardSource) -> Events:
    require_phase(state, Phase.PLANNING,
                  "Cards are put under construction during Planning, not during {phase}")
    card = game_card(catalog, action.card, state)
    state.drafted += 1
    return [add_construction(state, card)]


def _recycle(state: GameState, action: Recycle, catalog: CardSource) -> Events:
    require_phase(state, Phase.PLANNING, "Cards are recycled during Planning, not during {phase}")
    card = game_card(catalog, action.card, state)
    resource = card.recycle
    event = Event("recycle", "{card} recycled for {amount} {resource}",
                  {"card": card.name, "amount": 1, "resource": SLOT_NAMES[resource]})
    if action.onto is None:
        state.drafted += 1
        state.ledger.recycled += 1
        return [event, *to_empire(state, 1)]
    target = card_under_construction(state, action.onto)
    check_free(target, resource, 1)
    state.drafted += 1
    state.ledger.recycled += 1
    return [event, *fill(state, target, resource, resource, 1)]


def _place(state: GameState, action: Place, catalog: CardSource) -> Events:
    require_phase(state, Phase.PRODUCTION, "Cubes are placed during a production step, "
                  "not during {phase}")
    count = checked_count(action.count)
    assert state.step is not None
    name = SLOT_NAMES[state.step]
    if count > state.to_place:
        raise Rejected(Refusal.NOT_HELD,
                       Plural("Only {left} {resource} cube is left to place, not {count}",
                              "Only {left} {resource} cubes are left to place, not {count}",
                              "left"),
                       left=state.to_place, resource=name, count=count)
    events: Events
    if action.onto is None:
        state.to_place -= count
        state.ledger.produced += count
        events = to_empire(state, count)
    else:
        target = card_under_construction(state, action.onto)
        check_free(target, state.step, count)
        state.to_place -= count
        state.ledger.produced += count
        events = fill(state, target, state.step, state.step, count)
    return events


def _spend_krystallium(state: GameState, action: SpendKrystallium, catalog: CardSource) -> Events:
    require_playing(state)
    count = checked_count(action.count)
    try:
        slot = slot_kind(action.slot)
    except ValueError:
        raise Rejected(Refusal.NOT_AN_OPTION,
                       "'{slot}' is not a slot: use M, E, S, G, X or K",
                       slot=action.slot) from None
    if slot in (Token.FINANCIER, Token.GENERAL):
        raise Rejected(Refusal.WRONG_SLOT,
                       "Krystallium can never replace a {token}", token=SLOT_NAMES[slot])
    if count > state.krystallium:
        raise Rejected(Refusal.NOT_HELD,
                       "You hold {held} Krystallium, not {count}", held=state.krystallium,
                       count=count)
    target = card_under_construction(state, action.onto)
    check_free(target, slot, count)
    state.krystallium -= count
    return fill(state, target, slot, Token.KRYSTALLIUM, count)


def _place_character(state: GameState, action: PlaceCharacter, catalog: CardSource) -> Events:
    require_playing(state)
    count = checked_count(action.count)
    token = {"Fin": Token.FINANCIER, "Gen": Token.GENERAL}.get(action.token)
    if token is None:
        raise Rejected(Refusal.NOT_AN_OPTION,
                       "'{token}' is not a character: use Fin or Gen", token=action.token)
    held = state.tokens(token)
    if count > held:
        raise Rejected(Refusal.NOT_HELD,
                       Plural("You hold {held} {token} token, not {count}",
                              "You hold {held} {token} tokens, not {count}", "held"), held=held,
                       token=SLOT_NAMES[token], count=count)
    target = card_under_construction(state, action.onto)
    check_free(target, token, count)
    gain(state, token, -count)
    return fill(state, target, token, token, count)


def _discard(state: GameState, action: Discard, catalog: CardSource) -> Events:
    require_playing(state)
    target = card_under_construction(state, action.construction)
    state.under_construction.remove(target)
    state.ledger.lost += target.cubes()
    state.ledger.recycled += 1
    resource = target.card.recycle
    return [
        Event("discard", "{card} discarded: {amount} {resource} goes to your Empire",
              {"card": target.card.name, "amount": 1, "resource": SLOT_NAMES[resource],
               "uid": target.uid}),
        *to_empire(state, 1),
    ]


def _together(state: GameState, action: Together, catalog: CardSource) -> Events:
    """Several moves of one tap: each part in order, on a copy of the state, which is
    kept only if every part is allowed; a part refused refuses the whole step, with the
    part's own reason."""
    parts = action.parts
    if not parts:
        raise Rejected(Refusal.NOTHING_TO_DO, "No move to make together: nothing was played")
    if len(parts) > MAX_PARTS:
        raise Rejected(Refusal.TOO_LONG, "At most {limit} moves are made at once, not {count}",
                       limit=MAX_PARTS, count=len(parts))
    candidate = state.copy()
    events: Events = []
    for part in parts:
        if not isinstance(part, PART_TYPES):  # JSON cannot say so; Python code could
            raise Rejected(Refusal.MALFORMED, "Only cubes and tokens put on cards are played "
                           "together, not {action}", action=type(part).__name__)
        events += apply(candidate, part, catalog)
    for name in (f.name for f in fields(GameState)):
        setattr(state, name, getattr(candidate, name))
    return events


# --- what a new move must also respect -----------------------------------------------
#
# Games saved by earlier versions were never checked against the deck's copies, and a
# player's history must always open: so these rules refuse a move as it is played (and
# a new game as it is set up), never a saved game as it is replayed.


def check_new_move(state: GameState, action: Action, catalog: CardSource) -> None:
    """Refuse a move the box makes impossible: a card past the round's limit (7 drafted
    at a table, 10 in solo's two pools), or a card of which the deck holds no copy
    outside this Empire (built and under construction together)."""
    if isinstance(action, Construct | Recycle) and state.phase is Phase.PLANNING:
        check_round_limit(state)
    if isinstance(action, Construct) and state.phase is Phase.PLANNING:
        _check_copies(state, game_card(catalog, action.card, state), 1)


def check_new_start(action: Start, catalog: CardSource) -> None:
    """Refuse a setup whose required cards ask for more copies than the deck holds."""
    for card_id in set(action.required):
        if isinstance(card_id, int) and not isinstance(card_id, bool):
            card = catalog.card(card_id)
            if action.required.count(card_id) > card.copies:
                _refuse_copies(card)


def check_own_copies(state: GameState, card: Card) -> None:
    """Refuse one more `card` when this Empire already holds every copy the deck has
    (built and under construction): no copy is left to draft."""
    _check_copies(state, card, 1)


def _check_copies(state: GameState, card: Card, more: int) -> None:
    held = sum(1 for c in state.built if c.id == card.id) + sum(
        1 for c in state.under_construction if c.card.id == card.id)
    if held + more > card.copies:
        _refuse_copies(card)


def _refuse_copies(card: Card) -> None:
    raise Rejected(Refusal.NO_COPY_LEFT,
                   Plural("The deck has {copies} {card}, already in your Empire or under "
                          "construction",
                          "The deck has {copies} copies of {card}, all already in your Empire "
                          "or under construction", "copies"),
                   copies=card.copies, card=card.name)


Handler = Callable[[GameState, Any, CardSource], Events]
HANDLERS: dict[type, Handler] = {
    Construct: _construct,
    Recycle: _recycle,
    NextStep: next_step,
    Opponents: opponents,
    Rivals: rivals,
    ChooseScience: choose_science,
    Place: _place,
    SpendKrystallium: _spend_krystallium,
    PlaceCharacter: _place_character,
    Discard: _discard,
    End: end,
    Together: _together,
}


def apply(state: GameState, action: Action, catalog: CardSource) -> Events:
    """Apply `action` to `state` in place. Handlers check before they change anything;
    `Game.play` still works on a copy so that a rejection can never leave a trace."""
    if isinstance(action, Start):
        raise Rejected(Refusal.ALREADY_STARTED, "The game has already started")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise Rejected(Refusal.MALFORMED, "Unknown action {action!r}", action=action)
    if state.finished:
        raise Rejected(Refusal.GAME_OVER, "The game is over: nothing more can be played")
    return handler(state, action, catalog)
