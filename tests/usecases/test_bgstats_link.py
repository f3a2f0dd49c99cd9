"""The BG Stats link, field by field (`companion.usecases.bgstats`): what BG Stats' import
dialog shows the player is exactly what the link holds, so every field is pinned, and a
record with odd or missing fields still gives a link with what can be read."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.usecases.bgstats import (
    CREATE_PLAY,
    PlayerResult,
    create_play_url,
    play_data,
    players_of,
)


def solo(**changes: Any) -> dict[str, Any]:
    return {"id": "g1", "mode": "solo", "players": 1, "face": "A", "scenario": None,
            "created": "2025-03-01T18:00:00", "updated": "2025-03-01T18:42:00",
            "finished": True, "score": {"total": 85}, **changes}


@pytest.fixture
def in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The phone's clock in Paris (UTC+1 in March): the play's date is local time."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_link_is_the_compact_json_every_character_escaped() -> None:
    assert create_play_url({"name": "Zoé & Bo/Cy", "n": [1, 2]}) == (
        CREATE_PLAY + "?data=%7B%22name%22%3A%22Zo%C3%A9%20%26%20Bo%2FCy%22%2C%22n%22%3A"
        "%5B1%2C2%5D%7D")


def test_a_solo_game_gives_every_field_of_the_play() -> None:
    assert play_data(solo(), players_of(solo(), "Me")) == {
        "sourceName": "Wonderful Companion",
        "game": {"name": "It's a Wonderful World", "bggId": 271324, "highestWins": True,
                 "noPoints": False, "sourceGameId": "its-a-wonderful-world"},
        "playDate": "2025-03-01 18:00:00",
        "players": [{"name": "Me", "winner": True, "startPlayer": False,
                     "sourcePlayerId": "1", "score": 85, "rank": 1}],
        "durationMin": 42,
    }


@pytest.mark.parametrize(("record", "won"), [
    (solo(face="B", score={"total": 65}), True),  # Dictator from 60
    (solo(face="A", score={"total": 65}), False),  # 65 − 15 = 50: Apprentice
    (solo(face=None, score={"total": 85}), True),  # no face said: face A
    (solo(face="C", score={"total": 150}), False),  # a variant face has no rank
    (solo(score=None), False),
])
def test_a_solo_game_is_won_as_its_rank_says(record: dict[str, Any], won: bool) -> None:
    [me] = players_of(record, "Me")
    assert me == PlayerResult("Me", record["score"] and record["score"]["total"], won, 1)


@pytest.mark.parametrize(("names", "others"), [
    (["Bo", 7], ["Bo", "7"]), ("Bo", []), (None, []),
])
def test_a_table_game_names_the_others_it_knows(names: object, others: list[str]) -> None:
    record = solo(mode="table", names=names, score={"total": 48})
    assert players_of(record, "Me") == [
        PlayerResult("Me", 48), *(PlayerResult(name, None) for name in others)]


def test_tableaux_count_only_in_a_quick_score() -> None:
    record = solo(tableaux=[{"name": "Ana", "place": 1, "score": {"total": 99}}])
    assert players_of(record, "Me") == [PlayerResult("Me", 85, True, 1)]


def test_a_quick_scores_odd_tableaux_give_what_can_be_read() -> None:
    record = {"kind": "quick-score", "mode": "table", "tableaux": [
        {"name": "", "place": 2, "score": {"total": 61}},
        {"name": "Bo", "place": "1", "score": 62},
        {"name": "Cy", "place": 1, "score": {"total": "70"}},
        "not a tableau",
    ]}
    assert players_of(record, "You") == [
        PlayerResult("You", 61, False, 2), PlayerResult("Bo", None, False, None),
        PlayerResult("Cy", None, True, 1)]


@pytest.mark.parametrize(("created", "updated", "date", "minutes"), [
    ("2025-03-01T18:00:00", "2025-03-01T18:01:00", "2025-03-01 18:00:00", 1),
    ("2025-03-01T18:00:00", "2025-03-02T18:00:00", "2025-03-01 18:00:00", 1440),
    ("2025-03-01T18:00:00", "2025-03-02T18:01:00", "2025-03-01 18:00:00", None),
    ("2025-03-01T18:00:00", "2025-03-01T18:00:20", "2025-03-01 18:00:00", None),
    ("2025-03-01T18:00:00", "2025-03-01T17:00:00", "2025-03-01 18:00:00", None),
    ("2025-03-01T18:00:00+00:00", "2025-03-01T18:30:00+00:00", "2025-03-01 19:00:00", 30),
    ("2025-03-01T18:00:00", "2025-03-01T18:30:00+01:00", "2025-03-01 18:00:00", None),
    ("2025-03-01T18:00:00+01:00", "2025-03-01T18:30:00", "2025-03-01 18:00:00", None),
    (None, "2025-03-01T18:30:00", "2025-03-01 18:30:00", None),
    ("yesterday", "2025-03-01T18:30:00+00:00", "2025-03-01 19:30:00", None),
    ("2025-03-01T18:00:00", None, "2025-03-01 18:00:00", None),
    (None, None, "", None),
])
def test_the_date_is_the_local_start_and_the_duration_a_plausible_one(
        in_paris: None, created: object, updated: object, date: str, minutes: int | None
        ) -> None:
    data = play_data(solo(created=created, updated=updated), [])
    assert data["playDate"] == date
    assert data.get("durationMin") == minutes
    assert "comments" not in data and data["players"] == []
