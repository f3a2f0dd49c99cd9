"""Reading files the player chooses, without trusting them: imports, their own scenarios,
a tableau to score.

A path the player types may name anything: a named pipe (reading it waits forever for a
writer), a device (`/dev/zero` never ends), a folder, a symbolic link to any of those, or
a live data file of the app. So:

- A file is read only if it is a regular file, checked twice: `stat` before opening (so
  a device is never even opened), then `fstat` on what was opened (so a file swapped in
  between is caught). It is opened with O_NONBLOCK, so a pipe swapped in at that instant
  cannot block the open either. A symbolic link to a regular file is followed: a player
  who keeps a link to their latest export expects `import` to read it; one to a pipe or
  a device is refused like the pipe or device itself.
- A read never goes past its limit: at most `limit + 1` bytes are read, and one byte too
  many refuses the file, whatever its size claims to be (`/dev/zero` says 0).
- JSON from such a file is decoded by `decode_json`: UTF-8 only (a leading byte order
  mark, which Windows editors write, is dropped), no key twice in one object (a decoder
  keeps the last and hides the first), nesting at most `MAX_DEPTH` deep (the whole app
  reads data recursively; 100,000 nested lists must be a message, never a
  RecursionError), no NaN or Infinity.

It sits with the shipped data, whose loader reads the player's own scenario files with
it; the store reads imports with it and writes exports (`companion.store.files`).
"""

from __future__ import annotations

import errno
import json
import os
import stat
from array import array
from itertools import accumulate
from pathlib import Path

from companion.i18n import PlayerError, t

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any

MAX_DEPTH = 64
"""An export nests 6 deep, a scenario file 4: 64 leaves room and stays far below the
interpreter's recursion limit (1,000) for every reader of the data."""
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_BRACKETS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_SKELETON = bytes(b for b in range(256) if b not in b'[]{}"')


class FileRefused(PlayerError):
    """A file the player chose that the app will not read; the message says why."""


class JsonRefused(PlayerError):
    """Bytes that are not the JSON this app reads; the message says why (callers put it
    after the file's name)."""


def kind(mode: int) -> str:
    """What a non-regular file is, in the player's words."""
    if stat.S_ISDIR(mode):
        return t("a folder")
    if stat.S_ISFIFO(mode):
        return t("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return t("a device")
    if stat.S_ISSOCK(mode):
        return t("a socket")
    if stat.S_ISLNK(mode):
        return t("a symbolic link")
    return t("not a regular file")


def _not_regular(path: Path, mode: int) -> FileRefused:
    return FileRefused("{path} cannot be read: it is {kind}, not a regular file.",
                       path=str(path), kind=kind(mode))


def _unreadable(path: Path, exc: OSError) -> FileRefused:
    return FileRefused("Cannot read {path}: {reason}.", path=str(path),
                       reason=exc.strerror or str(exc))


def _too_large(path: Path, limit: int) -> FileRefused:
    size = f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 1024} KB"
    return FileRefused("{path} is larger than {limit}: it is not a file this app reads.",
                       path=str(path), limit=size)


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (a link to one is followed), at most `limit`.

    `FileRefused` if it is missing, unreadable, not a regular file or larger than `limit`.
    """
    try:
        before = os.stat(path)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    if not stat.S_ISREG(before.st_mode):
        raise _not_regular(path, before.st_mode)
    if before.st_size > limit:
        raise _too_large(path, limit)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a pipe swapped in with no writer
            raise _not_regular(path, stat.S_IFSOCK) from None
        raise _unreadable(path, exc) from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise _not_regular(path, opened.st_mode)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(path, limit)
    return b"".join(chunks)



class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return found


def _constant(name: str) -> None:
    raise JsonRefused("{value} is not a number JSON allows", value=name)


def nesting(raw: bytes) -> int:
    """How deep the lists and objects of a JSON text nest, without decoding it.

    Brackets inside strings do not count: escaped backslashes and quotes are removed,
    then all but quotes and brackets, the rest is cut at the quotes and every other piece
    (a string) dropped. All of it runs in C, so a 25 MB export takes a fraction of its
    decoding time.
    """
    plain = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_SKELETON)
    structure = b"".join(plain.split(b'"')[::2]).translate(_BRACKETS, _NOT_BRACKETS)
    return max(accumulate(array("b", structure)), default=0)


def decode_json(raw: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of `raw`; `JsonRefused` says what is wrong with it, and where. A
    leading UTF-8 byte order mark is not part of the text."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonRefused("not UTF-8 text (a bad byte at position {position})",
                          position=exc.start) from None
    depth = nesting(raw)
    if depth > max_depth:
        raise JsonRefused("lists and objects nested {depth} deep; at most {limit} is"
                          " allowed", depth=depth, limit=max_depth)
    try:
        return json.loads(text, object_pairs_hook=_unique, parse_constant=_constant)
    except _DuplicateKey as exc:
        raise JsonRefused("the key \"{key}\" appears twice in one object; which one is"
                          " meant cannot be known", key=exc.key[:100]) from None
    except json.JSONDecodeError as exc:
        raise JsonRefused("not valid JSON ({reason} at line {line}, column {column})",
                          reason=exc.msg, line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError) as exc:
        raise JsonRefused("not valid JSON ({reason})", reason=str(exc)[:200]) from None
