"""What the app tells a player about a file it will not read: what the file is (in the
player's words), why it cannot be read, and why its JSON is refused, word for word."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from companion.shipped.player_files import (
    FileRefused,
    JsonRefused,
    _unreadable,
    decode_json,
    kind,
    nesting,
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


@pytest.mark.parametrize(("raw", "depth"), [
    (b"", 0),
    (b"42", 0),
    (b'"[[{"', 0),
    (b"[]", 1),
    (b'{"a": [1, {"b": []}]}', 4),
    (b'["\\\\", ["\\"["]]', 2),
    (b'["\\\\"]', 1),
])
def test_nesting_counts_lists_and_objects_not_brackets_in_strings(raw: bytes, depth: int) -> None:
    """A lone number or string nests nothing (depth 0); a bracket inside a string, even
    one after an escaped quote or an escaped backslash, is not nesting."""
    assert nesting(raw) == depth


def test_a_value_that_nests_nothing_fits_a_depth_of_zero() -> None:
    assert decode_json(b"42", max_depth=0) == 42


def test_a_duplicate_key_is_quoted_up_to_100_characters() -> None:
    """A key given twice is named, a long one cut at 100 characters."""
    key = "k" * 99 + "LONGER"
    with pytest.raises(JsonRefused) as refused:
        decode_json(json.dumps({key: 1}).replace("}", f", {json.dumps(key)}: 2}}").encode())
    assert str(refused.value) == (
        f'the key "{"k" * 99}L" appears twice in one object; which one is meant cannot be'
        " known")


def test_a_number_too_long_to_read_is_refused_with_the_reason() -> None:
    """An integer of 5,000 digits is more than Python converts: the player is told so,
    not shown a traceback."""
    with pytest.raises(JsonRefused) as refused:
        decode_json(b"1" * 5000)
    assert str(refused.value) == (
        "not valid JSON (Exceeds the limit (4300 digits) for integer string conversion:"
        " value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit)")


def test_a_long_reason_is_cut_at_200_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the decoder says, at most 200 characters of it reach the player."""
    def long_winded(*args: object, **kwargs: object) -> object:
        raise ValueError("w" * 199 + "XY")

    monkeypatch.setattr(json, "loads", long_winded)
    with pytest.raises(JsonRefused) as refused:
        decode_json(b"{}")
    assert str(refused.value) == f"not valid JSON ({'w' * 199}X)"
