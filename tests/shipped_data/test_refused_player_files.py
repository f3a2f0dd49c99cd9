"""What the app tells a player about a file it will not read: what the file is (in the
player's words), why it cannot be read, and why its JSON is refused, word for word."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from companion.shipped.player_files import (
    FileRefused,
    JsonRefused,
    _unreadable,
    decode_json,
    kind,
    read_regular,
)


@pytest.mark.parametrize(("mode", "said"), [
    (stat.S_IFDIR, "a folder"),
    (stat.S_IFIFO, "a named pipe (FIFO)"),
    (stat.S_IFCHR, "a device"),
    (stat.S_IFBLK, "a device"),
    (stat.S_IFSOCK, "a socket"),
    (stat.S_IFLNK, "a symbolic link"),
    (0, "not a regular file"),
])
def test_what_a_file_that_is_not_regular_is_called(mode: int, said: str) -> None:
    assert kind(mode) == said


def test_a_missing_file_says_why_in_the_systems_words(tmp_path: Path) -> None:
    missing = tmp_path / "export.json"
    with pytest.raises(FileRefused) as refused:
        read_regular(missing, 1024)
    assert str(refused.value) == f"Cannot read {missing}: No such file or directory."


def test_an_error_without_the_systems_words_still_says_why(tmp_path: Path) -> None:
    """Not every OSError carries a `strerror` (one raised with a message only): the
    message is then the error's own text, never 'None'."""
    refused = _unreadable(tmp_path / "export.json", OSError("the disk went away"))
    assert str(refused) == f"Cannot read {tmp_path / 'export.json'}: the disk went away."


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_number_json_does_not_allow_is_named(constant: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        decode_json(f'{{"score": {constant}}}'.encode())
    assert str(refused.value) == f"{constant} is not a number JSON allows"
