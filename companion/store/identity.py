"""One history on several devices: what makes two records one, and which version wins.

A player keeps their games on a phone and on a computer, joined by export files: an
import merges a file into the store (`Store.import_all`). For the two devices to end
with the same records whatever the order of their imports, every record has a key both
devices agree on, and of two versions of one record both keep the same one:

- a game is keyed by its 'id', made when the game starts; the newer version is the one
  with the later 'updated';
- a scenario attempt by its 'id' (`attempt_id`). An attempt of a game is keyed by that
  game: ending a game again after an undo replaces its attempt, so it is the same
  attempt. One without a game is keyed by its scenario, date and score. Attempts saved
  before data version 3 had no id: the upgrade gives each this one, so two devices that
  upgrade the same attempt give it the same id. The newer version has the later 'date';
- a campaign by its 'id'; the newer version has the later 'updated', which the store
  sets at each save. A campaign saved before data version 3 has none: it is older than
  any that has one, and of two without, the one with more scenarios recorded is newer;
- two versions just as new that differ (one record changed on two devices within the
  same microsecond, or a copy written by an older app): the one whose content has the
  greater SHA-256 is kept, which every device works out alike;
- a player by their name, whatever its capitals (`validate.name_key`): of two spellings,
  the one that sorts first is kept ("Zoé" rather than "zoé").

Keeping, for each key, the newer of the two versions ends the same in any order, and a
file imported a second time changes nothing. What a device keeps for itself stays out
of the comparison and out of exports: a game's 'revision' counts the saves made on this
device (see "Revisions" in `store.py`). Exports list every record in one order (`sort`),
so that two devices holding the same records write the same file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

import msgspec

LOCAL = ("revision",)
"""Fields a device keeps for itself: never compared, never exported."""

Record = dict[str, Any]
Time = Callable[[Mapping[str, Any]], tuple[Any, ...]]
"""How new a version of a record is, before its digest breaks a tie."""


def _order(timestamp: str) -> str:
    """A sort key for ISO timestamps written with different UTC offsets (naive = UTC)."""
    moment = datetime.fromisoformat(timestamp)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="microseconds")


def attempt_id(attempt: Mapping[str, Any]) -> str:
    """The id of a scenario attempt: the same on every device, for the same attempt."""
    game = attempt.get("game")
    basis = (["game", game] if game is not None else
             ["scenario", attempt.get("scenario"), attempt.get("date"), attempt.get("score")])
    return "attempt-" + hashlib.sha256(msgspec.json.encode(basis)).hexdigest()[:24]


def with_id(attempt: Record) -> Record:
    """The attempt with its id first, derived if it has none."""
    return {"id": attempt.get("id") or attempt_id(attempt),
            **{k: v for k, v in attempt.items() if k != "id"}}


def shared(record: Mapping[str, Any]) -> Record:
    """What every device holds of a record: all of it but the `LOCAL` fields."""
    return {key: value for key, value in record.items() if key not in LOCAL}


def same(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    return shared(one) == shared(other)


def digest(record: Mapping[str, Any]) -> str:
    return hashlib.sha256(msgspec.json.encode(shared(record), order="sorted")).hexdigest()


def game_time(game: Mapping[str, Any]) -> tuple[str]:
    return (_order(game["updated"]),)


def attempt_time(attempt: Mapping[str, Any]) -> tuple[str]:
    return (_order(attempt["date"]),)


def campaign_time(campaign: Mapping[str, Any]) -> tuple[str, int]:
    """Its 'updated' ("" before data version 3), then how many scenarios it records."""
    updated = campaign.get("updated")
    recorded = sum(len(campaign.get(key) or []) for key in ("scenarios", "replayed"))
    return (_order(updated) if isinstance(updated, str) else "",
            recorded + (campaign.get("final") is not None))


def newer(new: Record, old: Record, time: Time,
          checked: Callable[[Record], Record] | None = None) -> bool:
    """Whether `new` replaces `old`, two versions of one record.

    `checked` gives the local version as an import would have checked it: a copy written
    by an older app may differ from its imported copy only by what the import works out
    again (see `derive.py`), and is then replaced by it, as the other device holds it."""
    if same(new, old):
        return False
    if checked is not None and time(new) == time(old):
        old = checked(old)
        if same(new, old):
            return True
    return (time(new), digest(new)) > (time(old), digest(old))


def newest(records: Iterable[Record], time: Time) -> list[Record]:
    """Each record once: of several versions with one id, the newer (see `newer`)."""
    kept: dict[str, Record] = {}
    for record in records:
        old = kept.get(record["id"])
        if old is None or newer(record, old, time):
            kept[record["id"]] = record
    return list(kept.values())


def merged(kind: str, here: list[Record], incoming: list[Record], time: Time,
           counts: dict[str, int], checked: Callable[[Record], Record] | None = None
           ) -> list[Record]:
    """The records of `kind` ("games"...) after an import: each new one added, each newer
    version taken, the others left alone, counted as `kind`, `kind_updated` and
    `kind_unchanged`. A record kept from `here` is the very object it was."""
    by_id = {record["id"]: record for record in here}
    for record in newest(incoming, time):
        old = by_id.get(record["id"])
        if old is None:
            counts[kind] += 1
        elif newer(record, old, time, checked):
            counts[f"{kind}_updated"] += 1
        else:
            counts[f"{kind}_unchanged"] += 1
            continue
        by_id[record["id"]] = record
    return list(by_id.values())


def merged_players(here: list[str], incoming: list[str], key: Callable[[str], str]
                   ) -> tuple[list[str], int]:
    """The players' names after an import, and how many are new; of two spellings of one
    name (by `key`), the one that sorts first."""
    names = {key(name): name for name in here}
    added = 0
    for name in incoming:
        known = names.get(key(name))
        if known is None:
            added += 1
        names[key(name)] = name if known is None else min(known, name)
    return list(names.values()), added


def sort(export: dict[str, Any], key: Callable[[str], str]) -> None:
    """Put an export's records in one order: games by creation, attempts by date,
    campaigns by creation, each then by id, and players by name (by `key`)."""
    export["games"].sort(key=lambda g: (_order(g["created"]), g["id"]))
    export["attempts"].sort(key=lambda a: (_order(a["date"]), a["id"]))
    export["campaigns"].sort(key=lambda c: (str(c.get("created") or ""), c["id"]))
    export["players"].sort(key=lambda name: (key(name), name))


def public(export: dict[str, Any]) -> dict[str, Any]:
    """The export without what each device keeps for itself (`LOCAL`)."""
    return {**export, "games": [shared(game) for game in export["games"]]}
