"""States to play one move on, and what the move said: the helpers of this folder's
tables (one move, its events or its refusal, whole)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.actions import Construct, Start
from companion.rules.cards import Resource
from companion.rules.engine import Event, apply, start_state
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState, Phase
from companion.shipped.catalog import Catalog

M, E, S, G, X = Resource

# Cards by number, with what the tables below rely on (cards.csv).
FINANCIAL_CENTER = 1  # M4 E1, bonus Fin1, recycles Gold, 5 copies
NUCLEAR_PLANT = 4  # recycles Energy
MILITARY_BASE = 3  # recycles Materials
ZEPPELIN = 18  # E2, recycles Exploration, 6 copies
GIANT_TOWER = 45  # M2 G3 Fin1
SECRET_LABORATORY = 53  # M2 G3, bonus K1, 2 copies
JUGGERNAUT = 13  # M3 E3 K1, bonus Gen2
CENTER_OF_THE_EARTH = 68  # X5 Gen2
OCCULT_DISTRICT = 85  # Corruption & Ascension
TOWER_OF_BABEL = 124  # War or Peace


def planning(cards: Catalog, *under_construction: int, mode: str = "solo", players: int = 1,
             **fields: Any) -> GameState:
    """Noram States B in round 1's Planning, with these cards under construction (numbered
    1, 2... in order) and the state's other `fields` set as given."""
    state, _ = start_state(Start(empire="Noram States", face="B", mode=mode,  # type: ignore[arg-type]
                                 players=players, expansions=("base",)), cards)
    for card in under_construction:
        apply(state, Construct(card), cards)
    state.drafted = 0
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def producing(cards: Catalog, step: Resource, to_place: int, *under_construction: int,
              **fields: Any) -> GameState:
    """As `planning`, then at the production step of `step` with `to_place` cubes left."""
    state = planning(cards, *under_construction, **fields)
    state.phase, state.step = Phase.PRODUCTION, step
    state.produced = state.to_place = to_place
    return state


def told(events: list[Event]) -> list[tuple[str, str, dict[str, Any]]]:
    """Each event as the player is told it (kind, English sentence, parameters)."""
    return [(e.kind, str(e), e.params) for e in events]


def refused(state: GameState, action: object, cards: Catalog) -> tuple[Refusal, str]:
    """The refusal's kind and whole message; the state is left exactly as it was."""
    before = state.copy()
    with pytest.raises(Rejected) as refusal:
        apply(state, action, cards)  # type: ignore[arg-type]
    assert state == before
    return refusal.value.kind, str(refusal.value)
