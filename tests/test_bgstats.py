"""The BG Stats createPlay link decodes back to the game's players, scores and winner."""

from __future__ import annotations

from typing import Any

import pytest

from companion.i18n import set_language
from companion.usecases.bgstats import (
    BGG_ID,
    CREATE_PLAY,
    create_play_url,
    play_data,
    players_of,
    read_play_url,
)


def _solo(total: int, face: str, **extra: Any) -> dict[str, Any]:
    return {"id": "g1", "mode": "solo", "players": 1, "face": face, "scenario": None,
            "created": "2025-03-01T18:00:00", "updated": "2025-03-01T18:42:00",
            "finished": True, "score": {"total": total}, **extra}


def test_a_quick_score_sends_every_player_with_the_winner() -> None:
    record = {"id": "q1", "kind": "quick-score", "mode": "table",
              "created": "2025-03-02T20:15:00", "updated": "2025-03-02T20:15:00",
              "tableaux": [
                  {"name": "Ana", "place": 2, "score": {"total": 61}},
                  {"name": "Zoé & Bo", "place": 1, "score": {"total": 62}},
                  {"name": "Cy", "place": 3, "score": {"total": 24}}]}
    url = create_play_url(play_data(record, players_of(record, "You")))
    assert url.startswith(CREATE_PLAY + "?data=")
    assert " " not in url and "&" not in url.split("?data=")[1]
    data = read_play_url(url)
    assert data["game"]["bggId"] == BGG_ID == 271324
    assert data["game"]["highestWins"] is True
    assert data["sourceName"] == "Wonderful Companion"
    assert data["playDate"] == "2025-03-02 20:15:00"
    assert "durationMin" not in data  # a quick score has no playing time
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in data["players"]] == [
        ("Ana", 61, False, 2), ("Zoé & Bo", 62, True, 1), ("Cy", 24, False, 3)]


def test_a_solo_game_is_won_from_dictator_up() -> None:
    # 85 with face A: 85 − 15 = 70 → Dictator (won); 59 with face B → Apprentice.
    won = read_play_url(create_play_url(play_data(_solo(85, "A"), players_of(
        _solo(85, "A"), "Me"))))
    assert won["players"] == [{"name": "Me", "score": 85, "winner": True, "rank": 1,
                               "startPlayer": False, "sourcePlayerId": "1"}]
    assert won["durationMin"] == 42
    lost = players_of(_solo(59, "B"), "Me")
    assert lost[0].winner is False


def test_a_scenario_follows_its_verdict() -> None:
    record = _solo(120, "B", scenario="base-1")
    assert players_of(record, "Me", won=False)[0].winner is False
    assert players_of(record, "Me", won=True)[0].winner is True


def test_a_table_game_sends_the_others_without_a_score_and_no_winner() -> None:
    record = {**_solo(48, "B"), "mode": "table", "players": 3, "names": ["Bo", "Cy"]}
    data = read_play_url(create_play_url(play_data(record, players_of(record, "Me"))))
    assert [(p["name"], p.get("score"), p["winner"]) for p in data["players"]] == [
        ("Me", 48, False), ("Bo", None, False), ("Cy", None, False)]


def _set_up_with(*expansions: str) -> dict[str, Any]:
    """A finished solo game whose setup (its first action) names these expansions."""
    start = {"type": "start", "empire": "Noram States", "expansions": ["base", *expansions]}
    return _solo(70, "A", actions=[start, {"type": "next"}])


def _comments(record: dict[str, Any], comments: str = "") -> str | None:
    data = read_play_url(create_play_url(play_data(record, players_of(record, "Me"),
                                                   comments)))
    found = data.get("comments")
    return None if found is None else str(found)


def test_the_expansions_played_go_in_the_comments() -> None:
    # BG Stats' link has no field for expansions: they are written out, in the boxes'
    # order whatever the order of the setup.
    assert _comments(_set_up_with("wop", "ca")) == (
        "Expansions: Corruption & Ascension, War or Peace")
    assert _comments(_set_up_with("wop")) == "Expansion: War or Peace"
    assert _comments(_set_up_with("wop"), "Played at Bo's") == (
        "Played at Bo's\nExpansion: War or Peace")
    assert _comments(_set_up_with()) is None  # the base game alone says nothing


@pytest.mark.parametrize("actions", [None, "start", [], ["start"],
                                     [{"type": "start", "expansions": "ca"}],
                                     [{"type": "start", "expansions": [3, None]}]])
def test_a_record_that_does_not_say_its_expansions_gets_no_comment(actions: object) -> None:
    assert _comments(_solo(70, "A", actions=actions)) is None


def test_the_expansions_are_named_in_the_players_language() -> None:
    set_language("fr")
    try:
        assert _comments(_set_up_with("ca", "wop")) == (
            "Extensions : Corruption & Ascension, Guerre ou Paix")
        assert _comments(_set_up_with("wop")) == "Extension : Guerre ou Paix"
    finally:
        set_language("en")
