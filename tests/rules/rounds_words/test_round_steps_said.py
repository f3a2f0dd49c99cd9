"""A round's steps as the player reads them: every event of `rounds` with its words and
parameters, and every refusal with its kind and whole message.

The states are built by hand where a real game would take many moves to reach them
(round 4, a War or Peace tableau); what matters is what the step says and changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.rules import rounds
from companion.rules.actions import ChooseScience, End, NextStep, Opponents, Rivals
from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.moves import Event
from companion.rules.state import GameState, Phase
from companion.shipped.catalog import Catalog

M, E, S, G, X = (Resource.MATERIALS, Resource.ENERGY, Resource.SCIENCE, Resource.GOLD,
                 Resource.EXPLORATION)
Handler = Callable[..., list[Event]]
"""A step handler of `rounds`: (state, action, catalog) -> its events."""


def state(cards: Catalog, **fields: Any) -> GameState:
    """Noram States (face B unless `face`: M2 E1 S1) with the cards named in `built`, at a
    table of `players` (3 unless said; 1 is solo); the other fields as given."""
    players = fields.pop("players", 3)
    made = GameState(mode="solo" if players == 1 else "table", players=players,
                     empire=cards.empire("Noram States", fields.pop("face", "B")),
                     scenario=None, expansions=("base", "wop"),
                     built=[cards.card(n) for n in fields.pop("built", ())])
    for name, value in fields.items():
        setattr(made, name, value)
    return made


def said(events: list[Event]) -> list[tuple[str, str, dict[str, object]]]:
    return [(event.kind, str(event), event.params) for event in events]


PRODUCING = {"phase": Phase.PRODUCTION, "step": M, "produced": 2}
NOT_SOLO = "In a solo game there are no other players' totals"
ALREADY = "The other players' totals for this step are already given: undo to correct them"


@pytest.mark.parametrize(("players", "fields", "handler", "action", "kind", "message"), [
    (1, PRODUCING, rounds.opponents, Opponents(()), Refusal.PLAYER_COUNT, NOT_SOLO),
    (1, PRODUCING, rounds.rivals, Rivals(0), Refusal.PLAYER_COUNT, NOT_SOLO),
    (3, {}, rounds.opponents, Opponents((1, 1)), Refusal.WRONG_PHASE,
     "Other players' totals are given during a production step, not Planning"),
    (3, {"phase": Phase.EXTRA}, rounds.rivals, Rivals(0), Refusal.WRONG_PHASE,
     "Other players' totals are given during a production step, not the War or Peace step"),
    (3, {**PRODUCING, "opponents": (1, 1), "supremacy": True}, rounds.opponents,
     Opponents((1, 1)), Refusal.SUPREMACY, ALREADY),
    (3, {**PRODUCING, "supremacy": False}, rounds.opponents, Opponents((1, 1)),
     Refusal.SUPREMACY, ALREADY),  # settled by Rivals: the totals were asked already
    (3, {**PRODUCING, "opponents": (1, 1)}, rounds.rivals, Rivals(0), Refusal.SUPREMACY,
     ALREADY),
    (3, {**PRODUCING, "supremacy": True}, rounds.rivals, Rivals(0), Refusal.SUPREMACY,
     ALREADY),
    (3, {**PRODUCING, "produced": 0, "supremacy": False, "opponents": (0, 0)},
     rounds.opponents, Opponents((1, 1)), Refusal.SUPREMACY, ALREADY),
    (3, {**PRODUCING, "produced": 0, "supremacy": False}, rounds.rivals, Rivals(0),
     Refusal.SUPREMACY, "Your total is 0: no other total can give you the supremacy"),
    (3, {**PRODUCING, "produced": 0}, rounds.rivals, Rivals(0), Refusal.SUPREMACY,
     "Your total is 0: no other total can give you the supremacy"),
    (3, PRODUCING, rounds.opponents, Opponents((1,)), Refusal.PLAYER_COUNT,
     "Give the totals of the 2 other players, not 1"),
    (3, PRODUCING, rounds.opponents, Opponents(()), Refusal.PLAYER_COUNT,
     "Give the totals of the 2 other players, not 0"),
    (2, PRODUCING, rounds.opponents, Opponents((1, 2)), Refusal.PLAYER_COUNT,
     "Give the total of the 1 other player, not 2"),
    (3, PRODUCING, rounds.opponents, Opponents((1, -1)), Refusal.BAD_NUMBER,
     "A production total is a whole number from 0, not -1"),
    (3, PRODUCING, rounds.opponents, Opponents((1000, 1)), Refusal.BAD_NUMBER,
     "A production total is a whole number from 0, not 1000"),
    (3, PRODUCING, rounds.opponents, Opponents((True, 1)), Refusal.BAD_NUMBER,
     "A production total is a whole number from 0, not True"),
    (3, PRODUCING, rounds.opponents, Opponents((1, 2.5)), Refusal.BAD_NUMBER,  # type: ignore[arg-type]
     "A production total is a whole number from 0, not 2.5"),
    (1, PRODUCING, rounds.choose_science, ChooseScience("Fin"), Refusal.SUPREMACY,
     "There is no Science supremacy bonus to choose now"),
    (1, {**PRODUCING, "step": S, "science_pending": True}, rounds.choose_science,
     ChooseScience("K"), Refusal.NOT_AN_OPTION,  # type: ignore[arg-type]
     "Science supremacy gives a Financier (Fin) or a General (Gen)"),
])
def test_a_refused_answer_says_why_and_changes_nothing(
        cards: Catalog, players: int, fields: dict[str, object], handler: Handler,
        action: object, kind: Refusal, message: str) -> None:
    game = state(cards, players=players, **fields)
    before = game.copy()
    with pytest.raises(Rejected) as refused:
        handler(game, action, cards)
    assert (refused.value.kind, str(refused.value)) == (kind, message)
    assert game == before


@pytest.mark.parametrize(("totals", "won"), [
    ((0, 999), False), ((1, 1), True), ((2, 1), False), ((0, 0), True),
])
def test_totals_from_0_to_999_are_taken(cards: Catalog, totals: tuple[int, int],
                                        won: bool) -> None:
    game = state(cards, **PRODUCING)
    rounds.opponents(game, Opponents(totals), cards)
    assert (game.opponents, game.supremacy) == (totals, won)


def test_a_zero_step_takes_the_totals_once_as_older_games_gave_them(cards: Catalog) -> None:
    """Your 0 settled the step when it opened; a saved game may still give the totals."""
    game = state(cards, **{**PRODUCING, "produced": 0, "supremacy": False})
    assert said(rounds.opponents(game, Opponents((3, 0)), cards)) == [
        ("no-supremacy", "No Materials supremacy bonus this round",
         {"resource": "Materials", "total": 0})]
    assert (game.opponents, game.supremacy) == ((3, 0), False)


@pytest.mark.parametrize(("players", "step", "produced", "answer", "events", "tokens"), [
    (3, M, 2, Opponents((1, 0)), [("supremacy", "Materials supremacy: you take 1 Financier",
                                   {"resource": "Materials", "token": "Financier"})], (1, 0)),
    (3, E, 2, Opponents((2, 0)), [("no-supremacy", "No Energy supremacy bonus this round",
                                   {"resource": "Energy", "total": 2})], (0, 0)),
    (2, G, 4, Rivals(0), [("supremacy", "Gold supremacy: you take 1 Financier",
                           {"resource": "Gold", "token": "Financier"})], (1, 0)),
    (3, X, 1, Rivals(0), [("supremacy", "Exploration supremacy: you take 1 General",
                           {"resource": "Exploration", "token": "General"})], (0, 1)),
    (3, X, 1, Rivals(1), [("no-supremacy", "No Exploration supremacy bonus this round",
                           {"resource": "Exploration", "total": 1})], (0, 0)),
    (6, E, 3, Rivals(1), [("supremacy", "Energy supremacy: you take 1 General",
                           {"resource": "Energy", "token": "General"})], (0, 1)),
    (6, E, 3, Rivals(2), [("no-supremacy", "No Energy supremacy bonus this round",
                           {"resource": "Energy", "total": 3})], (0, 0)),
    (3, S, 3, Opponents((2, 2)), [("supremacy-choice",
                                   "Science supremacy: choose a Financier or a General",
                                   {"resource": "Science"})], (0, 0)),
])
def test_the_others_answer_settles_the_step(
        cards: Catalog, players: int, step: Resource, produced: int, answer: object,
        events: list[tuple[str, str, dict[str, object]]], tokens: tuple[int, int]) -> None:
    game = state(cards, players=players, phase=Phase.PRODUCTION, step=step,
                 produced=produced, financiers=0, generals=0)
    handler: Handler = rounds.opponents if isinstance(answer, Opponents) else rounds.rivals
    assert said(handler(game, answer, cards)) == events
    assert (game.financiers, game.generals) == tokens
    assert game.supremacy is (events[0][0] != "no-supremacy")
    assert game.science_pending is (events[0][0] == "supremacy-choice")


@pytest.mark.parametrize(("code", "token", "held"), [
    ("Fin", "Financier", (1, 0)), ("Gen", "General", (0, 1)),
])
def test_the_science_bonus_is_the_one_chosen(cards: Catalog, code: str, token: str,
                                             held: tuple[int, int]) -> None:
    game = state(cards, players=1, phase=Phase.PRODUCTION, step=S, science_pending=True)
    events = rounds.choose_science(game, ChooseScience(code), cards)  # type: ignore[arg-type]
    assert said(events) == [("supremacy", f"Science supremacy: you take 1 {token}",
                             {"token": token})]
    assert (game.financiers, game.generals, game.science_pending) == (*held, False)


@pytest.mark.parametrize(("players", "face", "built", "step", "events", "settled"), [
    # solo: the bonus needs 5 (Noram A M3 + Recycling Plant M2)
    (1, "A", ("Recycling Plant",), M, [
        ("step", "Materials: you produce 5", {"resource": "Materials", "total": 5}),
        ("supremacy", "Materials supremacy: you take 1 Financier",
         {"resource": "Materials", "token": "Financier"})], True),
    (1, "B", ("Recycling Plant",), M, [
        ("step", "Materials: you produce 4", {"resource": "Materials", "total": 4}),
        ("no-supremacy", "No Materials supremacy bonus this round",
         {"resource": "Materials", "total": 4})], False),
    (1, "B", ("Research Center", "Research Center"), S, [
        ("step", "Science: you produce 5", {"resource": "Science", "total": 5}),
        ("supremacy-choice", "Science supremacy: choose a Financier or a General",
         {"resource": "Science"})], True),
    (1, "B", (), G, [
        ("step", "Gold: you produce 0", {"resource": "Gold", "total": 0}),
        ("no-supremacy", "No Gold supremacy bonus this round",
         {"resource": "Gold", "total": 0})], False),
    # at a table a 0 is settled at once; any other total waits for the others
    (3, "B", (), G, [
        ("step", "Gold: you produce 0", {"resource": "Gold", "total": 0}),
        ("no-supremacy", "No Gold supremacy bonus this round",
         {"resource": "Gold", "total": 0})], False),
    (3, "B", ("Recycling Plant",), M, [
        ("step", "Materials: you produce 4", {"resource": "Materials", "total": 4})], None),
])
def test_a_step_opens_with_its_production_and_what_it_can_settle(
        cards: Catalog, players: int, face: str, built: tuple[str, ...], step: Resource,
        events: list[tuple[str, str, dict[str, object]]], settled: bool | None) -> None:
    before = {M: Phase.PLANNING, E: M, S: E, G: S, X: G}[step]
    fields: dict[str, object] = ({} if before is Phase.PLANNING else
                                 {"phase": Phase.PRODUCTION, "step": before})
    game = state(cards, players=players, face=face, built=built, supremacy=True,
                 opponents=(9, 9) if fields else None, **fields)
    assert said(rounds.next_step(game, NextStep(), cards)) == events
    total = events[0][2]["total"]
    assert (game.phase, game.step, game.produced, game.to_place) == (
        Phase.PRODUCTION, step, total, total)
    assert game.supremacy is settled
    assert game.opponents is None
    assert game.science_pending is (events[-1][0] == "supremacy-choice")
    assert (game.financiers, game.generals) == (int(events[-1][0] == "supremacy"), 0)


def test_the_steps_follow_the_production_order_then_the_next_round(cards: Catalog) -> None:
    game = state(cards, players=1, round=2, drafted=6)
    heard = []
    for _ in range(6):
        heard.append(str(rounds.next_step(game, NextStep(), cards)[0]))
        game.to_place = 0
    assert heard == ["Materials: you produce 2", "Energy: you produce 1",
                     "Science: you produce 1", "Gold: you produce 0",
                     "Exploration: you produce 0", "Round 3: Planning"]


UNFINISHED = [
    ({"to_place": 3, "supremacy": True}, M,
     "Place the 3 remaining Materials cubes first, on a card or on your Empire"),
    ({"to_place": 1, "supremacy": True}, E,
     "Place the 1 remaining Energy cube first, on a card or on your Empire"),
    ({"to_place": 0}, G, "Give the other players' Gold totals first, to settle supremacy"),
    ({"to_place": 0, "supremacy": True, "science_pending": True}, S,
     "Choose your Science supremacy bonus first: a Financier or a General"),
]


@pytest.mark.parametrize(("fields", "step", "message"), UNFINISHED)
def test_a_step_is_left_only_when_done(cards: Catalog, fields: dict[str, object],
                                       step: Resource, message: str) -> None:
    game = state(cards, phase=Phase.PRODUCTION, step=step, **fields)
    before = game.copy()
    with pytest.raises(Rejected) as refused:
        rounds.next_step(game, NextStep(), cards)
    assert (refused.value.kind, str(refused.value)) == (Refusal.STEP_UNFINISHED, message)
    assert game == before


@pytest.mark.parametrize(("fields", "message"), [
    ({"to_place": 2, "supremacy": True},
     "Place the 2 remaining Exploration cubes first, on a card or on your Empire"),
    ({"to_place": 0}, "Give the other players' Exploration totals first, to settle supremacy"),
])
def test_the_game_ends_only_when_its_last_step_is_done(
        cards: Catalog, fields: dict[str, object], message: str) -> None:
    game = state(cards, round=4, phase=Phase.PRODUCTION, step=X, **fields)
    with pytest.raises(Rejected) as refused:
        rounds.end(game, End(), cards)
    assert (refused.value.kind, str(refused.value)) == (Refusal.STEP_UNFINISHED, message)


def test_war_or_peace_cards_produce_in_an_extra_step(cards: Catalog) -> None:
    game = state(cards, built=("Tower of Babel", "Cargo Fleet", "Security Ships"),
                 phase=Phase.PRODUCTION, step=X, supremacy=False, krystallium=1)
    assert said(rounds.next_step(game, NextStep(), cards)) == [
        ("tokens", "Your cards produce 2 Krystallium", {"amount": 2, "token": "Krystallium"}),
        ("tokens", "Your cards produce 1 Financier", {"amount": 1, "token": "Financier"}),
        ("tokens", "Your cards produce 1 General", {"amount": 1, "token": "General"})]
    assert (game.phase, game.step, game.extra_tokens) == (
        Phase.EXTRA, None, {Token.KRYSTALLIUM: 2, Token.FINANCIER: 1, Token.GENERAL: 1})
    assert (game.krystallium, game.financiers, game.generals) == (3, 1, 1)


def test_an_extra_step_lists_only_what_is_produced(cards: Catalog) -> None:
    game = state(cards, built=("Headquarters",), phase=Phase.PRODUCTION, step=X,
                 supremacy=False)
    assert said(rounds.next_step(game, NextStep(), cards)) == [
        ("tokens", "Your cards produce 2 General", {"amount": 2, "token": "General"})]
    assert game.extra_tokens == {Token.GENERAL: 2}


@pytest.mark.parametrize("fields", [
    {"phase": Phase.EXTRA, "extra_tokens": {Token.GENERAL: 2}},
    {"phase": Phase.PRODUCTION, "step": X, "supremacy": False},
])
def test_a_round_closes_into_the_next_planning(cards: Catalog,
                                               fields: dict[str, object]) -> None:
    game = state(cards, round=3, drafted=7, produced=2, to_place=0, opponents=(1, 1),
                 **fields)
    assert said(rounds.next_step(game, NextStep(), cards)) == [
        ("round", "Round 4: Planning", {"round": 4})]
    assert game == state(cards, round=4)


@pytest.mark.parametrize("fields", [
    {"phase": Phase.EXTRA, "extra_tokens": {Token.GENERAL: 2}},
    {"phase": Phase.PRODUCTION, "step": X, "supremacy": False},
])
def test_round_4_closes_only_by_ending_the_game(cards: Catalog,
                                                fields: dict[str, object]) -> None:
    game = state(cards, round=4, **fields)
    with pytest.raises(Rejected) as refused:
        rounds.next_step(game, NextStep(), cards)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.GAME_OVER, "That was the last step of round 4: end the game to see the score")


NOT_OVER = "The game ends after the last production step of round 4"


@pytest.mark.parametrize(("fields", "kind", "message"), [
    ({"round": 3, "phase": Phase.PRODUCTION, "step": X, "supremacy": False},
     Refusal.GAME_NOT_OVER, NOT_OVER),
    ({"round": 3, "phase": Phase.EXTRA}, Refusal.GAME_NOT_OVER, NOT_OVER),
    ({"round": 4}, Refusal.GAME_NOT_OVER, NOT_OVER),
    ({"round": 4, "phase": Phase.PRODUCTION, "step": G, "supremacy": False},
     Refusal.GAME_NOT_OVER, NOT_OVER),
    ({"round": 4, "phase": Phase.PRODUCTION, "step": X, "supremacy": False,
      "built": ("Cargo Fleet",)}, Refusal.STEP_UNFINISHED,
     "Your cards still produce Krystallium or characters this round: go to the next step "
     "first"),
    ({"round": 4, "phase": Phase.FINISHED}, Refusal.GAME_OVER,
     "The game is over: nothing more can be played"),
])
def test_the_game_ends_after_round_4_only(cards: Catalog, fields: dict[str, object],
                                          kind: Refusal, message: str) -> None:
    game = state(cards, **fields)
    with pytest.raises(Rejected) as refused:
        rounds.end(game, End(), cards)
    assert (refused.value.kind, str(refused.value)) == (kind, message)


def test_nothing_follows_the_end(cards: Catalog) -> None:
    game = state(cards, round=4, phase=Phase.FINISHED)
    with pytest.raises(Rejected) as refused:
        rounds.next_step(game, NextStep(), cards)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.GAME_OVER, "The game is over: nothing more can be played")


@pytest.mark.parametrize(("fields", "words", "total"), [
    ({"generals": 1}, "Game over: 1 point", 1),
    ({}, "Game over: 0 points", 0),
    ({"generals": 2, "financiers": 1}, "Game over: 3 points", 3),
])
def test_the_end_says_the_score(cards: Catalog, fields: dict[str, object], words: str,
                                total: int) -> None:
    for where in ({"phase": Phase.EXTRA, "built": ("Cargo Fleet",)},
                  {"phase": Phase.PRODUCTION, "step": X, "supremacy": False}):
        game = state(cards, round=4, **where, **fields)
        assert said(rounds.end(game, End(), cards)) == [("finished", words, {"total": total})]
        assert (game.phase, game.step) == (Phase.FINISHED, None)


def test_a_copy_is_the_whole_state_and_its_own(cards: Catalog) -> None:
    """`Game.play` applies a move to a copy and keeps it: a field the copy dropped (a
    scenario, the extra step's tokens) would vanish from the game at its next move."""
    game = state(cards, built=("Cargo Fleet",), phase=Phase.EXTRA, round=2, krystallium=2,
                 scenario="1", extra_tokens={Token.FINANCIER: 1}, opponents=(1, 2),
                 supremacy=True, science_pending=True, drafted=3, produced=4, to_place=1)
    copied = game.copy()
    assert copied == game
    assert (copied.scenario, copied.extra_tokens) == ("1", {Token.FINANCIER: 1})
    copied.extra_tokens[Token.GENERAL] = 1
    copied.built.append(cards.card("Zeppelin"))
    copied.ledger.produced += 1
    assert (game.extra_tokens, len(game.built), game.ledger.produced) == (
        {Token.FINANCIER: 1}, 1, 0)
