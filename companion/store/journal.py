"""One operation, one commit: how a change spanning several data files is made atomic.

In the words of SQLite's "Atomic Commit": the new content of every file is written
beside the old one, made durable, and then the switch is made in one atomic step.

1. Each new file content goes to a temp file next to its target, and is fsynced; the
   folders holding them are fsynced too. Nothing the app reads has changed yet.
2. The manifest `commit.json` is written (itself by temp file, fsync, rename, fsync of
   the folder). It lists each (target, temp, SHA-256 of the temp's content) and carries
   its own checksum. Its rename is the commit point: before it, the operation did not
   happen; after it, it did, even if the app dies the next instant.
3. Each temp is renamed over its target, the old content becoming `<target>.prev`
   first (see `atomic.keep_previous`); the folders are fsynced; the manifest is removed.

At opening (`recover`), a half-done switch is finished or undone: a manifest whose every
file is either still in its temp (checksum matching) or already in place is rolled
forward; a manifest none of whose files was switched yet and some of whose temps are
missing never reached its commit point durably, and is rolled back; no manifest means
any temp file is the leftover of an operation that never committed, and is deleted.

A change of one file needs no manifest: its rename is already one atomic step.

The read-only store, which must not write, reads through a manifest it finds (`view`):
the committed new content of each file listed, the current content of the others, as
if the roll-forward had been done.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

import msgspec

from companion.store.atomic import (
    Damaged,
    digest,
    encode,
    fsync_dir,
    keep_previous,
    move_into_place,
    read_regular,
    seal,
    unseal,
    write_temp,
)

MANIFEST = "commit.json"
FORMAT = "wonderful-companion-commit"


class Participant(Protocol):
    """What takes part in a batch: told whether its staged content was written."""

    def committed(self) -> None: ...

    def rolled_back(self) -> None: ...


@dataclass(frozen=True)
class Entry:
    target: Path
    temp: Path
    sha256: str


@dataclass
class Recovery:
    """What `recover` found that the player must be told (the store words it)."""

    damaged: Path | None = None
    """Where a damaged manifest was kept aside (its update could not be finished)."""
    lost: list[Path] = field(default_factory=list)
    """Files whose new content was lost although their update was committed."""


class Journal:
    """Commits the changes of one data folder, alone or several files at a time."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.manifest = folder / MANIFEST
        self._batch: dict[Path, tuple[bytes, Participant | None]] | None = None
        self._unfinished = False
        """A commit passed its commit point but could not be switched completely."""
        self._unsynced: set[Path] = set()
        """Folders whose last rename is not known to be durable yet."""

    def close(self) -> None:
        """Finish what an earlier failure left to do, if it can be done now."""
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            self._settle()

    # batches

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Gather every file written inside into one commit at the end; if the body
        raises, or the commit fails before its commit point, nothing is written and
        every participant rolls back. Nested batches join the outer one."""
        if self._batch is not None:
            yield
            return
        self._batch = {}
        try:
            yield
            staged = self._batch
        except BaseException:
            staged, self._batch = self._batch, None
            _roll_back(staged)
            raise
        self._batch = None
        try:
            self.commit({path: data for path, (data, _) in staged.items()})
        except BaseException:
            _roll_back(staged)
            raise
        for _, owner in staged.values():
            if owner is not None:
                owner.committed()

    def stage(self, path: Path, data: bytes, owner: Participant | None = None) -> None:
        """Write `path` now, or at the end of the current batch."""
        if self._batch is not None:
            self._batch[path] = (data, owner)
            return
        self.commit({path: data})
        if owner is not None:
            owner.committed()

    # committing

    def commit(self, changes: dict[Path, bytes]) -> None:
        """Replace every file of `changes` as one step. An `OSError` means nothing
        changed; once this returns, the change is durable (if the switch could not be
        completed, it is finished before the next commit, or at the next opening)."""
        self._settle()
        if len(changes) == 1:
            ((path, data),) = changes.items()
            self._replace_one(path, data)
            return
        if not changes:
            return
        entries = self._prepare(changes)
        self._unfinished = True
        with contextlib.suppress(OSError):
            self._switch(entries)

    def _replace_one(self, path: Path, data: bytes) -> None:
        """One file: its rename is the commit point. A failed fsync of the folder after
        it cannot take the rename back: it is done again before the next commit."""
        path.parent.mkdir(parents=True, exist_ok=True)
        move_into_place(write_temp(path, data), path, keep_prev=True)
        try:
            fsync_dir(path.parent)
        except OSError:
            self._unsynced.add(path.parent)

    def _prepare(self, changes: dict[Path, bytes]) -> list[Entry]:
        """Steps 1 and 2: the temps, then the manifest. On failure, nothing is left."""
        entries: list[Entry] = []
        try:
            for path, data in changes.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                entries.append(Entry(path, write_temp(path, data), digest(data)))
            for folder in sorted({e.temp.parent for e in entries}):
                fsync_dir(folder)
            move_into_place(write_temp(self.manifest, seal(encode(self._describe(entries)))),
                            self.manifest)
            try:
                fsync_dir(self.folder)
            except OSError:
                # Not known to be durable: take the commit back while we still can.
                os.unlink(self.manifest)
                raise
        except BaseException:
            for entry in entries:
                with contextlib.suppress(OSError):
                    os.unlink(entry.temp)
            raise
        return entries

    def _describe(self, entries: list[Entry]) -> dict[str, Any]:
        return {"format": FORMAT, "files": [
            {"target": self._relative(e.target), "temp": self._relative(e.temp),
             "sha256": e.sha256} for e in entries]}

    def _relative(self, path: Path) -> str:
        return path.relative_to(self.folder).as_posix()

    def _switch(self, entries: list[Entry]) -> None:
        """Step 3: each temp over its target (those still there), then drop the manifest."""
        for entry in entries:
            if entry.temp.exists():
                keep_previous(entry.target)
                os.replace(entry.temp, entry.target)
        for folder in sorted({e.target.parent for e in entries}):
            fsync_dir(folder)
        os.unlink(self.manifest)
        fsync_dir(self.folder)
        self._unfinished = False

    def _settle(self) -> None:
        """Finish a commit whose switch failed earlier, before anything else is written."""
        for folder in sorted(self._unsynced):
            fsync_dir(folder)
            self._unsynced.discard(folder)
        if self._unfinished:
            entries = self._read_manifest()
            if entries is None:
                self._unfinished = False
                return
            self._switch(entries)

    # opening

    def recover(self) -> Recovery:
        """Finish or undo a half-done switch found at opening (see the module docstring).
        `OSError` if the manifest or a file it lists cannot be read or switched."""
        try:
            entries = self._read_manifest()
        except (ValueError, KeyError, TypeError):
            aside = self.manifest.with_name(f"{MANIFEST}.damaged")
            os.replace(self.manifest, aside)
            return Recovery(damaged=aside)
        if entries is None:
            return Recovery()
        states = [_state(entry) for entry in entries]
        if "lost" in states and "done" not in states:
            os.unlink(self.manifest)  # never durably committed: roll back
            for entry in entries:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.temp)
            fsync_dir(self.folder)
            return Recovery()
        self._switch([e for e, s in zip(entries, states, strict=True) if s != "lost"])
        return Recovery(lost=[e.target for e, s in zip(entries, states, strict=True)
                              if s == "lost"])

    def _read_manifest(self) -> list[Entry] | None:
        """The entries of the manifest, None if there is none; ValueError if damaged."""
        try:
            raw = read_regular(self.manifest)
        except FileNotFoundError:
            return None
        return parse(self.folder, raw)


def parse(folder: Path, raw: bytes) -> list[Entry]:
    """The entries of a manifest's bytes; ValueError (or KeyError, TypeError) if damaged."""
    body, sealed = unseal(raw)
    if not sealed:
        raise Damaged("a manifest is always sealed")
    data = msgspec.json.decode(body)
    if data["format"] != FORMAT:
        raise ValueError("not a manifest")
    return [Entry(_inside(folder, f["target"]), _inside(folder, f["temp"]), str(f["sha256"]))
            for f in data["files"]]


def _inside(folder: Path, relative: object) -> Path:
    if not isinstance(relative, str):
        raise TypeError("a path is a text")
    parts = PurePosixPath(relative).parts
    if not parts or PurePosixPath(relative).is_absolute() or ".." in parts:
        raise ValueError("a path outside the data folder")
    return folder.joinpath(*parts)


def _state(entry: Entry) -> str:
    """'pending' (the temp holds the new content), 'done' (the target does), or 'lost'."""
    for path, state in ((entry.temp, "pending"), (entry.target, "done")):
        try:
            if digest(read_regular(path)) == entry.sha256:
                return state
        except FileNotFoundError:
            continue
    return "lost"


def _roll_back(staged: dict[Path, tuple[bytes, Participant | None]]) -> None:
    for _, owner in staged.values():
        if owner is not None:
            owner.rolled_back()


def view(folder: Path) -> tuple[bytes | None, dict[Path, bytes]]:
    """For a reader that must not write: (the manifest's bytes or None, the committed new
    content of each file it lists that is still in its temp). Files already switched, or
    whose content cannot be found, are read from their own path. A damaged manifest is
    ignored: the app sets it aside at its next opening."""
    try:
        raw = read_regular(folder / MANIFEST)
    except FileNotFoundError:
        return None, {}
    try:
        entries = parse(folder, raw)
    except (ValueError, KeyError, TypeError):
        return raw, {}
    found: dict[Path, bytes] = {}
    for entry in entries:
        try:
            data = read_regular(entry.temp)
        except FileNotFoundError:
            continue
        if digest(data) == entry.sha256:
            found[entry.target] = data
    return raw, found
