"""The player's data: games, scenario attempts, campaigns, players and settings.

One `Store` owns one data folder for the life of the app, behind a lock file, because
TinyDB is not safe with two writers. Every change is on the disk when its method
returns; a change that cannot be written raises `StoreError` and leaves both the disk
and what the app reads exactly as they were.

The folder holds three kinds of files (see `schema.py`): `ongoing.json` with unfinished
games, `store.json` with everything else plus a summary of each finished game, and
`archive/<year>-<month>.json` with the full records of finished games, read on demand.
Opening the store decodes only the first two, so it stays fast with years of history
(the archive months are only checked against their checksums then).

How a change is committed, in the words of SQLite's "Atomic Commit"
-------------------------------------------------------------------
Every user operation is one commit, however many files it touches: saving an action
(ongoing.json), finishing a game with its scenario attempt (ongoing.json, store.json
and an archive file), abandoning, resuming, deleting or setting aside a game, a
campaign record, an import (merge or replace), a reset, an upgrade of the files.
During the operation TinyDB changes only memory (`Journal.batch`); at its end the new
state of each changed file is written beside the old one, in a temp file, and made
durable; then the switch is made in one atomic step: the rename of the manifest
`commit.json`, which lists every temp and its checksum (a change of a single file
needs no manifest: its own rename is that step). The temps are then renamed over
their targets, each old version kept as `<file>.prev`, and the manifest removed. At
opening, a manifest found is a half-done switch: it is finished (rolled forward) if its
new contents are all there, or undone (rolled back) if it never durably committed; a
stray temp file without a manifest is the leftover of an operation that did not commit,
and is deleted. So after a crash at any instant the data is exactly as before the
operation, or exactly as after it. `journal.py` has the details; the read-only store
reads through a manifest it finds, as if it had been rolled forward, writing nothing.

Damage and trouble
------------------
Each file carries the SHA-256 of its content (`atomic.seal`), checked for every file at
every opening. A file that cannot be decoded or fails its checksum is damaged: it is
renamed `<file>.damaged-<stamp>` (never deleted), its previous generation `<file>.prev`
is put in its place, or failing that the newest good daily backup; an archive month is
rebuilt game by game from all its copies, the games' own backups among them; and a
`Notice` tells the player at once what is lost, in words (`mending.py`). A file that
cannot be reached (permission denied, an I/O error, a folder in its place) is trouble,
not damage: the store refuses to open with a message saying what to fix, and renames
nothing (see `reading.py`).

Mending at opening is itself made of steps that fail safely: the damaged file is
renamed aside first, then its rebuilt content is committed with the rest of the
opening's changes; a crash between the two leaves a month missing that the history
lists, which the next opening rebuilds from the same copies. Each game's own backup
(`backups.GameBackups`) is written whole by rename after the save it follows has
committed, so a failure there costs the save nothing and leaves the last good backup.

Revisions
---------
Each saved game carries `"revision"`, set by the store: one more at each save. A caller
that passes the revision it last saw (`save_game(record, expected_revision=n)`) has
its save refused with `StoreConflict` if the game changed since, for example in
another browser tab. The revision counts the saves of this device only: exports leave it
out, and an import that replaces a game here moves it past the one it had.

One history on several devices
------------------------------
A phone and a computer share one history through export files: an import adds each
game, scenario attempt and campaign this store does not have, takes the newer version
of each it has, and leaves the others alone, all keyed by a stable id (`identity.py`
says which version is newer, the same on every device). Once each device has imported
the other's export, in either order, both export the same records: the same file but
for the settings, which belong to each device (a merge never changes a setting chosen
here; the file's fill in only those never chosen). A file imported a second time
changes nothing, and nothing is written.

Deletions travel as well: deleting a game or a campaign leaves a deletion mark (its id,
kind and when) in the same commit, exported and imported like a record (`marks.py`).
Where a record and its mark meet, time decides, as between two versions: the deletion
wins over every version not newer than it, so the game goes from the other device too;
a version saved after it (played on after it was deleted elsewhere) wins over it, and
the mark goes. Undoing a deletion saves the record again: its mark goes in that commit,
and the record is dated after the deletion, so it also wins where the mark already
went. A game set aside (`set_aside_game`) leaves no mark: the player did not delete it.

Where each part is
------------------
`open_store`, here, opens the folder for the app, or read-only (`readonly.py`). The
`Store` is built in four layers, a module each: `folder.py` opens the data folder
(its lock, upgrades, the archive files), with `mending.py` beneath it (damaged files),
`queries.py` is the store's reading side, `imports.py` its imports, and `changes.py`
every other change, which completes `Store`. Below them, `storage.py` is one data file
as TinyDB sees it, `records.py` what the store works out from a game record,
`identity.py` what makes two records one, `marks.py` what a deletion leaves, and
`backups.py` the daily copies and each game's own backup.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from companion.store import schema
from companion.store.changes import Store as Store
from companion.store.changes import _check_actions as _check_actions
from companion.store.errors import StoreError, StoreLocked
from companion.store.folder import Notice as Notice
from companion.store.folder import _unwritable
from companion.store.location import absolute
from companion.store.reading import Reading, bulk, decode, well_formed

# The names older callers import from here.
_Reading, _decode, _well_formed, _bulk = Reading, decode, well_formed, bulk


def open_store(folder: Path, *, read_only: bool = False) -> Store:
    """Open the data folder for this process alone; `StoreLocked` if another app has it.

    `read_only=True` opens it without the lock and without writing anything, even while
    the app holds it, for commands that only read (see `readonly.py`).
    """
    folder = absolute(folder)
    if read_only:
        from companion.store.readonly import open_store_readonly

        return open_store_readonly(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "Cannot create the data folder {folder}: {reason}. Choose another one with"
            " --data-dir.", folder=str(folder), reason=exc.strerror or str(exc)
        ) from exc
    lock = FileLock(folder / schema.LOCK_FILE, timeout=0, thread_local=False,
                    fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise StoreLocked(
            "The data folder {folder} is already open in another window or copy of the"
            " app. Close it there first, or use another folder with --data-dir.",
            folder=str(folder),
        ) from None
    except OSError as exc:
        raise _unwritable(folder, exc) from exc
    try:
        store = Store(folder, lock)
        store._load()
    except BaseException:
        lock.release()
        raise
    return store
