"""What opening the data folder says when it refuses or upgrades, pinned whole: a file
too new, an upgrade that fails (at each of its steps), an upgrade done, a data file out
of reach. The player acts on these words, so each names the file, the reason and where
the copy from before is."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from store_samples import SYSTEM_ERRORS, fake_record

from companion.store import StoreError, open_store, schema
from companion.store.backups import Backups
from companion.store.journal import Journal
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE, SCHEMA_VERSION

MONTH = Path(ARCHIVE_DIR) / "2025-01.json"


def filled(folder: Path) -> None:
    """A finished game (in the archive of January 2025) and one in progress."""
    with open_store(folder) as store:
        store.save_game(fake_record("done", 12, finished=True))
        store.save_game(fake_record("open", 7, minutes=60))


def rewrite(path: Path, version: int) -> None:
    """The file as an app of data `version` writes it: without a checksum."""
    data = json.loads(path.read_bytes())
    data.pop("_checksum", None)
    data["_meta"]["1"]["schema_version"] = version
    path.write_text(json.dumps(data))
    path.with_name(path.name + ".prev").unlink(missing_ok=True)


def version_on_disk(path: Path) -> int:
    return int(json.loads(path.read_bytes())["_meta"]["1"]["schema_version"])


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != schema.LOCK_FILE}


def snapshot(folder: Path) -> Path:
    (made,) = (folder / "backups").glob("*-before-migration")
    return made


def newer(path: Path) -> str:
    return (f"The data file {path} was written by a newer version of the app (data version"
            f" {SCHEMA_VERSION + 1}; this one reads up to {SCHEMA_VERSION}). It was left"
            " untouched: update the app to open it.")


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_newer_data_file_is_refused_in_words(folder: Path, name: str) -> None:
    filled(folder)
    rewrite(folder / name, SCHEMA_VERSION + 1)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == newer(folder / name)


def test_a_newer_archive_month_stops_an_upgrade_before_anything_is_written(
        folder: Path) -> None:
    """An older store.json is upgraded with every file of the folder at once: a month a
    newer app wrote refuses the whole upgrade, with that month named."""
    filled(folder)
    rewrite(folder / MAIN_FILE, SCHEMA_VERSION - 1)
    rewrite(folder / MONTH, SCHEMA_VERSION + 1)
    before = files(folder)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == newer(folder / MONTH)
    assert files(folder) == before


def test_an_upgrade_says_from_which_version_and_where_the_copy_is(folder: Path) -> None:
    filled(folder)
    rewrite(folder / ONGOING_FILE, SCHEMA_VERSION - 1)
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"Your data was upgraded from version {SCHEMA_VERSION - 1} to version"
            f" {SCHEMA_VERSION}. A copy of it as it was before is in {snapshot(folder)}."]
        assert store.game("open") is not None
    assert version_on_disk(folder / ONGOING_FILE) == SCHEMA_VERSION, \
        "upgraded though store.json, before it, needed nothing"



def test_an_older_month_met_when_read_is_upgraded_then(folder: Path) -> None:
    """store.json and ongoing.json are of today's version, so opening upgrades nothing;
    a month put back from an older app's copy is upgraded as it is first read."""
    filled(folder)
    rewrite(folder / MONTH, SCHEMA_VERSION - 1)
    with open_store(folder) as store:
        assert store.notices == []
        done = store.game("done")
        assert done == fake_record("done", 12, finished=True) | {"revision": 1}
        assert [str(n) for n in store.notices] == [
            f"Your data was upgraded from version {SCHEMA_VERSION - 1} to version"
            f" {SCHEMA_VERSION}. A copy of it as it was before is in {snapshot(folder)}."]
    assert version_on_disk(folder / MONTH) == SCHEMA_VERSION

def test_an_upgrade_whose_backup_cannot_be_made_changes_nothing(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    filled(folder)
    rewrite(folder / MAIN_FILE, SCHEMA_VERSION - 1)
    before = files(folder)

    def refused(self: Backups, label: str, now: Any = None) -> Path:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Backups, "snapshot", refused)
    with pytest.raises(StoreError) as caught:
        open_store(folder)
    assert str(caught.value) == (
        f"Cannot write in the data folder {folder}: Permission denied. Nothing was changed."
        " Make it writable, or choose another folder with --data-dir.")
    assert files(folder) == before


def test_an_upgrade_giving_data_this_app_does_not_write_is_refused(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    filled(folder)

    def malformed(kind: str, data: schema.Data) -> schema.Data:
        return data | {"games": {"first": {"id": "x"}}}

    monkeypatch.setattr(schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setattr(schema, "MIGRATIONS", {SCHEMA_VERSION: malformed})
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"Could not upgrade the data file {folder / MAIN_FILE} (migrated data is not well"
        " formed). A copy of the whole data folder from before the upgrade is in"
        f" {snapshot(folder)}.")


def test_an_upgrade_whose_commit_fails_names_the_folder_and_the_reason(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error without an errno (a network disk's) is told by its own words."""
    filled(folder)
    rewrite(folder / MAIN_FILE, SCHEMA_VERSION - 1)

    def failing(self: Journal, changes: dict[Path, bytes]) -> None:
        raise OSError("the network drive went away")

    monkeypatch.setattr(Journal, "commit", failing)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"Could not upgrade the data file {folder} (the network drive went away). A copy"
        " of the whole data folder from before the upgrade is in"
        f" {snapshot(folder)}.")
    assert version_on_disk(folder / MAIN_FILE) == SCHEMA_VERSION - 1


def test_a_data_file_out_of_reach_is_told_with_what_to_do(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied, a folder in the file's place, a failing disk: three messages."""
    filled(folder)
    main = folder / MAIN_FILE
    real = os.open
    failure: list[OSError] = []

    def failing(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(name) == main and failure:
            raise failure[0]
        return real(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", failing)
    told = {}
    for error in (OSError(errno.EPERM, "Operation not permitted"),
                  OSError(errno.EIO, "Input/output error"), OSError("the cable is out")):
        failure[:] = [error]
        with pytest.raises(StoreError) as refused:
            open_store(folder)
        told[error.errno] = str(refused.value)
    failure.clear()
    main.rename(folder / "moved.json")
    main.mkdir()
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert told == {
        errno.EPERM: f"Cannot read {main}: permission denied. Nothing was changed. Make it"
                     f" readable and writable by you (for example: chmod u+rw \"{main}\")"
                     " and start again.",
        errno.EIO: f"Cannot read {main}: Input/output error. Nothing was changed. The disk"
                   " may be failing or disconnected: copy the data folder somewhere safe,"
                   " check the disk, and start again.",
        None: f"Cannot read {main}: the cable is out. Nothing was changed. The disk may be"
              " failing or disconnected: copy the data folder somewhere safe, check the"
              " disk, and start again.",
    }
    assert str(refused.value) == (
        f"Cannot read {main}: it is not a regular file (a folder, a pipe or a device is in"
        " its place). Nothing was changed. Move it out of the data folder and start again.")


FULL = ("Cannot write in the data folder {folder}: the disk that holds it is full"
        " ({reason}). Nothing was changed. Make room on that disk (empty the trash, move or"
        " delete large files you no longer need) and try again, or choose a folder on"
        " another disk with --data-dir.")
SHUT = ("Cannot write in the data folder {folder}: {reason}. Nothing was changed. Make it"
        " writable, or choose another folder with --data-dir.")


def errno_only(code: int, words: str) -> OSError:
    """An error with an errno but no words of the system's (a network disk's)."""
    error = OSError(words)
    error.errno = code
    return error


@pytest.mark.parametrize(("error", "template", "reason"), [
    (OSError(errno.ENOSPC, "No space left on device"), FULL, "No space left on device"),
    (OSError(errno.EDQUOT, "Disk quota exceeded"), FULL, "Disk quota exceeded"),
    (errno_only(errno.ENOSPC, "the share is full"), FULL, "the share is full"),
    (OSError(errno.EACCES, "Permission denied"), SHUT, "Permission denied"),
    (OSError("the network drive went away"), SHUT, "the network drive went away"),
], ids=["full", "quota", "full without words", "denied", "without errno"])
def test_a_folder_that_takes_no_file_says_whether_the_disk_is_full(
        folder: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, template: str,
        reason: str) -> None:
    """A full disk is freed by making room, not by changing permissions: each is told
    what to do, with the system's own words for what went wrong."""
    filled(folder)
    real = tempfile.mkstemp

    def refused(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if kwargs.get("dir") == folder:
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(StoreError) as caught:
        open_store(folder)
    assert str(caught.value) == template.format(folder=folder, reason=reason)


@pytest.mark.parametrize(("error", "reason"), SYSTEM_ERRORS.values(), ids=SYSTEM_ERRORS)
def test_an_interrupted_update_that_cannot_be_finished_says_why_and_changes_nothing(
        folder: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str) -> None:
    filled(folder)
    before = files(folder)

    def failing(self: Journal) -> None:
        raise error

    monkeypatch.setattr(Journal, "recover", failing)
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    assert str(refused.value) == (
        f"An update of the data folder {folder} was interrupted and could not be finished"
        f" now: {reason}. Nothing else was changed. Make the folder and its files readable"
        " and writable by you, then start again.")
    assert files(folder) == before
