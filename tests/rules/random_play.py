"""Random games for the property tests: one action generator, driven by Hypothesis or by
a seeded Random, that plays a mostly-legal player mixed with junk actions, and a run that
checks every operation as it happens (the checks live here, beside the run that calls
them, so the tests of tests/rules/test_properties.py and the words' tests share them)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import msgspec
import pytest
from hypothesis import strategies as st

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
    Together,
    moves,
)
from companion.rules.cards import (
    PRODUCTION_ORDER,
    Card,
    Token,
)
from companion.rules.construction import UnderConstruction
from companion.rules.engine import MAX_COUNT, Event
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.production import production
from companion.rules.state import KRYSTALLIUM_CUBES, ROUNDS, GameState, Phase
from companion.shipped.catalog import catalog

T = TypeVar("T")

CATALOG = catalog()
ALL_IDS = [card.id for card in CATALOG.cards]
TOKEN_NAMES = {"Krystallium": Token.KRYSTALLIUM, "Financier": Token.FINANCIER,
               "General": Token.GENERAL}
CHARACTER_CODES = {"Fin": Token.FINANCIER, "Gen": Token.GENERAL}


# --- choosing: one action generator, driven by Hypothesis or by a seeded Random ----------


class Picker(Protocol):
    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...

    def chance(self, percent: int) -> bool: ...


class RandomPicker:
    """Decisions from a seeded `random.Random`: long games cost no Hypothesis buffer."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent


class DataPicker:
    """Decisions drawn from Hypothesis, so a failing sequence shrinks to a short one."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def chance(self, percent: int) -> bool:
        return self.data.draw(st.integers(0, 99)) < percent


def allowed_ids(expansions: Sequence[str]) -> list[int]:
    return [card.id for card in CATALOG.cards if card.expansion.value in expansions]


def valid_start(pick: Picker) -> Start:
    """Any setup the rules allow: solo or 2–7 players, expansions, faces, scenarios."""
    expansions = ["base"] + [e for e in ("ca", "wop") if pick.chance(50)]
    solo = pick.chance(50)
    players = 1 if solo else pick.integer(2, 7)
    if players >= 6 and "ca" not in expansions:
        expansions.append("ca")
    variants = pick.chance(25)
    faces = [e for e in CATALOG.empires
             if e.expansion.value in expansions and (variants or not e.variant)]
    empire = pick.choice(faces)
    scenario: str | None = None
    required: tuple[int, ...] = ()
    if solo and empire.face == "B" and pick.chance(40):
        scenario = pick.choice(["base-1", "ca-5", "my-own"])
        pool = allowed_ids(expansions)
        drawn = [pick.choice(pool) for _ in range(pick.integer(1, 6))]
        # A scenario lists at most the copies the deck holds of each card.
        required = tuple(card for n, card in enumerate(drawn)
                         if drawn[:n].count(card) < CATALOG.card(card).copies)
    return Start(
        empire=empire.name_in(pick.choice(["en", "fr", "de"])),
        face=pick.choice([empire.face, empire.face.lower()]),
        mode="solo" if solo else "table",
        players=players,
        scenario=scenario,
        required=required,
        expansions=tuple(expansions),
        variant_faces=variants,
    )


def any_start(pick: Picker) -> Start:
    """A setup with any values of the declared types, most of them wrong."""
    return Start(
        empire=pick.choice(["Noram States", "noram states", "Aztec Empire", "North Hegemony",
                            "Atlantis", "", "Empire aztèque"]),
        face=pick.choice(["A", "B", "b", "C", "F", "G", "", " ", "AB"]),
        mode=pick.choice(JUNK_MODES),
        players=pick.choice([1, 2, 5, 6, 7, 8, 0, -1, 10**9]),
        scenario=pick.choice([None, "base-1", ""]),
        required=tuple(pick.choice([1, 80, 120, 0, -3, 999])
                       for _ in range(pick.integer(0, 3))),
        expansions=tuple(pick.choice(["base", "ca", "wop", "CA", "xyz", ""])
                         for _ in range(pick.integer(0, 3))),
        variant_faces=pick.chance(50),
    )


# --- a mostly-legal player ---------------------------------------------------------------


def planned_this_round(game: Game) -> int:
    """Cards planned since the round's Planning opened, read from the actions (undo-proof)."""
    count = 0
    for action in reversed(game.actions):
        if isinstance(action, NextStep | Start):
            break
        if isinstance(action, Construct | Recycle):
            count += 1
    return count


def remaining(card: UnderConstruction) -> int:
    return card.slots_total - card.slots_filled


def copies_left(state: GameState, card: Card) -> bool:
    """Whether the deck still has a copy of `card` outside this Empire."""
    held = [c.id for c in state.built] + [c.card.id for c in state.under_construction]
    return held.count(card.id) < card.copies


def legal_action(game: Game, pick: Picker) -> Action:
    """What a sensible player does next; always legal in the state it is chosen for."""
    state = game.state
    building = sorted(state.under_construction, key=remaining)
    if state.phase is Phase.PLANNING:
        planned = planned_this_round(game)
        most = 10 if state.solo else 7  # RULES.md: two pools of 5 in solo, 7 drafted
        if planned < 6 or (planned < most and pick.chance(60)):
            card = CATALOG.card(pick.choice(allowed_ids(state.expansions)))
            if len(building) < 8 and pick.chance(55) and copies_left(state, card):
                return Construct(card.id)
            targets = [c for c in building if c.free(card.recycle) > 0]
            onto = targets[0].uid if targets and pick.chance(80) else None
            return Recycle(card.id, onto)
        return NextStep()
    if state.phase is Phase.PRODUCTION:
        assert state.step is not None
        if not state.solo and state.supremacy is None:
            if pick.chance(30):
                return Rivals(pick.integer(0, min(2, state.players - 1)))
            return Opponents(tuple(pick.integer(0, 9) for _ in range(state.players - 1)))
        if state.science_pending:
            return ChooseScience(pick.choice(["Fin", "Gen"]))
        if state.to_place:
            targets = [c for c in building if c.free(state.step) > 0]
            if pick.chance(30):
                return placed_together(state, targets, pick)
            if targets and pick.chance(85):
                most = min(state.to_place, targets[0].free(state.step))
                return Place(targets[0].uid, pick.integer(1, most))
            return Place(None, pick.integer(1, state.to_place))
        spend = _spend_tokens(state, pick)
        if spend is not None:
            return spend
        if building and state.round == ROUNDS and pick.chance(3):
            return Discard(pick.choice(building).uid)
        last = state.round == ROUNDS and state.step is PRODUCTION_ORDER[-1]
        if last and not any(state.per_round_tokens().values()):
            return End()
        return NextStep()
    return End() if state.round == ROUNDS else NextStep()


def placed_together(state: GameState, targets: list[UnderConstruction], pick: Picker
                    ) -> Action:
    """All of this step's cubes in one tap, as the screen places them: some on each of a
    few cards, the rest on the Empire, one `Together` (one `Place` for one target)."""
    assert state.step is not None
    left, parts = state.to_place, []
    for card in targets[:pick.integer(0, len(targets))]:
        count = pick.integer(0, min(left, card.free(state.step)))
        if count:
            parts.append(Place(card.uid, count))
            left -= count
    if left or not parts:
        parts.append(Place(None, left))
    return parts[0] if len(parts) == 1 and pick.chance(50) else Together(tuple(parts))


def _spend_tokens(state: GameState, pick: Picker) -> Action | None:
    """Krystallium or characters onto the card nearest completion, now and then."""
    if not pick.chance(40):
        return None
    for card in sorted(state.under_construction, key=remaining):
        for slot, free in card.free_slots().items():
            if slot in CHARACTER_CODES.values():
                held = state.tokens(slot)  # type: ignore[arg-type]
                if held:
                    code = "Fin" if slot is Token.FINANCIER else "Gen"
                    return PlaceCharacter(card.uid, code, min(held, free))  # type: ignore[arg-type]
            elif state.krystallium:
                return SpendKrystallium(card.uid, slot.value, min(state.krystallium, free))
    return None


# --- junk --------------------------------------------------------------------------------

# Text fields get any text: the declared Literal types are not checked when an action is
# built in Python, and JSON decoding is not the only way in.
JUNK_MODES: list[Any] = ["solo", "table", "duel"]
JUNK_CHARACTERS: list[Any] = ["Fin", "Gen", "K", "M", "fin", ""]


def _card_id(state: GameState, pick: Picker) -> int:
    options: list[Callable[[], int]] = [
        lambda: pick.choice(allowed_ids(state.expansions)),
        lambda: pick.choice(ALL_IDS),
        lambda: pick.integer(-3, max(ALL_IDS) + 3),
        lambda: pick.choice([0, -1, 2**31, -(2**63), 2**70]),
    ]
    return pick.choice(options)()


def _uid(state: GameState, pick: Picker) -> int:
    uids = [c.uid for c in state.under_construction]
    options: list[Callable[[], int]] = [
        lambda: pick.integer(-2, state.next_uid + 2),
        lambda: pick.choice([0, -1, state.next_uid, 2**63, -(2**70)]),
    ]
    if uids:
        options += [lambda: pick.choice(uids)] * 2
    return pick.choice(options)()


def _onto(state: GameState, pick: Picker) -> int | None:
    return None if pick.chance(25) else _uid(state, pick)


def _count(state: GameState, pick: Picker) -> int:
    options: list[Callable[[], int]] = [
        lambda: pick.integer(-3, 6),
        lambda: pick.choice([0, -1, MAX_COUNT, MAX_COUNT + 1, 10**9, -(2**70)]),
        lambda: max(state.to_place, 1),
        lambda: state.krystallium + pick.integer(0, 1),
    ]
    return pick.choice(options)()


def junk_action(state: GameState, pick: Picker) -> Action:
    """An action of any kind with arbitrary values of the declared types."""
    kinds: list[Callable[[], Action]] = [
        lambda: Construct(_card_id(state, pick)),
        lambda: Recycle(_card_id(state, pick), _onto(state, pick)),
        lambda: NextStep(),
        lambda: End(),
        lambda: Opponents(tuple(pick.choice([0, 1, 4, 5, 9, -1, 999, 1000])
                                for _ in range(pick.integer(0, 8)))),
        lambda: Rivals(pick.choice([0, 1, 2, 6, -1])),
        lambda: ChooseScience(pick.choice(JUNK_CHARACTERS)),
        lambda: Place(_onto(state, pick), _count(state, pick)),
        lambda: SpendKrystallium(_uid(state, pick),
                                 pick.choice(["M", "E", "S", "G", "X", "K", "Fin", "Gen", "Z",
                                              "", "m", "MM"]),
                                 _count(state, pick)),
        lambda: PlaceCharacter(_uid(state, pick),
                               pick.choice(JUNK_CHARACTERS),
                               _count(state, pick)),
        lambda: Discard(_uid(state, pick)),
        lambda: valid_start(pick),
        lambda: any_start(pick),
        lambda: Together(tuple(pick.choice(kinds[7:10])()  # type: ignore[arg-type]
                               for _ in range(pick.integer(0, 3)))),
    ]
    if pick.chance(50):
        return pick.choice(kinds)()
    # Half the time, a kind this phase would accept, so its checks get exercised.
    if state.phase is Phase.PLANNING:
        return pick.choice(kinds[:2] + kinds[7:10] + kinds[13:])()
    if state.phase is Phase.PRODUCTION:
        return pick.choice(kinds[4:10] + kinds[13:])()
    return pick.choice(kinds[2:4] + kinds[7:10] + kinds[13:])()


# --- the run: every operation checked as it happens --------------------------------------

SHARED = {id(value): value for value in (*CATALOG.cards, *CATALOG.empires)}


def snapshot(state: GameState) -> GameState:
    """A deep copy made without the engine's own `copy()`, sharing only the frozen cards."""
    return copy.deepcopy(state, dict(SHARED))


@dataclass
class Run:
    """A game under test, with what each accepted action reported (for the ledgers)."""

    game: Game
    events: list[list[Event]] = field(default_factory=list)
    rejected: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    @classmethod
    def start(cls, start: Start) -> Run:
        return cls(Game.new(start, CATALOG))

    def play(self, action: Action) -> bool:
        """Play; a rejection must be the engine's error and change nothing at all."""
        game = self.game
        saved, state = game.to_json(), snapshot(game.state)
        actions, can_redo = game.actions, game.can_redo
        try:
            events = game.play(action)
        except Rejected as exc:
            assert str(exc) and isinstance(exc.kind, Refusal)
            assert game.to_json() == saved
            assert game.state == state
            assert game.actions == actions and game.can_redo == can_redo
            self.rejected += 1
            return False
        assert game.actions == (*actions, action)
        assert not game.can_redo
        self.events.append(events)
        self.kinds.update(event.kind for event in events)
        check_step_opened(state, game.state, action)
        return True

    def undo(self) -> None:
        if not self.game.can_undo:
            with pytest.raises(Rejected, check=lambda e: e.kind is Refusal.NOTHING_TO_DO):
                self.game.undo()
            return
        self.game.undo()
        self.events.pop()

    def redo(self) -> None:
        if not self.game.can_redo:
            with pytest.raises(Rejected, check=lambda e: e.kind is Refusal.NOTHING_TO_DO):
                self.game.redo()
            return
        self.game.redo()
        # The events of a redone action: those of playing it on the replayed prefix.
        probe = Game(CATALOG, self.game.actions[:-1])
        self.events.append(probe.play(self.game.actions[-1]))
        assert probe.state == self.game.state

    def all_events(self) -> list[Event]:
        return [event for events in self.events for event in events]


def check_step_opened(before: GameState, after: GameState, action: Action) -> None:
    """A step that opens produces exactly the Empire's net total, and solo settles at 5."""
    if not isinstance(action, NextStep) or after.phase is not Phase.PRODUCTION:
        return
    assert after.step is not None and after.step != before.step
    assert after.produced == production(after.empire, after.built)[after.step]
    assert after.to_place == after.produced
    if after.solo:
        assert after.supremacy == (after.produced >= 5)
    else:  # a table asks the others only when their totals can matter: not for a 0
        assert after.supremacy == (None if after.produced > 0 else False)


def check_invariants(run: Run) -> None:
    """Cubes and tokens appear or vanish only by a rule; nothing is ever negative."""
    state, actions = run.game.state, run.game.actions
    ledger = state.ledger
    assert (ledger.produced + ledger.recycled
            == state.cubes_on_cards() + state.empire_cubes + ledger.returned + ledger.lost
            + ledger.converted)
    events = run.all_events()
    converted = sum(e.params["amount"] for e in events if e.kind == "krystallium")
    assert ledger.converted == KRYSTALLIUM_CUBES * converted
    # The ledger agrees with what the player did, counted from the actions alone.
    assert ledger.produced == sum(a.count for a in moves(actions) if isinstance(a, Place))
    assert ledger.recycled == sum(isinstance(a, Recycle | Discard) for a in actions)
    assert 0 <= state.empire_cubes < KRYSTALLIUM_CUBES
    assert 0 <= state.to_place <= state.produced
    # Every token held is accounted for: gained by a rule, minus those spent.
    gained = Counter({Token.KRYSTALLIUM: state.empire.start_krystallium + converted})
    for event in events:
        if event.kind in ("bonus", "tokens"):
            gained[TOKEN_NAMES[event.params["token"]]] += event.params["amount"]
        elif event.kind == "supremacy":
            gained[TOKEN_NAMES[event.params["token"]]] += 1
    for action in moves(actions):
        if isinstance(action, SpendKrystallium):
            gained[Token.KRYSTALLIUM] -= action.count
        elif isinstance(action, PlaceCharacter):
            gained[CHARACTER_CODES[action.token]] -= action.count
    for token in Token:
        assert state.tokens(token) >= 0
        assert state.tokens(token) == gained[token], token
    # Cards under construction hold only what their slots allow, and none is complete.
    for card in state.under_construction:
        assert not card.complete
        for (slot, filler), count in card.contents.items():
            assert count > 0
            assert card.free(slot) >= 0
            assert filler == slot or (filler is Token.KRYSTALLIUM
                                      and slot not in CHARACTER_CODES.values())
    assert [c.uid for c in state.under_construction] == sorted(
        {c.uid for c in state.under_construction})
    assert state.round in range(1, ROUNDS + 1)


def check_round_trips(game: Game) -> None:
    """Replaying the actions, or a save, gives back exactly this game."""
    assert Game(CATALOG, game.actions).state == game.state
    saved = game.to_json()
    loaded = Game.from_json(saved, CATALOG)
    assert loaded.state == game.state
    assert loaded.to_json() == saved
    assert loaded.actions == game.actions
    # Through real JSON text too, as a file on disk would be.
    reread = Game.from_json(msgspec.json.decode(msgspec.json.encode(saved)), CATALOG)
    assert reread.state == game.state
    assert reread.to_json() == saved


def check_undo_redo(game: Game) -> None:
    if not game.can_undo:
        return
    saved, state = game.to_json(), snapshot(game.state)
    game.undo()
    assert game.can_redo
    game.redo()
    assert game.state == state
    assert game.to_json() == saved


def play_game(pick: Picker, start: Start, operations: int, junk: int, undo: int,
              each: Callable[[Run], None] = check_invariants) -> Run:
    """`operations` moves: legal ones, `junk` % junk actions and `undo` % undo/redo."""
    run = Run.start(start)
    each(run)
    for _ in range(operations):
        if run.game.state.finished and not pick.chance(10):
            break
        roll = pick.integer(0, 99)
        if run.game.state.finished:
            # Nothing legal is left: only junk, undo and redo.
            roll = min(roll, undo + junk - 1)
        if roll < undo:
            run.undo() if pick.chance(60) else run.redo()
        elif roll < undo + junk:
            run.play(junk_action(run.game.state, pick))
        else:
            assert run.play(legal_action(run.game, pick)), "a legal move was rejected"
        each(run)
    return run
