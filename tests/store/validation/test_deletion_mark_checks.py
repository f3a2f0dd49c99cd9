"""What a deletion mark of an import is refused for, word for word, and what is kept.

A mark says a game or campaign was deleted on another device (see `marks.py`); an import
that trusted a wrong one would delete a record here, so each field is checked and each
refusal names the mark by its place (`deleted[2].kind`).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.store.errors import Invalid
from companion.store.validate import deletion_mark

DATE = "2025-06-08T12:00:00+00:00"


def mark(**fields: Any) -> dict[str, Any]:
    """A mark of a deleted game that every check accepts; `fields` change it."""
    return {"id": "g-1", "kind": "game", "deleted": DATE} | fields


@pytest.mark.parametrize(("raw", "where", "message"), [
    ([], "deleted[2]", "must be a deletion mark (an object with id, kind and deleted),"
     " not a list"),
    (mark(reason="old"), "deleted[2]",
     "has unknown fields reason; allowed: id, kind, deleted"),
    ({"kind": "game"}, "deleted[2]", "is missing id, deleted"),
    (mark(id=""), "deleted[2].id", "must be 1 to 100 printable characters"),
    (mark(id=3), "deleted[2].id", "must be a text id, not a number"),
    (mark(kind="player"), "deleted[2].kind", "must be one of game, campaign"),
    (mark(kind=None), "deleted[2].kind", "must be one of game, campaign"),
    (mark(deleted="today"), "deleted[2].deleted",
     "'today' is not a date and time like 2025-01-31T18:02:00"),
    (mark(deleted=None), "deleted[2].deleted",
     "must be a date and time (ISO 8601, like 2025-01-31T18:02:00), not null"),
], ids=["not an object", "an unknown field", "fields missing", "empty id", "id a number",
        "unknown kind", "kind null", "deleted not a date", "deleted null"])
def test_a_mark_is_refused_with_where_and_why(raw: object, where: str,
                                             message: str) -> None:
    with pytest.raises(Invalid) as refused:
        deletion_mark(raw, "deleted[2]")
    assert (refused.value.where, str(refused.value)) == (where, f"{where}: {message}")


@pytest.mark.parametrize("kind", ["game", "campaign"])
def test_a_mark_of_either_kind_is_kept_in_the_order_of_its_fields(kind: str) -> None:
    raw = {"deleted": DATE, "kind": kind, "id": "x-1"}
    kept = deletion_mark(raw, "deleted[0]")
    assert list(kept.items()) == [("id", "x-1"), ("kind", kind), ("deleted", DATE)]
