"""A count the store did not report is none: "0 games", never "1 game" or a crash.

An import of a file made by an older version reports no `attempts` or `*_updated`
counts at all; the messages must then say 0 of each, which only a test with the keys
left out can tell from a default of 1 or of nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import counts as counts_text
from companion.i18n import language, set_language


@pytest.fixture
def english() -> Iterator[None]:
    before = language()
    set_language("en")
    yield
    set_language(before)


def test_records_left_out_are_none(english: None) -> None:
    assert counts_text.records({}) == {"games": "0 games", "attempts": "0 scenario attempts",
                                       "campaigns": "0 campaigns", "players": "0 players"}


def test_a_merge_that_reported_nothing_says_none_of_each(english: None) -> None:
    assert counts_text.merged({}) == (
        "Updated to a newer version: 0 games, 0 scenario attempts and 0 campaigns. "
        "Already here and left alone: 0 games, 0 scenario attempts and 0 campaigns.")


def test_deletions_are_told_only_when_some_came(english: None) -> None:
    told = counts_text.merged({"campaigns_deleted": 1})
    assert told.endswith("Deleted here as on the other device: 0 games and 1 campaign.")
    told = counts_text.merged({"games_deleted": 2})
    assert told.endswith("Deleted here as on the other device: 2 games and 0 campaigns.")
