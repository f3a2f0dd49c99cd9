"""Writing the files the player chooses (exports), and reading them as store errors.

The careful reading itself (regular files only, bounded size and nesting, no key twice)
is `companion.shipped.player_files`; here its refusals become store errors, as every
caller of the store expects.

An export writes only a new regular file or replaces an existing regular file, by the
same write-beside-then-rename as the data files (`atomic.atomic_write`). A symbolic link,
a device, a pipe or a folder at that path is refused and left as it is, and so is any
path in the data folder, also when reached through a linked folder. Renaming replaces a
name, never writes into the file it named, so a hard link to a data file elsewhere
cannot be written through either.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from companion.shipped import player_files
from companion.shipped.player_files import MAX_DEPTH, kind, nesting
from companion.store.errors import StoreError

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_DEPTH", "FileRefused", "JsonRefused", "decode_json", "export_bytes",
           "nesting", "read_regular", "write_regular"]


class FileRefused(StoreError):
    """A file the player chose that the app will not read or write; the message says why."""


class JsonRefused(StoreError):
    """Bytes that are not the JSON this app reads; the message says why (callers put it
    after the file's name)."""


def read_regular(path: Path, limit: int) -> bytes:
    """`player_files.read_regular`, refusing with the store's `FileRefused`."""
    try:
        return player_files.read_regular(path, limit)
    except player_files.FileRefused as exc:
        raise FileRefused(exc.template, **exc.params) from None


def decode_json(raw: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """`player_files.decode_json`, refusing with the store's `JsonRefused`."""
    try:
        return player_files.decode_json(raw, max_depth)
    except player_files.JsonRefused as exc:
        raise JsonRefused(exc.template, **exc.params) from None


def export_bytes(data: dict[str, Any]) -> bytes:
    """An export as its file holds it, whoever writes it (`companion export`, the
    settings' download, a table's game taken home): UTF-8 JSON, indented."""
    import msgspec  # only to write: `companion score` never pays for it

    return msgspec.json.format(msgspec.json.encode(data), indent=1)


def write_regular(path: Path, data: bytes, *, forbidden: Path) -> None:
    """Write `data` to `path`, a new file or a regular file it replaces, atomically.

    Refused (`FileRefused`, nothing written) when `path` is in the folder `forbidden`
    (the data folder; also through a linked folder) or names anything but a regular file.
    """
    from companion.store.atomic import atomic_write  # msgspec, tinydb: only to write
    from companion.store.exports import recorded

    path = Path(path).expanduser()
    try:
        inside = path.resolve().is_relative_to(forbidden.resolve())
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    except (OSError, RuntimeError) as exc:
        raise FileRefused("Cannot write {path}: {reason}.", path=str(path),
                          reason=getattr(exc, "strerror", None) or str(exc)) from None
    if inside or path.absolute().is_relative_to(forbidden.absolute()):
        raise FileRefused(
            "Export refused: {path} is inside the data folder {folder}, where it could"
            " overwrite your data. Choose a file outside that folder.",
            path=str(path), folder=str(forbidden))
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise FileRefused(
            "Export refused: {path} is {kind}; the export would replace it by a regular"
            " file. It was left as it is: choose another file name.",
            path=str(path), kind=kind(found.st_mode))
    try:
        with recorded(path):  # a kill before the rename leaves a temp file: see exports.py
            atomic_write(path, data)
    except OSError as exc:
        raise FileRefused("Could not write {path}: {reason}.", path=str(path),
                          reason=exc.strerror or str(exc)) from exc
