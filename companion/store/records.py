"""What the store works out from a game record: where it belongs, its summary, its order.

Shared by every side of the store (opening, queries, changes) and by the read-only
store, so that a game is ordered, listed and copied the same way everywhere.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from tinydb import Query

from companion.store.identity import _order as _order
from companion.store.reading import bulk

HEAVY = ("actions", "redo")
"""Fields of a game record left out of summaries: they are most of its size."""

T = TypeVar("T")
_Q = Query()


def archived(record: dict[str, Any]) -> bool:
    """Whether a game (or its summary) belongs in the history rather than ongoing.json."""
    return record["finished"] is True or record.get("abandoned") is True


def _copy(value: T) -> T:
    with bulk():
        result: T = msgspec.json.decode(msgspec.json.encode(value))
    return result


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in HEAVY}
