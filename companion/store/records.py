"""What the store works out from a game record: where it belongs, its summary, its order.

Shared by every side of the store (opening, queries, changes) and by the read-only
store, so that a game is ordered, listed and copied the same way everywhere.
"""

from __future__ import annotations

from datetime import datetime
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


def shard_of(record: dict[str, Any]) -> str:
    created = datetime.fromisoformat(record["created"])
    return f"{created.year:04d}-{created.month:02d}"


def _table_data(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(number): doc for number, doc in enumerate(docs, start=1)}


def revision_of(record: dict[str, Any] | None) -> int:
    """The revision a stored game (or its summary) carries; 0 for none or a bad one."""
    value = record.get("revision") if record is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
