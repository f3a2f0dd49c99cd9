"""What an imported scenario attempt or campaign is refused for, word for word.

The player fixes a refused import by hand, so each refusal names the field (`where`:
`attempts[3].medal` in an export, `attempt.medal` by default) and says what it accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.store.errors import Invalid
from companion.store.identity import attempt_id
from companion.store.validate import attempt_record, campaign_data, deletion_mark


def attempt(**fields: Any) -> dict[str, Any]:
    """A won attempt at base-1 that every check accepts; `fields` change it."""
    return {"id": "a-1", "scenario": "base-1", "date": "2025-06-08T12:00:00+00:00",
            "score": 100, "won": True, "medal": "silver", "game": "g-1"} | fields


def without(record: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in keys}


def refusal(check: Callable[..., Any], *args: object) -> Invalid:
    with pytest.raises(Invalid) as refused:
        check(*args)
    return refused.value


@pytest.mark.parametrize(("raw", "where", "message"), [
    (attempt(scenario=""), "attempt.scenario",
     "must be 1 to 100 printable characters"),
    (attempt(date="Sunday"), "attempt.date",
     "'Sunday' is not a date and time like 2025-01-31T18:02:00"),
    (attempt(score=-1), "attempt.score", "cannot be negative (-1)"),
    (attempt(score=100_001), "attempt.score", "100001 is not a possible score"),
    (attempt(score="100"), "attempt.score", "must be a whole number, not a string"),
    (attempt(score=99.5), "attempt.score", "must be a whole number, not a number"),
    (attempt(score=True), "attempt.score", "must be a whole number, not true/false"),
    (attempt(won=1), "attempt.won", "must be true or false, not a number"),
    (attempt(won=None, medal=None), "attempt.won", "must be true or false, not null"),
    (attempt(medal="platinum"), "attempt.medal",
     "must be null or one of bronze, silver, gold"),
    (attempt(won=False, medal="gold"), "attempt.medal", "a lost attempt earns no medal"),
    (attempt(game=""), "attempt.game", "must be 1 to 100 printable characters"),
    (attempt(game=7), "attempt.game", "must be a text id, not a number"),
    (attempt(id=""), "attempt.id", "must be 1 to 100 printable characters"),
    (attempt(id=["a-1"]), "attempt.id", "must be a text id, not a list"),
    (attempt(bonus=3), "attempt",
     "has unknown fields bonus; allowed: id, scenario, date, score, won, medal, game"),
    (attempt(extra=1, bonus=2), "attempt",
     "has unknown fields bonus, extra; allowed: id, scenario, date, score, won, medal, game"),
    (without(attempt(), "scenario"), "attempt", "is missing scenario"),
    ({}, "attempt", "is missing scenario, date, score, won, medal"),
    ([], "attempt", "must be a scenario attempt (an object), not a list"),
], ids=["empty scenario", "date not a date", "negative score", "score too high",
        "score as text", "score a fraction", "score true",
        "won a number", "won null", "unknown medal", "medal of a lost attempt",
        "empty game", "game a number", "empty id", "id a list", "an unknown field",
        "unknown fields, sorted", "one field missing", "every required field missing",
        "not an object"])
def test_an_attempt_is_refused_with_where_and_why(raw: object, where: str,
                                                 message: str) -> None:
    refused = refusal(attempt_record, raw)
    assert (refused.where, str(refused)) == (where, f"{where}: {message}")


def test_a_refusal_in_an_export_names_the_attempt_by_its_place() -> None:
    refused = refusal(attempt_record, attempt(medal="tin"), "attempts[3]")
    assert (refused.where, refused.template, refused.params) == (
        "attempts[3].medal", "must be null or one of {allowed}",
        {"allowed": "bronze, silver, gold"})
    refused = refusal(attempt_record, attempt(score=250_000), "attempts[0]")
    assert (refused.where, refused.template, refused.params) == (
        "attempts[0].score", "{value} is not a possible score", {"value": 250_000})


@pytest.mark.parametrize("score", [0, 1, 99_999, 100_000])
def test_every_score_from_nothing_to_100000_is_kept(score: int) -> None:
    # A lost attempt may score 0: every point is won, none is taken away.
    assert attempt_record(attempt(score=score, won=False, medal=None))["score"] == score


def test_an_attempt_may_leave_out_its_game_and_its_id() -> None:
    raw = without(attempt(), "id", "game")
    expected = raw | {"game": None}
    assert attempt_record(raw) == expected | {"id": attempt_id(expected)}


def test_unknown_field_names_are_cut_to_200_characters() -> None:
    refused = refusal(attempt_record, attempt(**{"k" * 250: 1}))
    assert refused.params == {"keys": "k" * 200,
                              "allowed": "id, scenario, date, score, won, medal, game"}


def test_a_deletion_mark_names_every_field_it_lacks() -> None:
    refused = refusal(deletion_mark, {}, "deleted[0]")
    assert str(refused) == "deleted[0]: is missing id, kind, deleted"


@pytest.mark.parametrize(("raw", "where", "message"), [
    ("c-1", "campaign", "must be a campaign (an object), not a string"),
    ({"name": "Ours"}, "campaign", "is missing id"),
    ({"id": ""}, "campaign.id", "must be 1 to 100 printable characters"),
    ({"id": "c-1", "updated": "yesterday"}, "campaign.updated",
     "'yesterday' is not a date and time like 2025-01-31T18:02:00"),
    ({"id": "c-1", "updated": 5}, "campaign.updated",
     "must be a date and time (ISO 8601, like 2025-01-31T18:02:00), not a number"),
], ids=["not an object", "no id", "empty id", "updated not a date", "updated a number"])
def test_a_campaign_is_refused_with_where_and_why(raw: object, where: str,
                                                 message: str) -> None:
    refused = refusal(campaign_data, raw)
    assert (refused.where, str(refused)) == (where, f"{where}: {message}")


def test_a_campaign_missing_its_id_says_so_as_a_missing_field() -> None:
    refused = refusal(campaign_data, {}, "campaigns[2]")
    assert (refused.where, refused.template, refused.params) == (
        "campaigns[2]", "is missing {keys}", {"keys": "id"})


def test_a_campaign_that_is_not_plain_json_is_refused_where_it_is() -> None:
    refused = refusal(campaign_data, {"id": "c-1", "boxes": {1, 2}, "when": object()})
    assert (refused.where, refused.template) == ("campaign",
                                                 "is not plain JSON data ({reason})")


def test_a_campaign_is_kept_as_it_is_given() -> None:
    raw = {"id": "c-1", "updated": "2025-06-08T12:00:00+00:00", "notes": ["won", 3]}
    assert campaign_data(raw) == raw
