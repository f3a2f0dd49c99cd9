"""Games played with the real rules for the history, story and statistics tests.

`benjamin_game` reaches example 1 of the rulebook (reference examples.md): Panafrican
Union face A (M2 S2) with Recycling Plant (M2) and Mega-Drill (M1 X1) built produces
5 Materials, and M5 E0 S2 G0 X1 in all, from round 3 on. Every number the tests expect
is worked out by hand in the comments below, not by the code under test.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from companion.rules.actions import (
    Action,
    ChooseScience,
    Construct,
    End,
    NextStep,
    Opponents,
    Place,
    Recycle,
    Start,
)
from companion.rules.game import Game
from companion.shipped.catalog import Catalog

BASE = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


def _empty_steps(game: Game) -> None:
    """Put every cube of the current step on the Empire card."""
    if game.state.to_place:
        game.play(Place(onto=None, count=game.state.to_place))


def _rest_of_round(game: Game, *, last: bool = False) -> None:
    """Finish the round, every cube on the Empire; the last round ends the game."""
    while True:
        _empty_steps(game)
        if game.state.science_pending:
            game.play(ChooseScience("Gen"))
        if last and game.state.round == 4 and game.state.step is not None and \
                game.state.step.value == "X":
            game.play(End())
            return
        before = game.state.round
        game.play(NextStep())
        if game.state.round != before:
            return


def benjamin_game(cards: Catalog) -> Game:
    """Solo, Panafrican Union face A (M2 S2, 2 points per Research: none built here).

    Round 1. Planning: Recycling Plant (uid 1, M2) and Mega-Drill (uid 2, M1 E2) under
    construction; two Wind Turbines recycled for E onto the Mega-Drill (E2 filled).
    Materials: 2 produced, 1 on each: Mega-Drill built. Energy 0. Science 2 (Empire:
    2 cubes). Gold 0. Exploration: Mega-Drill's X1 → 1 (Empire: 3 cubes).
    Round 2. Materials: 2 + 1 = 3; 1 completes Recycling Plant, 2 to the Empire (5 cubes:
    1 Krystallium). Science 2, Exploration 1 (Empire: 3 cubes).
    Round 3 and 4: M5 E0 S2 G0 X1 (example 1); Materials 5 wins the solo supremacy
    (5 or more): 1 Financier each round. Score: 2 Financiers = 2 points, all else 0.
    """
    turbines = cards.card("Wind Turbines").id
    game = Game.new(Start(empire="Panafrican Union", face="A"), cards)
    for action in [Construct(cards.card("Recycling Plant").id),
                   Construct(cards.card("Mega-Drill").id),
                   Recycle(turbines, onto=2), Recycle(turbines, onto=2),
                   NextStep(), Place(onto=1), Place(onto=2)]:
        game.play(action)
    _rest_of_round(game)
    game.play(NextStep())
    game.play(Place(onto=1))
    _rest_of_round(game)
    game.play(NextStep())
    _rest_of_round(game)
    game.play(NextStep())
    _rest_of_round(game, last=True)
    assert game.state.finished
    return game


def table_game(cards: Catalog) -> Game:
    """3 players, Panafrican Union face B (M2 E1 S1); every cube on the Empire.

    Each step the others give 1 and 1, so the player's 2 Materials take the Financier
    (strict maximum), 1 Energy ties (no bonus), 1 Science ties, 0 Gold and 0 Exploration
    win nothing. 4 rounds: 4 Financiers; 4 × (2 + 1 + 1) = 16 cubes: 3 Krystallium.
    Score: face B has no points; 4 Financiers → 4 points.
    """
    game = Game.new(Start(empire="Panafrican Union", face="B", mode="table", players=3),
                    cards)
    for number in range(1, 5):
        game.play(NextStep())
        for _ in range(5):
            game.play(Opponents((1, 1)))
            _empty_steps(game)
            if game.state.step is not None and game.state.step.value == "X":
                break
            game.play(NextStep())
        if number == 4:
            game.play(End())
        else:
            game.play(NextStep())
    assert game.state.finished
    return game


def stamp(days: int) -> str:
    return (BASE + timedelta(days=days)).isoformat(timespec="seconds")


def record(game: Game, game_id: str, days: int, **extra: Any) -> dict[str, Any]:
    """The record `GameSession.record()` saves for this game, `days` after 1 March 2025."""
    state = game.state
    start = game.start
    return {
        "id": game_id,
        "mode": start.mode,
        "players": start.players,
        "names": extra.pop("names", []),
        "empires": [start.empire],
        "face": start.face,
        "scenario": start.scenario,
        "created": stamp(days),
        "updated": stamp(days),
        "finished": state.finished,
        "score": state.score().as_dict() if state.finished else None,
        "round": state.round,
        **game.to_json(),
        **extra,
    }


def actions(game: Game) -> list[Action]:
    return list(game.actions)


def quick_pair(game_id: str, days: int, bo_generals: int = 3,
               me: int | None = None) -> dict[str, Any]:
    """A quick score's record, `days` after 1 March 2025: Ana (Aztec Empire B, 24 points,
    the rulebook's example 5) against Bo (Panafrican Union B), whose score is his
    Generals; `me`: which of them is the app's own player (None: a friends' game)."""
    from companion.shipped.catalog import catalog
    from companion.usecases.quick_model import QuickScore

    cards = catalog()
    model = QuickScore()
    model.set_count(2)
    ana, bo = model.players
    ana.name, ana.empire, ana.face = "Ana", "Aztec Empire", "B"
    for name in ("Immortality", "Universal Exposition", "Mega-Bomb", "Satellites"):
        ana.add(cards.card(name).id)
    bo.name, bo.empire, bo.face, bo.generals = "Bo", "Panafrican Union", "B", bo_generals
    data = model.to_record(cards, game_id, me)
    data.update(created=stamp(days), updated=stamp(days))
    return data
