"""What the app says of a rebuilt archive month, word for word: which games are lost
(the month's last ones, all of it, or by their days), the days listed (at most eight,
then how many more), and the notices that count the games lost or brought back older.

A player reads these once, after damage, to learn what is gone: a wrong count or a
wrong day misleads exactly when it matters."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from companion.i18n import set_language
from companion.store.mending import (
    DATES_SHOWN,
    Mending,
    Month,
    date_words,
    dates_words,
    lost_games,
    month_words,
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def played(day: int) -> dict[str, Any]:
    """A game's summary (or record) begun on January `day`, 2025."""
    return {"created": f"2025-01-{day:02d}T20:30:00+00:00"}


def jan(day: int) -> str:
    return f"January {day}, 2025"


def test_a_month_none_of_which_was_kept_is_lost_whole() -> None:
    assert str(lost_games("2025-01", [played(5)], [])) == "the game of January 2025"
    assert str(lost_games("2025-01", [played(5), played(6)], [])) == \
        "the 2 games of January 2025"
    set_language("fr")
    assert str(lost_games("2025-01", [played(5), played(6)], [])) == \
        "les 2 parties de janvier 2025"


def test_the_games_after_the_last_one_kept_are_told_as_the_months_last() -> None:
    kept = [played(3), {"created": "not a date"}, played(1)]
    assert str(lost_games("2025-01", [played(5)], kept)) == \
        "the game of January 2025 played after January 3"
    assert str(lost_games("2025-01", [played(4), played(7)], kept)) == \
        "the 2 games of January 2025 played after January 3"


def test_games_lost_among_those_kept_are_told_by_their_days() -> None:
    assert str(lost_games("2025-01", [played(2)], [played(3)])) == \
        f"the game played on {jan(2)}"
    assert str(lost_games("2025-01", [played(9), played(2)], [played(5)])) == \
        f"the 2 games played on {jan(2)}, {jan(9)}"
    # A lost game of no readable day is not "after" anything: counted, its day unsaid.
    assert str(lost_games("2025-01", [{}, played(9)], [played(5)])) == \
        f"the 2 games played on {jan(9)}"
    # Lost on the last kept game's day is not after it.
    assert str(lost_games("2025-01", [played(5)], [played(5)])) == \
        f"the game played on {jan(5)}"


def test_days_are_listed_once_each_in_order_eight_at_most() -> None:
    assert DATES_SHOWN == 8
    assert str(dates_words([date(2025, 1, 9), None, date(2025, 1, 2), date(2025, 1, 2)])) \
        == f"{jan(2)}, {jan(9)}"
    eight = [date(2025, 1, d) for d in range(1, 9)]
    assert str(dates_words(eight)) == ", ".join(jan(d) for d in range(1, 9))
    nine = [*eight, date(2025, 1, 9)]
    assert str(dates_words(nine)) == ", ".join(jan(d) for d in range(1, 9)) + \
        " and 1 more day"
    eleven = [date(2025, 1, d) for d in range(11, 0, -1)]
    assert str(dates_words(eleven)) == ", ".join(jan(d) for d in range(1, 9)) + \
        " and 3 more days"
    assert str(dates_words([])) == ""


def told(month: Month) -> list[str]:
    return [str(notice) for notice in Mending._month_told("2025-01", month)]


def month(lost: list[int], older: list[int], kept: list[int]) -> Month:
    return Month(data={"games": {f"k{d}": played(d) for d in kept}},
                 lost=[{"summary": played(d)} for d in lost],
                 older=[played(d) for d in older])


def test_a_month_rebuilt_whole_says_no_game_is_lost() -> None:
    assert told(month([], [], [3])) == ["It was rebuilt from its copies: no game is lost."]


def test_the_games_lost_are_counted_and_named() -> None:
    assert told(month([5], [], [3])) == [
        "It was rebuilt from its copies, but the moves of the game of January 2025 played"
        " after January 3 are in no copy: that game stays in your history with its score,"
        " and can no longer be replayed or exported."]
    assert told(month([1, 5], [], [3])) == [
        f"It was rebuilt from its copies, but the moves of the 2 games played on {jan(1)},"
        f" {jan(5)} are in no copy: those games stay in your history with their scores,"
        " and can no longer be replayed or exported."]


def test_the_games_brought_back_older_are_counted_with_their_days() -> None:
    assert told(month([], [4], [3, 4])) == [
        "It was rebuilt from its copies: no game is lost.",
        f"The game played on {jan(4)} came back as it was saved earlier: its last change"
        " is lost."]
    assert told(month([9], [6, 4], [3, 4, 6])) == [
        "It was rebuilt from its copies, but the moves of the game of January 2025 played"
        " after January 6 are in no copy: that game stays in your history with its score,"
        " and can no longer be replayed or exported.",
        f"The 2 games played on {jan(4)}, {jan(6)} came back as they were saved earlier:"
        " their last changes are lost."]


def test_the_counted_forms_are_found_in_the_catalogs() -> None:
    """A counted message is found in a catalog by its singular text: these read French."""
    set_language("fr")
    assert str(lost_games("2025-01", [played(4), played(7)], [played(3)])) == \
        "les 2 parties de janvier 2025 jouées après le 3 janvier"
    assert str(lost_games("2025-01", [played(9), played(2)], [played(5)])) == \
        "les 2 parties jouées les 2 janvier 2025, 9 janvier 2025"
    assert told(month([], [6, 4], [3])) == [
        "Elle a été reconstruite à partir de ses copies : aucune partie n'est perdue.",
        "Les 2 parties jouées les 4 janvier 2025, 6 janvier 2025 sont revenues telles"
        " qu'elles avaient été enregistrées plus tôt : leurs dernières modifications sont"
        " perdues."]


def test_a_month_and_a_day_unknown_in_words() -> None:
    assert str(month_words("2025-11")) == "November 2025"
    assert str(month_words("2025-09")) == "September 2025"
    assert str(date_words(None)) == "?"
    assert str(date_words(date(2025, 1, 4))) == jan(4)
