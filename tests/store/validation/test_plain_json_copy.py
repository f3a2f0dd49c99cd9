"""What `json_copy` lets into the store: a copy that is plain JSON and small enough.

Every record the store keeps goes through it, so what it refuses is refused by its place
(`games[4]`) with the reason, and never escapes as a Python error: the import of a file
reports it to the player, who fixes the file.
"""

from __future__ import annotations

import sys

import pytest

from companion.store.errors import Invalid
from companion.store.validate import json_copy


def refusal(value: object, where: str, limit: int | None = None) -> Invalid:
    with pytest.raises(Invalid) as refused:
        if limit is None:
            json_copy(value, where)
        else:
            json_copy(value, where, limit)
    return refused.value


def test_a_value_of_exactly_the_limit_is_kept_and_one_byte_more_is_refused() -> None:
    assert json_copy("abc", "notes", 5) == "abc"  # "abc" is 5 bytes of JSON, quotes and all
    refused = refusal("abcd", "notes", 5)
    assert (refused.where, str(refused)) == ("notes", "notes: is 6 bytes; the limit is 5")


def test_the_copy_is_plain_json_and_not_the_value_given() -> None:
    value = {"cards": (1, 2), "name": "Ann", "score": None}
    copy = json_copy(value, "game")
    assert copy == {"cards": [1, 2], "name": "Ann", "score": None}
    copy["name"] = "Bob"
    assert value["name"] == "Ann"


def test_a_value_json_cannot_hold_is_refused_with_the_reason() -> None:
    refused = refusal({"when": object()}, "campaigns[1]")
    assert (refused.where, str(refused)) == (
        "campaigns[1]", "campaigns[1]: is not plain JSON data (Encoding objects of type"
        " object is unsupported)")


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def reason_at(depth: int) -> str | None:
    """Why `json_copy` refuses a list nested `depth` deep, if it does."""
    try:
        json_copy(nested(depth), "games[2]")
    except Invalid as refused:
        assert (refused.where, refused.template) == (
            "games[2]", "is not plain JSON data ({reason})")
        return str(refused.params["reason"])
    return None


def test_a_value_nested_too_deep_is_refused_where_it_is_whether_written_or_read() -> None:
    """JSON nested deeper than Python can follow is refused: from the depth where it can
    still be written but not read back (found by halving), and deeper still."""
    kept, refused = 1, sys.getrecursionlimit() + 10
    assert reason_at(kept) is None
    while refused - kept > 1:
        middle = (kept + refused) // 2
        kept, refused = (kept, middle) if reason_at(middle) else (middle, refused)
    assert str(reason_at(refused)).endswith(" while deserializing an object")
    assert str(reason_at(sys.getrecursionlimit() + 10)).endswith(
        " while serializing an object")
