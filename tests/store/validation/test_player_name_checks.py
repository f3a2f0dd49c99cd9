"""A player's name as the store keeps it: trimmed and in Unicode NFC, so that "Zoé" typed
as one character or as "e" and an accent is one name; and the names it refuses."""

from __future__ import annotations

import pytest

from companion.store.errors import Invalid
from companion.store.validate import player_name

NAME = "a player's name must be 1 to 60 printable characters"


@pytest.mark.parametrize(("typed", "kept"), [
    ("Ann", "Ann"), ("  Ann \n", "Ann"), ("Zoe\u0301", "Zo\u00e9"), ("Jean Luc", "Jean Luc"),
    ("A" * 60, "A" * 60), (" " + "B" * 58 + " ", "B" * 58),
], ids=["as typed", "trimmed", "accent joined", "a space inside", "60 characters",
        "trimmed within 60"])
def test_a_name_is_kept_trimmed_and_composed(typed: str, kept: str) -> None:
    assert player_name(typed) == kept


@pytest.mark.parametrize(("typed", "message"), [
    ("", NAME), ("   ", NAME), ("An\tn", NAME), ("A\x00", NAME),
    ("A" * 61, "is longer than 60 characters"), (7, "must be a text, not a number"),
    (None, "must be a text, not null"),
], ids=["empty", "blank", "a tab inside", "a control character", "61 characters",
        "a number", "null"])
def test_a_name_is_refused_by_the_place_given_or_as_name(typed: object,
                                                         message: str) -> None:
    with pytest.raises(Invalid) as refused:
        player_name(typed)
    assert (refused.value.where, str(refused.value)) == ("name", f"name: {message}")
    with pytest.raises(Invalid) as refused:
        player_name(typed, "players[3]")
    assert str(refused.value) == f"players[3]: {message}"
