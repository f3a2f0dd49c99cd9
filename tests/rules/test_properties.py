"""Property tests: the engine's promises hold for any sequence of actions, legal or not.

A game is only a list of actions replayed into state, so everything the app builds on
(undo, saved games, the conservation of cubes the player sees on the table) rests on a
few promises: replay is exact, undo then redo changes nothing, cubes and tokens come
and go only by a rule, production is never negative, and a bad action is refused with
the engine's own error and leaves no trace. Hypothesis throws random games at them:
mostly-legal players that reach the end of round 4, mixed with junk actions (unknown
or negative card numbers, missing cards, zero or huge counts, wrong phases, a second
setup, ending too early...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import (
    CATALOG,
    DataPicker,
    RandomPicker,
    Run,
    any_start,
    check_invariants,
    check_round_trips,
    check_undo_redo,
    junk_action,
    legal_action,
    play_game,
    snapshot,
    valid_start,
)

from companion.rules.actions import (
    ChooseScience,
    Construct,
    Discard,
    NextStep,
    Opponents,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
    Start,
    Together,
)
from companion.rules.cards import (
    PRODUCTION_ORDER,
    Card,
    CardType,
    EmpireFace,
    Expansion,
    Resource,
    SlotKind,
    Token,
)
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.production import per_round_tokens, produced, production, sources
from companion.rules.state import ROUNDS, Phase
from companion.usecases.scorer import score_input

CORRUPT = [card for card in CATALOG.cards if any(i.amount < 0 for i in card.production)]

# Fixed seeds and example counts: the suite must behave the same on every run and
# machine, and stay well under a minute on two cores.
FAST = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOWER = settings(FAST, max_examples=40)


# --- (e) anything but the engine's own error is a bug; a rejection leaves no trace -------


@FAST
@given(st.data())
def test_random_actions_raise_only_rejected_and_leave_no_trace(data: st.DataObject) -> None:
    pick = DataPicker(data)
    start = valid_start(pick)
    # Get to any point of a game first (planning, a step with cubes left, round 4, the
    # end) so that the junk below meets every phase, not only the first Planning.
    run = Run.start(start)
    legal = RandomPicker(pick.integer(0, 2**32 - 1))
    for _ in range(pick.integer(0, 200)):
        if run.game.state.finished or (run.game.state.to_place and legal.chance(30)):
            break
        run.play(legal_action(run.game, legal))
    check_invariants(run)
    for _ in range(pick.integer(1, 40)):
        roll = pick.integer(0, 99)
        if roll < 10:
            run.undo() if pick.chance(50) else run.redo()
        elif roll < 70 or run.game.state.finished:
            run.play(junk_action(run.game.state, pick))
        else:
            assert run.play(legal_action(run.game, pick))
        check_invariants(run)
    check_round_trips(run.game)


@FAST
@given(st.data())
def test_any_setup_starts_a_game_or_is_rejected(data: st.DataObject) -> None:
    pick = DataPicker(data)
    start = any_start(pick) if pick.chance(70) else valid_start(pick)
    try:
        game = Game.new(start, CATALOG)
    except Rejected as exc:
        assert str(exc) and isinstance(exc.kind, Refusal)
        return
    assert game.state.round == 1 and game.state.phase is Phase.PLANNING
    assert [c.card.id for c in game.state.under_construction] == list(start.required)
    check_round_trips(game)


@SLOWER
@given(st.integers(0, 2**32 - 1), st.data())
def test_corrupted_saves_load_or_are_rejected(seed: int, data: st.DataObject) -> None:
    """A save edited by hand or damaged on disk is refused whole, never crashes the app."""
    pick = RandomPicker(seed)
    run = play_game(pick, valid_start(pick), operations=60, junk=10, undo=10,
                    each=lambda run: None)
    saved = run.game.to_json()
    edits = data.draw(st.lists(st.tuples(st.sampled_from(["actions", "redo"]),
                                         st.integers(0, 200), st.text(max_size=12),
                                         _json_values()), min_size=1, max_size=3))
    for key, index, name, value in edits:
        entries = saved[key]
        if not entries or not isinstance(entries, list):
            saved[key] = value
            continue
        entry = entries[index % len(entries)]
        if isinstance(entry, dict) and entry:
            entry[name or next(iter(entry))] = value
        else:
            entries[index % len(entries)] = value
    try:
        game = Game.from_json(saved, CATALOG)
    except Rejected as exc:
        assert str(exc) and isinstance(exc.kind, Refusal)
        return
    check_round_trips(game)


def _json_values() -> st.SearchStrategy[object]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                        st.floats(allow_nan=False), st.text(max_size=8),
                        st.sampled_from(["start", "next", "place", "M", "Fin"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=6)


# --- (a) replay is deterministic, (b) undo then redo is the identity ---------------------


@SLOWER
@given(st.integers(0, 2**32 - 1))
def test_replay_and_save_give_back_the_same_game_at_every_prefix(seed: int) -> None:
    pick = RandomPicker(seed)
    run = play_game(pick, valid_start(pick), operations=220, junk=15, undo=6,
                    each=lambda run: check_round_trips(run.game))
    assert run.game.state.round >= 2


@SLOWER
@given(st.integers(0, 2**32 - 1))
def test_undo_then_redo_is_the_identity_at_every_prefix(seed: int) -> None:
    pick = RandomPicker(seed)
    play_game(pick, valid_start(pick), operations=220, junk=15, undo=6,
              each=lambda run: check_undo_redo(run.game))


@FAST
@given(st.data())
def test_undo_all_the_way_back_retraces_every_state(data: st.DataObject) -> None:
    pick = DataPicker(data)
    run = play_game(pick, valid_start(pick), operations=pick.integer(1, 40), junk=30, undo=0)
    game = run.game
    states = [Game(CATALOG, game.actions[:n]).state for n in range(1, len(game.actions) + 1)]
    forward = game.actions
    while game.can_undo:
        game.undo()
        assert game.state == states[len(game.actions) - 1]
    assert game.actions == forward[:1]
    while game.can_redo:
        game.redo()
        assert game.state == states[len(game.actions) - 1]
    assert game.actions == forward


@FAST
@given(st.data())
def test_going_back_anywhere_is_the_replayed_prefix_and_one_undo_restores(
        data: st.DataObject) -> None:
    pick = DataPicker(data)
    run = play_game(pick, valid_start(pick), operations=pick.integer(1, 60), junk=20, undo=8)
    game = run.game
    if len(game.actions) < 2:
        return
    keep = pick.integer(1, len(game.actions) - 1)
    saved, state, forward = game.to_json(), snapshot(game.state), game.actions
    redo = game.redo_actions
    taken = game.go_back(keep)
    assert game.state == Game(CATALOG, forward[:keep]).state
    assert game.redo_actions == (*redo, *reversed(taken))
    check_round_trips(game)
    check_undo_redo(game)  # undo brings all back, redo goes back again
    game.undo()
    assert game.state == state
    assert game.to_json() == {**saved, "back": {"redo": len(taken)}}
    check_round_trips(game)


# --- (c) conservation, over long, mostly legal games -------------------------------------


@SLOWER
@given(st.integers(0, 2**32 - 1))
def test_cubes_and_tokens_appear_or_vanish_only_by_a_rule(seed: int) -> None:
    pick = RandomPicker(seed)
    run = play_game(pick, valid_start(pick), operations=400, junk=10, undo=4)
    assert run.game.state.finished
    check_final_score(run.game)


def check_final_score(game: Game) -> None:
    """The score of a finished game is the scorer's for the same final tableau."""
    state = game.state
    total = state.score().total
    scored = score_input({"empire": state.empire.name, "face": state.empire.face,
                          "variant_faces": state.empire.face not in ("A", "B"),
                          "players": 2 if not state.solo else 1,
                          "built": state.built_ids(), "generals": state.generals,
                          "financiers": state.financiers}, CATALOG)
    assert scored["score"]["total"] == total
    assert scored["built_cards"] == len(state.built)


def test_mostly_legal_games_reach_the_end_build_cards_and_score() -> None:
    """The generated games are real games: the properties above are not vacuous."""
    finished = built = conversions = extra_steps = tables = actions = 0
    totals = []
    for seed in range(40):
        pick = RandomPicker(seed)
        run = play_game(pick, valid_start(pick), operations=400, junk=8, undo=4)
        state = run.game.state
        assert state.finished, f"seed {seed} stopped in round {state.round} {state.phase}"
        assert ROUNDS * (5 + len(PRODUCTION_ORDER)) < len(run.game.actions) <= 400
        actions += len(run.game.actions)
        check_final_score(run.game)
        finished += 1
        built += len(state.built)
        conversions += run.kinds["krystallium"]
        extra_steps += run.kinds["tokens"]
        tables += not state.solo
        totals.append(state.score().total)
    assert finished == 40
    assert actions >= 40 * 80
    assert built >= 40 * 4
    assert conversions >= 40
    assert extra_steps >= 1
    assert 5 <= tables <= 35
    assert max(totals) > min(totals)


# --- (d) production is never negative ----------------------------------------------------


def _expected(kind: SlotKind, empire: EmpireFace, built: Sequence[Card]) -> int:
    """The rulebook's count, written independently: icons, "per type", corruption, floor 0."""
    types = Counter(card.type for card in built)
    total = 0
    for icons in [empire.production, *(card.production for card in built)]:
        for icon in icons:
            if icon.kind == kind:
                total += icon.amount * (types[icon.per] if icon.per else 1)
    return max(total, 0)


tableaus = st.tuples(
    st.sampled_from(CATALOG.empires),
    st.lists(st.one_of(st.sampled_from(CATALOG.cards), st.sampled_from(CORRUPT)), max_size=25),
)


@settings(FAST, max_examples=300)
@given(tableaus)
def test_production_is_never_negative(tableau: tuple[EmpireFace, list[Card]]) -> None:
    empire, built = tableau
    totals = production(empire, built)
    assert list(totals) == list(PRODUCTION_ORDER)
    for kind in (*Resource, *Token):
        amount = produced(kind, empire, built)
        assert amount >= 0
        assert amount == _expected(kind, empire, built)
        assert amount == max(0, sum(s.amount for s in sources(kind, empire, built)))
        if isinstance(kind, Resource):
            assert totals[kind] == amount
    assert all(n >= 0 for n in per_round_tokens(empire, built).values())


@settings(FAST, max_examples=150)
@given(tableaus, st.sampled_from(CORRUPT))
def test_corruption_never_raises_production(tableau: tuple[EmpireFace, list[Card]],
                                            corrupt: Card) -> None:
    """A corrupted card lowers (or keeps) what it corrupts, and never below 0."""
    empire, built = tableau
    before = production(empire, built)
    after = production(empire, [*built, corrupt])
    for icon in corrupt.production:
        if icon.amount < 0 and isinstance(icon.kind, Resource) and icon.per is None:
            assert 0 <= after[icon.kind] <= before[icon.kind]


def test_corruption_cards_exist_in_the_generated_tableaus() -> None:
    assert CORRUPT, "no card with corruption: the production properties would miss it"
    assert {card.expansion for card in CORRUPT} == {Expansion.CORRUPTION_ASCENSION}
    assert any(icon.per for card in CATALOG.cards for icon in card.production)
    assert any(card.type is CardType.VEHICLE for card in CATALOG.cards)


# --- values of the wrong type, as a caller in Python could build them --------------------
#
# Building an action in Python does not check its fields (only JSON decoding does), and
# the engine promises to check every value it applies. So a wrongly typed value must be
# refused with `Rejected`, or else be accepted only if the game still saves and reloads.


RECYCLES_MATERIALS = CATALOG.card("Recycling Plant").id


def _solo_building() -> Game:
    game = Game.new(Start(empire="Noram States", face="B"), CATALOG)
    game.play(Construct(CATALOG.card("Financial Center").id))  # cost M4 E1
    return game


def _table_step(science: bool = False) -> Game:
    game = Game.new(Start(empire="Noram States", face="B", mode="table", players=3), CATALOG)
    game.play(Construct(CATALOG.card("Financial Center").id))
    game.play(NextStep())
    while science and game.state.step is not Resource.SCIENCE:
        game.play(Opponents((0, 0)))
        game.play(Place(count=game.state.to_place))
        game.play(NextStep())
    if science:
        game.play(Opponents((0, 0)))  # Noram States B makes 1 Science: supremacy
        assert game.state.science_pending
    return game


def _science_step() -> Game:
    return _table_step(science=True)


def _start(**fields: Any) -> Callable[[], Game]:
    values: dict[str, Any] = {"empire": "Noram States", "face": "B", **fields}
    return lambda: Game.new(Start(**values), CATALOG)


def _then(setup: Callable[[], Game], action: Any) -> Callable[[], Game]:
    def play() -> Game:
        game = setup()
        game.play(action)
        return game
    return play


def _case(case: Callable[[], Game], name: str) -> Any:
    return pytest.param(case, id=name)


@pytest.mark.parametrize("case", [
    pytest.param(_start(expansions="ca"), id="start-expansions-text"),
    pytest.param(_start(mode=["solo"]), id="start-mode-list"),
    pytest.param(_start(scenario="x", required=None), id="start-required-none"),
    pytest.param(_start(scenario="x", required="12"), id="start-required-text"),
    pytest.param(_then(_solo_building, Construct("1")), id="construct-text"),  # type: ignore[arg-type]
    pytest.param(_then(_solo_building, Construct(1.0)), id="construct-float"),  # type: ignore[arg-type]
    pytest.param(_then(_solo_building, SpendKrystallium(1, ["M"])), id="spend-slot-list"),  # type: ignore[arg-type]
    pytest.param(_then(_table_step, Place("1")), id="place-onto-text"),  # type: ignore[arg-type]
    pytest.param(_then(_table_step, Place(None, 1.0)), id="place-count-float"),  # type: ignore[arg-type]
    pytest.param(_then(_table_step, Opponents("12")), id="opponents-text"),  # type: ignore[arg-type]
    _case(_start(expansions=None), "start-expansions-none"),
    _case(_start(scenario=5, required=(1,)), "start-scenario-number"),
    _case(_start(face="C", variant_faces="yes"), "start-variants-text"),
    _case(_then(_table_step, Opponents(None)), "opponents-none"),  # type: ignore[arg-type]
    _case(_then(_table_step, Opponents(5)), "opponents-number"),  # type: ignore[arg-type]
    _case(_then(_science_step, ChooseScience(["Fin"])), "science-list"),  # type: ignore[arg-type]
    _case(_then(_solo_building, PlaceCharacter(1, ["Fin"])), "character-list"),  # type: ignore[arg-type]
    _case(_then(_solo_building, Discard(True)), "discard-bool"),
    _case(_then(_solo_building, Recycle(RECYCLES_MATERIALS, True)), "recycle-onto-bool"),
    _case(_then(_table_step, Place(True)), "place-onto-bool"),
    _case(_then(_table_step, Together([Place(None, 1)])), "together-list"),  # type: ignore[arg-type]
    _case(_then(_table_step, Together((Place("1"),))), "together-part-text"),  # type: ignore[arg-type]
    _case(_then(_table_step, Together(None)), "together-none"),  # type: ignore[arg-type]
])
def test_wrongly_typed_values_are_rejected_or_still_reload(case: Callable[[], Game]) -> None:
    try:
        game = case()
    except Rejected as exc:
        assert str(exc) and isinstance(exc.kind, Refusal)
        return
    check_round_trips(game)
