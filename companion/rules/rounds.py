"""How a round goes on: each production step opens, its supremacy is settled, War or
Peace cards produce their tokens in an extra step, then the next round's Planning, and
after the last step of round 4 the end of the game.

A step is done only when its cubes are placed, its supremacy is settled and a Science
bonus is chosen; the other players' totals are asked only when they can matter.
"""

from __future__ import annotations

from companion.rules.actions import ChooseScience, End, NextStep, Opponents, Rivals
from companion.rules.cards import PRODUCTION_ORDER, SUPREMACY_BONUS, Resource, Token
from companion.rules.construction import SLOT_NAMES
from companion.rules.errors import Refusal, Rejected
from companion.rules.moves import CardSource, Event, Events, gain, require_phase, require_playing
from companion.rules.plural import Plural
from companion.rules.production import produced
from companion.rules.state import ROUNDS, GameState, Phase
from companion.rules.supremacy import others_can_matter, supremacy_winners, wins_with_rivals


def opponents(state: GameState, action: Opponents, catalog: CardSource) -> Events:
    if state.solo:
        raise Rejected(Refusal.PLAYER_COUNT, "In a solo game there are no other players' totals")
    require_phase(state, Phase.PRODUCTION,
                  "Other players' totals are given during a production step, not {phase}")
    _require_unsettled(state, settled_ok=state.opponents is None)
    totals = tuple(action.totals)
    if len(totals) != state.players - 1:
        raise Rejected(Refusal.PLAYER_COUNT,
                       Plural("Give the total of the {others} other player, not {count}",
                              "Give the totals of the {others} other players, not {count}",
                              "others"),
                       others=state.players - 1, count=len(totals))
    for total in totals:
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 999:
            raise Rejected(Refusal.BAD_NUMBER,
                           "A production total is a whole number from 0, not {total}",
                           total=total)
    state.opponents = totals
    return _settle_supremacy(state, 0 in supremacy_winners((state.produced, *totals)))


def _require_unsettled(state: GameState, *, settled_ok: bool = False) -> None:
    """The others' answer is given once a step. A step your 0 settled when it opened
    still takes their totals once (games saved before it settled itself had them)."""
    answered = state.opponents is not None or (
        state.supremacy is not None and others_can_matter(state.produced, state.players))
    if answered or (state.supremacy is not None and not settled_ok):
        raise Rejected(Refusal.SUPREMACY,
                       "The other players' totals for this step are already given: "
                       "undo to correct them")


def rivals(state: GameState, action: Rivals, catalog: CardSource) -> Events:
    if state.solo:
        raise Rejected(Refusal.PLAYER_COUNT, "In a solo game there are no other players' totals")
    require_phase(state, Phase.PRODUCTION,
                  "Other players' totals are given during a production step, not {phase}")
    if not others_can_matter(state.produced, state.players):
        raise Rejected(Refusal.SUPREMACY,
                       "Your total is 0: no other total can give you the supremacy")
    _require_unsettled(state)
    return _settle_supremacy(state, wins_with_rivals(state.produced, state.players,
                                                     action.reaching))


def choose_science(state: GameState, action: ChooseScience, catalog: CardSource) -> Events:
    if not state.science_pending:
        raise Rejected(Refusal.SUPREMACY, "There is no Science supremacy bonus to choose now")
    token = {"Fin": Token.FINANCIER, "Gen": Token.GENERAL}.get(action.token)
    if token is None:
        raise Rejected(Refusal.NOT_AN_OPTION,
                       "Science supremacy gives a Financier (Fin) or a General (Gen)")
    state.science_pending = False
    gain(state, token, 1)
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
    gain(state, bonus, 1)
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
            raise Rejected(Refusal.STEP_UNFINISHED,
                           Plural("Place the {left} remaining {resource} cube first, on a "
                                  "card or on your Empire",
                                  "Place the {left} remaining {resource} cubes first, on a card "
                                  "or on your Empire", "left"), left=state.to_place,
                           resource=SLOT_NAMES[state.step])
        if state.supremacy is None:
            raise Rejected(Refusal.STEP_UNFINISHED,
                           "Give the other players' {resource} totals first, to settle "
                           "supremacy", resource=SLOT_NAMES[state.step])
        if state.science_pending:
            raise Rejected(Refusal.STEP_UNFINISHED,
                           "Choose your Science supremacy bonus first: a Financier or a General")


def next_step(state: GameState, action: NextStep, catalog: CardSource) -> Events:
    require_playing(state)
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
        gain(state, token, amount)
        events.append(Event("tokens", "Your cards produce {amount} {token}",
                            {"amount": amount, "token": SLOT_NAMES[token]}))
    return events


def _close_round(state: GameState) -> Events:
    if state.round == ROUNDS:
        raise Rejected(Refusal.GAME_OVER,
                       "That was the last step of round 4: end the game to see the score")
    state.round += 1
    state.phase = Phase.PLANNING
    state.step = None
    state.produced = state.to_place = 0
    state.supremacy = None
    state.opponents = None
    state.extra_tokens = {}
    state.drafted = 0
    return [Event("round", "Round {round}: Planning", {"round": state.round})]


def end(state: GameState, action: End, catalog: CardSource) -> Events:
    require_playing(state)
    if state.round != ROUNDS or state.phase is Phase.PLANNING or (
        state.phase is Phase.PRODUCTION and state.step is not PRODUCTION_ORDER[-1]
    ):
        raise Rejected(Refusal.GAME_NOT_OVER,
                       "The game ends after the last production step of round 4")
    _check_step_done(state)
    if state.phase is Phase.PRODUCTION and any(state.per_round_tokens().values()):
        raise Rejected(Refusal.STEP_UNFINISHED,
                       "Your cards still produce Krystallium or characters this round: "
                       "go to the next step first")
    state.phase = Phase.FINISHED
    state.step = None
    total = state.score().total
    return [Event("finished", Plural("Game over: {total} point", "Game over: {total} points",
                                     "total"), {"total": total})]
