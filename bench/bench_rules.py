"""Benchmark of the rules: replaying a whole game, playing and undoing one action, scoring.

Run: `python bench/bench_rules.py` (from the repository root; `--quick` for fewer
repetitions). Every screen of a game is the replay of its actions and every undo
replays the game once more, and the quick-score screen and `companion score` score a
tableau per keystroke or per line, so these are the operations whose speed a player
feels. Targets (this machine, 2 cores): replaying a full 4-round solo game < 5 ms, one
score < 0.2 ms; an undo is a replay, so it shares the replay target; one action played
gets 1 ms, a small share of the UI's 30 ms per tap.

Times are per operation: the minimum shows what the code costs, the median what a
player sees on a busy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.rules.actions import (
    Action,
    ChooseScience,
    Construct,
    End,
    NextStep,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
    Start,
)
from companion.rules.cards import Card, Token
from companion.rules.construction import UnderConstruction
from companion.rules.game import Game
from companion.rules.state import ROUNDS, GameState, Phase
from companion.rules.tableau import Tableau
from companion.shipped.catalog import Catalog, catalog
from companion.usecases.scorer import score_input

CARDS_PER_ROUND = 10
"""Solo: two pools of five cards each round."""


# --- a realistic solo game ---------------------------------------------------------------


def _left(site: UnderConstruction) -> int:
    return site.slots_total - site.slots_filled


def _next(state: GameState, rng: random.Random, planned: int, deck: list[Card]) -> Action:
    """A sensible player: builds cheap cards, feeds the card nearest completion, one cube
    per tap, spends Krystallium and characters where they finish something."""
    building = sorted(state.under_construction, key=_left)
    if state.phase is Phase.PLANNING:
        if planned >= CARDS_PER_ROUND:
            return NextStep()
        card = rng.choice(deck)
        if len(building) < 5 and sum(n for _, n in card.cost) <= 7:
            return Construct(card.id)
        targets = [c for c in building if c.free(card.recycle) > 0]
        return Recycle(card.id, targets[0].uid if targets else None)
    if state.phase is Phase.PRODUCTION:
        assert state.step is not None
        if state.science_pending:
            return ChooseScience(rng.choice(["Fin", "Gen"]))
        if state.to_place:
            targets = [c for c in building if c.free(state.step) > 0]
            return Place(targets[0].uid if targets else None, 1)
        for site in building:
            for slot, free in site.free_slots().items():
                if slot is Token.FINANCIER and state.financiers:
                    return PlaceCharacter(site.uid, "Fin", min(free, state.financiers))
                if slot is Token.GENERAL and state.generals:
                    return PlaceCharacter(site.uid, "Gen", min(free, state.generals))
                if slot not in (Token.FINANCIER, Token.GENERAL) and state.krystallium:
                    return SpendKrystallium(site.uid, slot.value, min(free, state.krystallium))
        if state.round == ROUNDS and state.step.value == "X" and not any(
                state.per_round_tokens().values()):
            return End()
        return NextStep()
    return End() if state.round == ROUNDS else NextStep()


def solo_game(cards: Catalog, seed: int) -> Game:
    rng = random.Random(seed)
    deck = [card for card in cards.cards if card.expansion.value == "base"
            for _ in range(card.copies)]
    game = Game.new(Start(empire="Panafrican Union", face="A"), cards)
    planned, round_ = 0, 1
    while not game.state.finished:
        if game.state.round != round_:
            planned, round_ = 0, game.state.round
        action = _next(game.state, rng, planned, deck)
        planned += isinstance(action, Construct | Recycle)
        game.play(action)
    return game


@dataclass
class Profile:
    actions: int
    built: int
    conversions: int
    total: int


def profile(game: Game, cards: Catalog) -> Profile:
    probe = Game.new(game.start, cards)
    conversions = 0
    for action in game.actions[1:]:
        conversions += sum(e.kind == "krystallium" for e in probe.play(action))
    return Profile(len(game.actions), len(game.state.built), conversions,
                   game.state.score().total)


def realistic_game(cards: Catalog) -> tuple[Game, Profile]:
    """The first seeded game that looks like a real one: 120–200 actions, cards built,
    Krystallium converted."""
    for seed in range(1000):
        game = solo_game(cards, seed)
        found = profile(game, cards)
        if 120 <= found.actions <= 200 and found.built >= 8 and found.conversions >= 2:
            return game, found
    raise SystemExit("no realistic game among 1000 seeds: the player above needs a look")


# --- random final tableaus ---------------------------------------------------------------


def random_tableaus(cards: Catalog, count: int, seed: int = 7) -> list[Tableau]:
    """Tableaus drawn from the box as it is (every printed copy, none more)."""
    rng = random.Random(seed)
    faces = [f for f in cards.empires if not f.variant]
    deck = [card for card in cards.cards for _ in range(card.copies)]
    return [
        Tableau(rng.choice(faces), tuple(rng.sample(deck, k=rng.randint(5, 20))),
                generals=rng.randint(0, 12), financiers=rng.randint(0, 12))
        for _ in range(count)
    ]


def as_input(tableau: Tableau) -> dict[str, Any]:
    """The scorer's JSON for a tableau, names and numbers mixed as people type them."""
    return {
        "empire": tableau.empire.name,
        "face": tableau.empire.face,
        "built": [card.name if i % 2 else card.id for i, card in enumerate(tableau.built)],
        "generals": tableau.generals,
        "financiers": tableau.financiers,
    }


# --- timing ------------------------------------------------------------------------------


def per_op(run: Callable[[], object], ops: int, repeat: int) -> list[float]:
    """Seconds per operation for each of `repeat` runs of `run` (which does `ops` ops)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) / ops)
    return times


@dataclass
class Row:
    label: str
    times: list[float]
    target: float | None

    @property
    def verdict(self) -> str:
        if self.target is None:
            return ""
        return "PASS" if statistics.median(self.times) < self.target else "MISS"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:9.4f} ms"


def print_table(rows: list[Row]) -> None:
    width = max(len(r.label) for r in rows)
    print(f"{'operation':<{width}}  {'min':>12}  {'median':>12}  {'target':>12}  result")
    for row in rows:
        target = _ms(row.target) if row.target is not None else f"{'-':>12}"
        print(f"{row.label:<{width}}  {_ms(min(row.times))}  "
              f"{_ms(statistics.median(row.times))}  {target}  {row.verdict}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat = 30 if args.quick else 200
    cards = catalog()

    game, found = realistic_game(cards)
    actions = game.actions
    print(f"solo game: {found.actions} actions, {found.built} cards built, "
          f"{found.conversions} Krystallium conversions, {found.total} points")
    saved = game.to_json()
    moves = len(actions) - 1

    def play_all() -> None:
        fresh = Game.new(game.start, cards)
        for action in actions[1:]:
            fresh.play(action)

    # An undo replays the game minus its last action; only the undo is timed.
    undo_times = []
    for _ in range(repeat):
        start = time.perf_counter()
        game.undo()
        undo_times.append(time.perf_counter() - start)
        game.redo()
    assert game.to_json() == saved

    tableaus = random_tableaus(cards, 10_000)
    inputs = [as_input(t) for t in tableaus]
    for tableau, data in zip(tableaus[:500], inputs[:500], strict=True):
        assert score_input(data, cards)["score"] == tableau.score().as_dict()
    score_repeat = max(3, repeat // 20)

    rows = [
        Row(f"replay a full solo game ({found.actions} actions)",
            per_op(lambda: Game(cards, actions), 1, repeat), 0.005),
        Row("load a saved game (Game.from_json)",
            per_op(lambda: Game.from_json(saved, cards), 1, repeat), None),
        Row("play one action (Game.play)", per_op(play_all, moves, repeat), 0.001),
        Row("undo at the end of the game", undo_times, 0.005),
        Row("score one tableau (Tableau.score)",
            per_op(lambda: [t.score() for t in tableaus], len(tableaus), score_repeat), 0.0002),
        Row("score one tableau (scorer, JSON dict)",
            per_op(lambda: [score_input(d, cards) for d in inputs], len(inputs), score_repeat),
            0.0002),
    ]
    print()
    print_table(rows)
    misses = [r.label for r in rows if r.verdict == "MISS"]
    print()
    print("all targets met" if not misses else "targets missed: " + "; ".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
