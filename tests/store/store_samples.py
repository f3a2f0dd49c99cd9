"""Game records for store tests: real games played by the engine, and quick fake ones.

Real games (random legal moves, replayed by `Game`) are what an import must accept;
fake ones (deterministic, not replayable) exercise the store where replaying does not
matter and speed does, like the kill -9 writer.
"""

from __future__ import annotations

import errno
import random
import shutil
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.store import open_store
from companion.store.schema import ARCHIVE_DIR, BACKUP_DIR

if TYPE_CHECKING:
    from companion.rules.game import Game

EMPIRES = ("Noram States", "Federation of Asia", "Panafrican Union", "Republic of Europe")
BASE = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)

SYSTEM_ERRORS = {
    "denied": (OSError(errno.EACCES, "Permission denied"), "Permission denied"),
    "without errno": (OSError("the network drive went away"), "the network drive went away"),
}
"""A failure the system words, and one with words of its own only (a network disk's):
each with the reason a message must give (`pytest.mark.parametrize` its values)."""


def play(seed: int, limit: int = 150, finish: bool = True) -> Game:
    """A legal game from random moves: up to `limit` actions, ended if `finish`. A new
    `Game` at every call, replayed from the actions found at the first call with these
    arguments (finding them tries thousands of moves the rules refuse: the fault tests
    ask for the same games hundreds of times)."""
    # Imported here so that the kill -9 writer, which only needs fake records, starts fast
    # and depends on nothing but the store.
    from companion.rules.game import Game
    from companion.shipped.catalog import catalog

    return Game.from_json(_played(seed, limit, finish), catalog())


@cache
def _played(seed: int, limit: int, finish: bool) -> dict[str, Any]:
    from companion.rules.actions import (
        ChooseScience,
        Construct,
        End,
        NextStep,
        Place,
        Recycle,
        Start,
    )
    from companion.rules.cards import Expansion
    from companion.rules.errors import Rejected
    from companion.rules.game import Game
    from companion.shipped.catalog import catalog

    rng = random.Random(seed)
    cards = tuple(card.id for card in catalog().by_expansion(Expansion.BASE))
    game = Game.new(Start(empire=rng.choice(EMPIRES), face=rng.choice("AB")), catalog())
    for _ in range(limit * 40):
        if game.state.finished or len(game.actions) >= limit - 1:
            break
        building = [u.uid for u in game.state.under_construction]
        onto = rng.choice(building) if building and rng.random() < 0.8 else None
        options: list[Any] = [Construct(rng.choice(cards)), Recycle(rng.choice(cards))]
        options += [Place(onto=onto)] * 6 + [ChooseScience(rng.choice(["Fin", "Gen"]))]
        if rng.random() < 0.15:
            options.append(NextStep())
        try:
            game.play(rng.choice(options))
        except Rejected:
            continue
    if finish:
        for action in [End()] + [NextStep()] * 40:
            if game.state.finished:
                break
            try:
                game.play(action)
            except Rejected:
                continue
    return game.to_json()


def lost_scenario_game() -> Game:
    """A base-1 game played to its end without building: lost, with 0 points."""
    from companion.rules.actions import ChooseScience, End, NextStep, Place
    from companion.rules.errors import Rejected
    from companion.rules.game import Game
    from companion.rules.scenarios import start_for
    from companion.shipped.catalog import catalog
    from companion.shipped.scenarios import shipped_scenarios

    game = Game.new(start_for(shipped_scenarios()["base-1"], "Noram States"), catalog())
    moves: list[Any] = [End(), NextStep(), Place(onto=None), ChooseScience("Fin")]
    for _ in range(2000):
        if game.state.finished:
            break
        for move in moves:
            try:
                game.play(move)
                break
            except Rejected:
                continue
    assert game.state.finished
    return game


def stamp(minutes: int) -> str:
    return (BASE + timedelta(minutes=minutes)).isoformat()


def record(game_id: str, game: Game, *, minutes: int = 0, finished: bool | None = None,
           **extra: Any) -> dict[str, Any]:
    """A store record of an engine game, created `minutes` after 2025-01-01 09:00 UTC."""
    done = game.state.finished if finished is None else finished
    data = game.to_json()
    return {
        "id": game_id,
        "actions": data["actions"],
        "redo": data["redo"],
        "mode": "solo",
        "players": ["Ana"],
        "empires": [game.start.empire],
        "scenario": None,
        "campaign": None,
        "created": stamp(minutes),
        "updated": stamp(minutes + 45),
        "finished": done,
        "score": game.state.score().as_dict() if done else None,
        **extra,
    }


def fake_record(game_id: str, actions: int, *, finished: bool = False,
                minutes: int = 0) -> dict[str, Any]:
    """A structurally valid record whose content depends only on its arguments."""
    rng = random.Random(f"{game_id}:{actions}")
    listed: list[dict[str, Any]] = [{"type": "start", "empire": EMPIRES[len(game_id) % 4]}]
    listed += [{"type": "place", "onto": rng.randrange(1, 200), "count": 1}
               for _ in range(actions - 1)]
    return {
        "id": game_id,
        "actions": listed,
        "redo": [],
        "mode": "solo",
        "players": ["Ana"],
        "empires": [listed[0]["empire"]],
        "scenario": None,
        "campaign": None,
        "created": stamp(minutes),
        "updated": stamp(minutes + actions),
        "finished": finished,
        "score": {"total": actions} if finished else None,
    }


def attempt(scenario: str, score: int, *, won: bool = True, medal: str | None = None,
            minutes: int = 0, game: str | None = None) -> dict[str, Any]:
    """A scenario attempt with its id, as the app makes it (see `identity.attempt_id`)."""
    from companion.store.identity import with_id

    return with_id({"scenario": scenario, "date": stamp(minutes), "score": score,
                    "won": won, "medal": medal, "game": game})


def bare(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """A stored record without the "revision" the store counts its saves with, to compare
    with the record that was saved."""
    if record is None:
        return None
    return {key: value for key, value in record.items() if key != "revision"}


def lose_january(folder: Path) -> None:
    """The archive of January 2025 gone with every copy of it: the month, its previous
    version and the backups (daily and each game's own)."""
    for name in ("2025-01.json", "2025-01.json.prev"):
        (folder / ARCHIVE_DIR / name).unlink(missing_ok=True)
    shutil.rmtree(folder / BACKUP_DIR)


def left_between(folder: Path, first: dict[str, Any], then: dict[str, Any],
                 names: Iterable[str]) -> None:
    """Save `first`, then `then`, and put the files `names` back as they were between the
    two: as a crash while `then` moved its game between files leaves them, or as a reader
    that read them before it sees them."""
    with open_store(folder) as store:
        store.save_game(first)
        kept = {name: (folder / name).read_bytes() for name in names}
        store.save_game(then)
    for name, body in kept.items():
        (folder / name).write_bytes(body)
