"""Trouble reaching a data file, worded so the player knows what to fix.

The content may be good, so the store renames nothing and says so ("Nothing was
changed"); the advice differs with the trouble: permissions, something else in the
file's place, or a failing disk.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from companion.store.reading import unreadable

PATH = Path("/data/store.json")


@pytest.mark.parametrize("code", [errno.EACCES, errno.EPERM], ids=["EACCES", "EPERM"])
def test_a_file_out_of_the_players_rights_says_how_to_give_them_back(code: int) -> None:
    error = unreadable(PATH, OSError(code, "Permission denied"))
    assert str(error) == (
        'Cannot read /data/store.json: permission denied. Nothing was changed. Make it'
        ' readable and writable by you (for example: chmod u+rw "/data/store.json") and'
        ' start again.')
    assert error.params == {"path": "/data/store.json"}


@pytest.mark.parametrize("code", [errno.EISDIR, errno.EINVAL], ids=["EISDIR", "EINVAL"])
def test_something_else_in_the_files_place_is_to_be_moved_out(code: int) -> None:
    error = unreadable(PATH, OSError(code, "not a regular file"))
    assert str(error) == (
        "Cannot read /data/store.json: it is not a regular file (a folder, a pipe or a"
        " device is in its place). Nothing was changed. Move it out of the data folder and"
        " start again.")
    assert error.params == {"path": "/data/store.json"}


def test_any_other_trouble_gives_the_systems_reason_and_suspects_the_disk() -> None:
    error = unreadable(PATH, OSError(errno.EIO, "Input/output error"))
    assert str(error) == (
        "Cannot read /data/store.json: Input/output error. Nothing was changed. The disk"
        " may be failing or disconnected: copy the data folder somewhere safe, check the"
        " disk, and start again.")
    assert error.params == {"path": "/data/store.json", "reason": "Input/output error"}


def test_trouble_without_a_system_reason_gives_the_errors_own_words() -> None:
    error = unreadable(PATH, OSError("the cable came out"))
    assert str(error).startswith("Cannot read /data/store.json: the cable came out. Nothing")
