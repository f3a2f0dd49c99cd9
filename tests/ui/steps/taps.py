"""A game at the tap these tests play: Noram States A (3 Materials) with Wind Turbines
(M2) and Recycling Plant (M2) under construction, at round 1's Materials step. The
screen's suggestion puts 2 cubes on Wind Turbines, which builds it, and 1 on Recycling
Plant: "Place the cubes" is one tap that puts cubes on two cards."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.rules.actions import Construct, NextStep, Start
from companion.rules.game import Game
from companion.rules.suggest import placement_move
from companion.shipped.catalog import catalog
from companion.store import open_store
from companion.usecases.services import Services
from companion.usecases.session import GameSession, game_payload
from companion.usecases.store_backend import open_store_backend

TURBINES, PLANT = 1, 2
"""Their construction numbers."""
TAP = placement_move(((TURBINES, 2), (PLANT, 1), (None, 0)))
"""What the tap plays: the screen builds it the same way (`ui.game.production`)."""
LABEL = "Place 3 cubes: 2 on Wind Turbines, 1 on Recycling Plant"
KINDS = ("write", "fsync", "link", "replace", "unlink")
"""The file-system calls a save makes, each of which can fail or be the last one."""


def ready_to_tap(services: Services) -> GameSession:
    cards = catalog()
    session = GameSession.new(services, Start(empire="Noram States", face="A"))
    for action in (Construct(cards.card("Wind Turbines").id),
                   Construct(cards.card("Recycling Plant").id), NextStep()):
        session.play(action)
    return session


def prepare(folder: Path) -> str:
    """A data folder holding that game, ready for the tap; its id."""
    backend = open_store_backend(str(folder))
    try:
        return ready_to_tap(Services(catalog(), backend)).id
    finally:
        backend.close()


def cubes_left(folder: Path, game_id: str) -> int:
    """The cubes still to place in the game as a fresh opening of the folder finds it:
    3 before the tap, 0 after it, anything else a tap half applied."""
    with open_store(folder) as store:
        assert store.notices == [], [str(n) for n in store.notices]
        record = store.game(game_id)
    assert record is not None
    return Game.from_json(game_payload(record), catalog()).state.to_place


class Faults:
    """Counts the file-system calls of each kind, and makes the `at`-th one of `kind`
    fail with `error` (an `OSError` as a read-only or failing disk gives, or something
    no code catches, as a process killed there)."""

    def __init__(self, kind: str | None = None, at: int = 0,
                 error: Callable[[], BaseException] = lambda: OSError(errno.EROFS, "injected")
                 ) -> None:
        self.kind, self.at, self.error = kind, at, error
        self.counts = dict.fromkeys(KINDS, 0)
        self.failed = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for kind in KINDS:
            monkeypatch.setattr(os, kind, self._wrap(kind, getattr(os, kind)))

    def points(self) -> list[tuple[str, int]]:
        """Every call counted, as (kind, k): where a failure can be injected."""
        return [(kind, k) for kind in KINDS for k in range(1, self.counts[kind] + 1)]

    def _wrap(self, kind: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.counts[kind] += 1
            if kind == self.kind and self.counts[kind] == self.at:
                self.failed = True
                raise self.error()
            return real(*args, **kwargs)

        return call
