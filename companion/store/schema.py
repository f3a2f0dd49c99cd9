"""The layout of the data folder and the versions of its files.

Finished games are the bulk of the data and rarely change, so they live apart from what
changes often: `ongoing.json` holds only unfinished games (rewritten after every action,
so it must stay small), `store.json` holds the history index, scenario attempts,
campaigns, players and settings, and `archive/<year>-<month>.json` hold the full action
lists of finished games, read only when one is opened. With TinyDB rewriting a whole
file on every change, this keeps each write proportional to what changed.

Every file carries `schema_version` in its `_meta` table. `MIGRATIONS[n]` turns a file of
version n into version n + 1; they run in order, after a backup of the whole folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 4
"""The version this app writes. Bump it with a migration whenever the layout changes.

2: each file starts with the checksum of its content (`atomic.seal`), and each saved
game carries a "revision". An app of version 1 would take the checksum for damage and
set every file aside; at version 2 it refuses the files as newer, untouched, instead.

3: each scenario attempt has an "id" and each saved campaign an "updated", so that an
import from another device can tell a new record from a newer version of one it has
(see `identity.py`); exports leave out the games' "revision", which counts the saves of
one device only.

4: a deleted game or campaign leaves a deletion mark (the table "deleted" of store.json,
and the list "deleted" of an export: see `marks.py`), so that a deletion travels to the
other devices. Nothing to upgrade: there were no marks before. An app of version 3 would
drop the marks at its next import, and export none: it refuses these files as newer.
"""

Data = dict[str, dict[str, Any]]
Migration = Callable[[str, Data], Data]
"""(kind of file, its data at version n) -> its data at version n + 1."""


def _to_2(kind: str, data: Data) -> Data:
    """Nothing to change in the content: the checksum is added as the file is written
    again, and a game without a "revision" counts as revision 0 until its next save."""
    return data


def _to_3(kind: str, data: Data) -> Data:
    """Each scenario attempt gets the id every device derives from it alike
    (`identity.attempt_id`). Two attempts of one game (an import by version 2 kept both
    when the game was ended again on another device) are one attempt: the newer stays,
    as an import keeps the newer version of a record. Campaigns get their "updated" at
    their next save."""
    from companion.store import identity

    if kind != MAIN or ATTEMPTS not in data:
        return data
    table = {number: identity.with_id(doc) for number, doc in data[ATTEMPTS].items()}
    kept = {id(doc) for doc in identity.newest(table.values(), identity.attempt_time)}
    data[ATTEMPTS] = {number: doc for number, doc in table.items() if id(doc) in kept}
    return data


def _to_4(kind: str, data: Data) -> Data:
    """No deletion was marked before: the table of marks appears with the first."""
    return data


MIGRATIONS: dict[int, Migration] = {1: _to_2, 2: _to_3, 3: _to_4}

ExportMigration = Callable[[dict[str, Any]], dict[str, Any]]


def _export_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """An export has no checksum, and its games may lack a "revision": both read as is."""
    return data


def _export_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Each scenario attempt gets the id a store's upgrade gives it (`_to_3`); two
    versions of one are folded by the import. A "revision" still in the file is left to
    the import, which keeps each device's own."""
    from companion.store import identity

    attempts = data.get("attempts")
    if isinstance(attempts, list):
        data["attempts"] = [identity.with_id(a) if isinstance(a, dict) else a
                            for a in attempts]
    return data


def _export_to_4(data: dict[str, Any]) -> dict[str, Any]:
    """A file of version 3 marks no deletion: an empty list of marks. A game it holds that
    was deleted here since is not brought back: the mark here is newer (see `marks.py`)."""
    return data


EXPORT_MIGRATIONS: dict[int, ExportMigration] = {1: _export_to_2, 2: _export_to_3,
                                                 3: _export_to_4}
"""`EXPORT_MIGRATIONS[n]` turns an export file of version n into version n + 1, so files
exported by older versions of the app can still be imported."""

MAIN_FILE = "store.json"
ONGOING_FILE = "ongoing.json"
ARCHIVE_DIR = "archive"
SET_ASIDE_DIR = "set-aside"
"""Games the app could not open, each kept whole in an importable file."""
LOCK_FILE = "companion.lock"
BACKUP_DIR = "backups"

MAIN, ONGOING, ARCHIVE = "store", "ongoing", "archive"
META = "_meta"
ATTEMPTS = "attempts"
"""The table of scenario attempts in the main file, which `_to_3` upgrades."""


def fresh(kind: str) -> Data:
    return {META: {"1": {"schema_version": SCHEMA_VERSION, "kind": kind}}}


def version_of(data: Data) -> int:
    return int(data[META]["1"]["schema_version"])


def data_files(folder: Path) -> list[Path]:
    """Every data file of the folder that exists, main files first."""
    files = [folder / name for name in (MAIN_FILE, ONGOING_FILE) if (folder / name).is_file()]
    archive = folder / ARCHIVE_DIR
    if archive.is_dir():
        files += sorted(p for p in archive.glob("*.json") if p.is_file() and is_shard_name(p.name))
    return files


def is_shard_name(name: str) -> bool:
    stem = name.removesuffix(".json")
    return (
        name.endswith(".json")
        and len(stem) == 7
        and stem[4] == "-"
        and stem[:4].isdigit()
        and stem[5:].isdigit()
    )


def migrate(kind: str, data: Data) -> Data:
    """Bring `data` up to SCHEMA_VERSION, one migration at a time, in order."""
    version = version_of(data)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise LookupError(f"no migration from schema version {version}")
        data = step(kind, data)
        version += 1
        data[META] = {"1": {"schema_version": version, "kind": kind}}
    return data


def migrate_export(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older export up to SCHEMA_VERSION (its own version is checked by the caller)."""
    version = int(data["schema_version"])
    while version < SCHEMA_VERSION:
        step = EXPORT_MIGRATIONS.get(version)
        if step is None:
            raise LookupError(f"no export migration from version {version}")
        data = step(data)
        version += 1
        data["schema_version"] = version
    return data
