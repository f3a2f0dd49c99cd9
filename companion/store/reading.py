"""Reading one data file, and telling damage from trouble.

Damage is content that cannot be decoded: bytes that are not UTF-8, JSON cut short or
invalid, a checksum that does not match (a flipped bit, a zeroed block), a shape this
app never writes. A damaged file is useless as it is: the store keeps it aside and puts
its last good copy in its place (see `DataFolder._recover` in `folder.py`).

Trouble is the file being out of reach: permission denied, an input/output error, a
folder or a pipe where the file should be. The content may be perfectly good, so nothing
is renamed: the store refuses to open with a message that says what to fix (`unreadable`).
"""

from __future__ import annotations

import contextlib
import errno
import gc
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from companion.store import schema
from companion.store.atomic import Damaged, read_regular, unseal
from companion.store.errors import StoreError
from companion.store.marks import DELETED as DELETED
from companion.store.schema import ATTEMPTS as ATTEMPTS
from companion.store.schema import META, Data

GAMES = "games"
HISTORY = "history"
CAMPAIGNS = "campaigns"
PLAYERS = "players"
SETTINGS = "settings"

_DOC_FIELDS: dict[str, dict[str, type]] = {
    GAMES: {"id": str},
    HISTORY: {"id": str, "shard": str, "summary": dict, "order": str},
    CAMPAIGNS: {"id": str},
    PLAYERS: {"name": str},
    ATTEMPTS: {"scenario": str},
    SETTINGS: {},
    DELETED: {"id": str, "kind": str, "deleted": str},
}


@dataclass
class Reading:
    data: Data | None = None
    problem: tuple[str, dict[str, Any]] | None = None
    missing: bool = False
    raw: bytes | None = None
    """The encoded `data` (without its checksum), while it still matches `data`."""

    @property
    def version(self) -> int:
        return schema.version_of(self.data) if self.data is not None else schema.SCHEMA_VERSION


@contextlib.contextmanager
def bulk() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects at once.

    Decoding megabytes of JSON allocates tens of thousands of containers, each allocation
    counting towards a collection that then scans the whole heap, for nothing: decoded
    JSON holds no reference cycles. Pausing it makes opening and listing twice as steady.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def unreadable(path: Path, exc: OSError) -> StoreError:
    """Trouble reaching a data file: what to fix, and the promise nothing was touched."""
    if exc.errno in (errno.EACCES, errno.EPERM):
        return StoreError(
            "Cannot read {path}: permission denied. Nothing was changed. Make it readable"
            " and writable by you (for example: chmod u+rw \"{path}\") and start again.",
            path=str(path))
    if exc.errno == errno.EISDIR or exc.errno == errno.EINVAL:
        return StoreError(
            "Cannot read {path}: it is not a regular file (a folder, a pipe or a device is"
            " in its place). Nothing was changed. Move it out of the data folder and start"
            " again.", path=str(path))
    return StoreError(
        "Cannot read {path}: {reason}. Nothing was changed. The disk may be failing or"
        " disconnected: copy the data folder somewhere safe, check the disk, and start"
        " again.", path=str(path), reason=exc.strerror or str(exc))


def read(path: Path, kind: str) -> Reading:
    """Read and check a data file without changing anything on the disk. A missing file
    reads as a fresh one; trouble reading it raises `OSError` (see `unreadable`)."""
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        return Reading(data=schema.fresh(kind), missing=True)
    return decode(raw, kind)


def verify(path: Path, kind: str, *, unsealed: bool = True) -> tuple[str, dict[str, Any]] | None:
    """The damage of a data file, found without decoding it: its checksum is enough to
    know it is what the app wrote. A file written before checksums existed is decoded
    whole, or, with `unsealed=False`, taken as it is (it is checked when it is used).
    None if it reads whole or does not exist; trouble reaching it raises `OSError`.
    Cheap enough to check every file of the folder at every opening."""
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        return None
    try:
        _, sealed = unseal(raw)
    except Damaged:  # decoding says what is wrong, in the words of `decode`
        return decode(raw, kind).problem
    if sealed or (not unsealed and raw.strip()):
        return None
    return decode(raw, kind).problem


def decode(raw: bytes, kind: str) -> Reading:
    """Check the bytes of a data file of `kind`; damage is a `problem`, never an error."""
    if not raw.strip():
        return Reading(problem=("it is empty", {}))
    try:
        body, _ = unseal(raw)
    except Damaged:
        return Reading(problem=("its checksum does not match its content: it was changed or"
                                " damaged on the disk", {}))
    try:
        with bulk():
            data = msgspec.json.decode(body)
    except (ValueError, RecursionError):  # msgspec.DecodeError, UnicodeDecodeError
        return Reading(problem=("it is not valid JSON (cut short or corrupted)", {}))
    not_ours: tuple[str, dict[str, Any]] = ("it is not a data file of this app", {})
    try:
        meta = data[META]["1"]
        version = meta["schema_version"]
        if meta.get("kind") != kind or not isinstance(version, int) or isinstance(version, bool):
            return Reading(problem=not_ours)
    except (TypeError, KeyError, AttributeError):
        return Reading(problem=not_ours)
    if version <= schema.SCHEMA_VERSION and not well_formed(data):
        return Reading(problem=("its content is not what this app writes", {}))
    return Reading(data=data, raw=body)


def well_formed(data: object) -> bool:
    if not isinstance(data, dict):
        return False
    for name, table in data.items():
        if not isinstance(table, dict):
            return False
        needed = _DOC_FIELDS.get(name, {})
        for doc_id, doc in table.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                return False
            for key, kind in needed.items():
                if not isinstance(doc.get(key), kind):
                    return False
    return True


def good_copy(path: Path, kind: str) -> Reading | None:
    """A copy (the previous generation, a backup) if it reads whole, else None: a copy
    that cannot be read is only one less candidate."""
    try:
        reading = read(path, kind)
    except OSError:
        return None
    if reading.data is None or reading.missing or reading.version > schema.SCHEMA_VERSION:
        return None
    return reading


def saved_setting(folder: Path, name: str) -> object | None:
    """A setting as the app saved it in `folder`, None when it never saved one: read
    without opening the store (no lock taken, nothing written, not even the folder), so
    that the command line can speak the app's language before it knows what it will do,
    and while the app holds the folder. Damage or trouble reads as no setting: the
    command that opens the store says what is wrong."""
    try:
        data = read(folder / schema.MAIN_FILE, schema.MAIN).data
    except OSError:
        return None
    settings = data.get(SETTINGS) if isinstance(data, dict) else None
    saved = settings.get("1") if isinstance(settings, dict) else None
    return saved.get(name) if isinstance(saved, dict) else None
