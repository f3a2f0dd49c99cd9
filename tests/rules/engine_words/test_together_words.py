"""What any move is refused for before its own rule is read (a second setup, an action
the rules do not know, a game over), and one tap's moves played together: their events
in order, the state they leave, and each refusal of the whole with its sentence."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_states import (
    FINANCIAL_CENTER,
    GIANT_TOWER,
    ZEPPELIN,
    E,
    M,
    planning,
    producing,
    refused,
    told,
)

from companion.rules.actions import (
    MAX_PARTS,
    Construct,
    Discard,
    End,
    NextStep,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
    Start,
    Together,
)
from companion.rules.engine import HANDLERS, apply
from companion.rules.errors import Refusal, Rejected
from companion.rules.moves import require_phase
from companion.rules.state import Phase
from companion.shipped.catalog import Catalog

OVER = "The game is over: nothing more can be played"


@pytest.mark.parametrize(("action", "finished", "kind", "message"), [
    (Start(empire="Noram States"), False, Refusal.ALREADY_STARTED,
     "The game has already started"),
    (Start(empire="Noram States"), True, Refusal.ALREADY_STARTED,
     "The game has already started"),
    ("construct", False, Refusal.MALFORMED, "Unknown action 'construct'"),
    ("construct", True, Refusal.MALFORMED, "Unknown action 'construct'"),
    (Construct(ZEPPELIN), True, Refusal.GAME_OVER, OVER),
    (Place(), True, Refusal.GAME_OVER, OVER),
    (Together((Place(),)), True, Refusal.GAME_OVER, OVER),
], ids=["setup", "setup when over", "unknown", "unknown when over", "construct when over",
        "place when over", "together when over"])
def test_a_move_refused_whatever_its_own_rule_says_why(
        cards: Catalog, action: Any, finished: bool, kind: Refusal, message: str) -> None:
    state = producing(cards, E, 1)
    if finished:
        state.phase, state.step = Phase.FINISHED, None
    assert refused(state, action, cards) == (kind, message)


OVER_FOR_EACH_HANDLER: list[tuple[Any, Refusal, str]] = [
    (Place(), Refusal.WRONG_PHASE,
     "Cubes are placed during a production step, not during the end of the game"),
    (SpendKrystallium(onto=1, slot="E"), Refusal.GAME_OVER, OVER),
    (PlaceCharacter(onto=1, token="Fin"), Refusal.GAME_OVER, OVER),
    (Discard(1), Refusal.GAME_OVER, OVER),
    (NextStep(), Refusal.GAME_OVER, OVER),
    (End(), Refusal.GAME_OVER, OVER),
]


@pytest.mark.parametrize(("action", "kind", "message"), OVER_FOR_EACH_HANDLER,
                         ids=[type(case[0]).__name__ for case in OVER_FOR_EACH_HANDLER])
def test_each_handler_refuses_a_game_over_on_its_own(
        cards: Catalog, action: Any, kind: Refusal, message: str) -> None:
    """The table of handlers is public: each refuses a finished game whoever calls it."""
    state = producing(cards, E, 1, ZEPPELIN, krystallium=1, financiers=1)
    state.phase, state.step = Phase.FINISHED, None
    with pytest.raises(Rejected) as refusal:
        HANDLERS[type(action)](state, action, cards)
    assert (refusal.value.kind, str(refusal.value)) == (kind, message)


@pytest.mark.parametrize(("phase", "name"), [
    (Phase.PLANNING, "Planning"), (Phase.PRODUCTION, "Production"),
    (Phase.EXTRA, "the War or Peace step"), (Phase.FINISHED, "the end of the game")])
def test_a_move_out_of_its_phase_names_the_phase_it_is(
        cards: Catalog, phase: Phase, name: str) -> None:
    state = planning(cards, phase=phase)
    with pytest.raises(Rejected) as refusal:
        require_phase(state, Phase.PRODUCTION if phase is Phase.PLANNING else Phase.PLANNING,
                      "Not now: this is {phase}")
    assert (refusal.value.kind, str(refusal.value), refusal.value.params) == (
        Refusal.WRONG_PHASE, f"Not now: this is {name}", {"phase": name})


def test_a_move_in_its_phase_passes(cards: Catalog) -> None:
    require_phase(planning(cards), Phase.PLANNING, "Not now: this is {phase}")


def test_one_tap_tells_what_each_of_its_moves_did_in_order(cards: Catalog) -> None:
    state = producing(cards, E, 4, FINANCIAL_CENTER, ZEPPELIN, GIANT_TOWER, empire_cubes=4,
                      krystallium=1, financiers=2)
    state.under_construction[0].fill(M, M, 4)
    one_by_one = state.copy()
    parts = (Place(onto=1), Place(), Place(onto=2, count=1),
             SpendKrystallium(onto=2, slot="E"), PlaceCharacter(onto=3, token="Fin"))
    events = apply(state, Together(parts), cards)
    assert told(events) == [
        ("built", "Financial Center is built and joins your Empire",
         {"card": "Financial Center", "uid": 1}),
        ("bonus", "Financial Center gives 1 Financier",
         {"card": "Financial Center", "amount": 1, "token": "Financier"}),
        ("krystallium", "5 cubes on your Empire became 1 Krystallium",
         {"cubes": 5, "amount": 1, "left": 0, "held": 2}),
        ("built", "Zeppelin is built and joins your Empire", {"card": "Zeppelin", "uid": 2}),
    ]
    for part in parts:
        apply(one_by_one, part, cards)
    assert state == one_by_one
    assert (state.to_place, state.krystallium, state.financiers, state.empire_cubes) == (
        1, 1, 2, 0)
    assert [c.name for c in state.built] == ["Financial Center", "Zeppelin"]


def test_a_tap_of_the_most_moves_allowed_is_played(cards: Catalog) -> None:
    state = producing(cards, E, MAX_PARTS)
    events = apply(state, Together((Place(),) * MAX_PARTS), cards)
    assert [e.params["held"] for e in events] == list(range(1, MAX_PARTS // 5 + 1))
    assert (state.to_place, state.krystallium, state.ledger.produced) == (0, 10, 50)


TAP_REFUSALS: list[tuple[str, Any, Refusal, str]] = [
    ("no move", Together(()), Refusal.NOTHING_TO_DO,
     "No move to make together: nothing was played"),
    ("one move too many", Together((Place(),) * (MAX_PARTS + 1)), Refusal.TOO_LONG,
     "At most 50 moves are made at once, not 51"),
    ("a card played in a tap", Together((Place(), Construct(ZEPPELIN))),  # type: ignore[arg-type]
     Refusal.MALFORMED, "Only cubes and tokens put on cards are played together, not Construct"),
    ("a recycled card in a tap", Together((Recycle(ZEPPELIN),)),  # type: ignore[arg-type]
     Refusal.MALFORMED, "Only cubes and tokens put on cards are played together, not Recycle"),
    ("its last move refused", Together((Place(onto=1), Place(count=2))), Refusal.NOT_HELD,
     "Only 1 Energy cube is left to place, not 2"),
    ("its first move refused", Together((PlaceCharacter(onto=2, token="Gen"), Place())),
     Refusal.NOT_HELD, "You hold 0 General tokens, not 1"),
]


@pytest.mark.parametrize(("action", "kind", "message"), [case[1:] for case in TAP_REFUSALS],
                         ids=[case[0] for case in TAP_REFUSALS])
def test_a_tap_refused_is_refused_whole_and_says_why(
        cards: Catalog, action: Together, kind: Refusal, message: str) -> None:
    state = producing(cards, E, 2, FINANCIAL_CENTER, GIANT_TOWER)
    assert refused(state, action, cards) == (kind, message)
