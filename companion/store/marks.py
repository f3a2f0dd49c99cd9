"""Deletion marks: what makes a deletion travel from one device to another.

A game or a campaign the player deletes leaves a small mark in its place, in the same
commit: `{"id": ..., "kind": "game" | "campaign", "deleted": <when>}`, kept in the
table `deleted` of store.json and exported and imported like any record. Without it, a
game deleted on the phone came back with the next import from the computer, which still
had it.

A store holds a record or its mark, never both. When an import brings them together
(a mark from the file and the record here, or the other way round), time decides, as
it does between two versions of one record (see `identity.py`):

- the record stays, and the mark goes, if its version is newer than the deletion (its
  'updated' is later): the game was saved again after it was deleted elsewhere, so
  someone still wanted it;
- otherwise the deletion wins: the mark stays, and the record goes from this device. A
  campaign saved before data version 3 has no 'updated' and is older than any mark.

Of two marks of one record, the later deletion is kept. Both rules give one outcome
whatever the order in which devices exchange their files, and a file imported a second
time changes nothing. The mark's time is never earlier than the 'updated' of the
version it deleted (the store makes sure of it, whatever the clock says), so a mark
always wins over the version it was made for.

Undoing a deletion saves the record again: the mark goes, in the same commit, and the
record is given an 'updated' after the deletion, so it wins over the mark on a device
the mark already reached (an export made between the deletion and its undo).

Marks are never pruned: each is about a hundred bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.store.identity import _order, campaign_time

DELETED = "deleted"
"""The table of marks in store.json, and their list in an export."""
GAME, CAMPAIGN = "game", "campaign"
KINDS = (GAME, CAMPAIGN)
KEYS = ("id", "kind", "deleted")
"""The fields of a mark, no more."""

Mark = dict[str, Any]


def mark(kind: str, record_id: str, when: str) -> Mark:
    return {"id": record_id, "kind": kind, "deleted": when}


def key(found: Mapping[str, Any]) -> tuple[str, str]:
    return (str(found["kind"]), str(found["id"]))


def time_of(found: Mapping[str, Any]) -> str:
    return _order(found["deleted"])


def record_time(kind: str, record: Mapping[str, Any]) -> str:
    """When a version of a record was made, as compared with a deletion."""
    if kind == GAME:
        return _order(record["updated"])
    return campaign_time(record)[0]


def survives(kind: str, record: Mapping[str, Any], found: Mapping[str, Any] | None) -> bool:
    """Whether `record` stays beside the mark `found` of it: only if it is newer."""
    return found is None or record_time(kind, record) > time_of(found)


def newest(marks: Iterable[Mark]) -> dict[tuple[str, str], Mark]:
    """Each record's mark once, the later deletion (the same on every device)."""
    kept: dict[tuple[str, str], Mark] = {}
    for found in marks:
        old = kept.get(key(found))
        if old is None or (time_of(found), found["deleted"]) > (time_of(old), old["deleted"]):
            kept[key(found)] = found
    return kept


def sort(marks: list[Mark]) -> None:
    """Marks in one order in an export: by kind, then id."""
    marks.sort(key=lambda found: (found["kind"], found["id"]))


def apply(kind: str, records: list[dict[str, Any]], marks: dict[tuple[str, str], Mark],
          counts: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """The records of `kind` that survive their marks; the marks they beat are dropped
    from `marks`. Each record removed is counted as `<kind>s_deleted` in `counts`."""
    kept = []
    for record in records:
        found = marks.get((kind, record["id"]))
        if survives(kind, record, found):
            if found is not None:
                del marks[(kind, record["id"])]
            kept.append(record)
        elif counts is not None:
            counts[f"{kind}s_deleted"] += 1
    return kept


def alive(kind: str, incoming: list[dict[str, Any]],
            marks: dict[tuple[str, str], Mark]) -> list[dict[str, Any]]:
    """The incoming records of `kind` a mark does not beat: those it beats are not
    added, whatever this device holds (which is then no newer: see `apply`)."""
    return [r for r in incoming if survives(kind, r, marks.get((kind, r["id"])))]
