"""The app's services for a test: the shipped cards and scenarios, games kept in memory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.actions import Action, Start
from companion.shipped.catalog import catalog
from companion.usecases.services import Backend, MemoryBackend, Services, load_scenarios
from companion.usecases.session import GameSession


def memory_services(backend: Backend | None = None, **settings: Any) -> Services:
    """Services on `backend`, or on a new memory backend holding `settings`."""
    return Services(catalog=catalog(), backend=backend or MemoryBackend(settings=dict(settings)),
                    scenarios=load_scenarios())


def played(services: Services, actions: Sequence[Action]) -> GameSession:
    """A game played move by move through a session, which saves each one."""
    start = actions[0]
    assert isinstance(start, Start)
    session = GameSession.new(services, start)
    for action in actions[1:]:
        session.play(action)
    return session


def saved_moves(services: Services, game_id: str) -> dict[str, Any]:
    """What the store holds of a game's moves: its actions, its redo list and what the
    next Undo or Redo moves at once."""
    record = services.backend.game(game_id)
    assert record is not None
    return {key: record[key] for key in ("actions", "redo", "back") if key in record}
