"""What a game record is refused for, word for word, and what is kept of one.

A game enters the store from the app and from an imported file, which the player fixes by
hand: each refusal names the field (`game.players[1]`, `games[3].actions[0]`) and says
what it accepts, and an accepted record is kept as given, with the optional fields
filled in.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.store.errors import Invalid
from companion.store.validate import game_record

DATE = "2025-06-08T12:00:00+00:00"
DEFAULTS = {"redo": [], "players": [], "empires": [], "scenario": None, "campaign": None,
            "score": None}


def game(**fields: Any) -> dict[str, Any]:
    """A game record every check accepts; `fields` change it."""
    return {"id": "g-1", "actions": [{"type": "start"}], "mode": "solo", "created": DATE,
            "updated": DATE, "finished": False} | fields


def refusal(raw: object, where: str = "game") -> Invalid:
    with pytest.raises(Invalid) as refused:
        game_record(raw, where)
    return refused.value


def said(raw: object, where: str = "game") -> tuple[str, str]:
    refused = refusal(raw, where)
    return refused.where, str(refused)


@pytest.mark.parametrize(("raw", "where", "message"), [
    ([], "game", "must be a game (an object), not a list"),
    ({"id": "g-1"}, "game", "is missing actions, mode, created, updated, finished"),
    (game(id=""), "game.id", "must be 1 to 100 printable characters"),
    (game(id="   "), "game.id", "must be 1 to 100 printable characters"),
    (game(id="g\n1"), "game.id", "must be 1 to 100 printable characters"),
    (game(id="g" * 101), "game.id", "must be 1 to 100 printable characters"),
    (game(id=True), "game.id", "must be a text id, not true/false"),
    (game(actions={}), "game.actions", "must be a list of actions, not an object"),
    (game(actions=[{"type": "start"}, "build"]), "game.actions[1]",
     "must be an action (an object with a 'type'), not a string"),
    (game(actions=[{"type": "start"}, {"card": 3}]), "game.actions[1]",
     "an action needs a text 'type'"),
    (game(actions=[{"type": 3}]), "game.actions[0]", "an action needs a text 'type'"),
    (game(redo=[{"type": None}]), "game.redo[0]", "an action needs a text 'type'"),
    (game(actions=[{"type": "x"}] * 5001), "game.actions",
     "holds 5001 actions; a game has at most 5000"),
    (game(mode="duo"), "game.mode", "must be one of solo, table"),
    (game(players=0), "game.players", "must be between 1 and 100"),
    (game(players=101), "game.players", "must be between 1 and 100"),
    (game(players="Ann"), "game.players",
     "must be a list of names or a number of players, not a string"),
    (game(players=True), "game.players",
     "must be a list of names or a number of players, not true/false"),
    (game(players=["Ann", 7]), "game.players[1]", "must be a text, not a number"),
    (game(players=["Ann", "B" * 61]), "game.players[1]", "is longer than 60 characters"),
    (game(empires=None), "game.empires", "must be a list of Empire names, not null"),
    (game(empires=["x", "E" * 201]), "game.empires[1]", "is longer than 200 characters"),
    (game(scenario=""), "game.scenario", "must be 1 to 100 printable characters"),
    (game(campaign=5), "game.campaign", "must be a text id, not a number"),
    (game(created="yesterday"), "game.created",
     "'yesterday' is not a date and time like 2025-01-31T18:02:00"),
    (game(updated=1.5), "game.updated",
     "must be a date and time (ISO 8601, like 2025-01-31T18:02:00), not a number"),
    (game(updated="2" * 65), "game.updated",
     f"'{'2' * 64}' is not a date and time like 2025-01-31T18:02:00"),
    (game(finished=0), "game.finished", "must be true or false, not a number"),
    (game(abandoned=None), "game.abandoned", "must be true or false, not null"),
    (game(finished=True, abandoned=True), "game.abandoned",
     "a finished game cannot be abandoned"),
    (game(score=[1]), "game.score", "must be an object or null, not a list"),
    (game(from_game=""), "game.from_game", "must be 1 to 100 printable characters"),
    (game(me=0), "game.me", "must be one of null"),
    (game(me=2, tableaux=[{}, {}]), "game.me", "must be one of 0, 1, null"),
    (game(me=-1, tableaux=[{}]), "game.me", "must be one of 0, null"),
    (game(me=True, tableaux=[{}, {}]), "game.me", "must be one of 0, 1, null"),
    (game(me=0, tableaux={"0": {}}), "game.me", "must be one of null"),
    (game(me=7, tableaux=[{}] * 8), "game.me", "must be one of 0, 1, 2, 3, 4, 5, 6, 7, null"),
    (game(built={}), "game.built", "must be a list of card numbers, not an object"),
    (game(built=[0]), "game.built", "must be a list of at most 200 card numbers"),
    (game(built=[1000]), "game.built", "must be a list of at most 200 card numbers"),
    (game(built=[True]), "game.built", "must be a list of at most 200 card numbers"),
    (game(built=[3.0]), "game.built", "must be a list of at most 200 card numbers"),
    (game(built=[1] * 201), "game.built", "must be a list of at most 200 card numbers"),
    (game(drafted=[1] * 5001), "game.drafted",
     "must be a list of at most 5000 card numbers"),
    (game(drafted=None), "game.drafted", "must be a list of card numbers, not null"),
], ids=["not an object", "fields missing", "empty id", "blank id", "id with a line break",
        "id too long", "id true", "actions an object", "an action a text",
        "an action with no type", "a type a number", "a redo with no type",
        "5001 actions", "unknown mode", "0 players", "101 players", "players a text",
        "players true", "a player a number", "a player's name too long", "empires null",
        "an Empire's name too long", "empty scenario", "campaign a number",
        "created not a date", "updated a number", "updated too long, cut",
        "finished a number", "abandoned null", "finished and abandoned", "score a list",
        "empty from_game", "me with no tableaux", "me past the tableaux",
        "me negative", "me true", "tableaux an object", "me past a table",
        "built an object", "card 0 built", "card 1000 built", "true built",
        "a fraction built", "201 cards built", "5001 cards drafted", "drafted null"])
def test_a_game_is_refused_with_where_and_why(raw: object, where: str,
                                             message: str) -> None:
    assert said(raw) == (where, f"{where}: {message}")


def test_a_refusal_in_an_export_names_the_game_by_its_place() -> None:
    refused = refusal(game(actions=[{"type": "start"}, []]), "games[3]")
    assert (refused.where, refused.template, refused.params) == (
        "games[3].actions[1]", "must be {wanted}, not {found}",
        {"wanted": "an action (an object with a 'type')", "found": "a list"})
    assert said(game(players=["Ann", None]), "games[0]") == (
        "games[0].players[1]", "games[0].players[1]: must be a text, not null")
    assert said(game(mode="duo"), "games[2]")[0] == "games[2].mode"
    assert said(game(players=0), "games[2]")[0] == "games[2].players"
    assert said(game(me=3, tableaux=[{}]), "games[2]")[0] == "games[2].me"
    assert said(game(finished=True, abandoned=True), "games[2]")[0] == "games[2].abandoned"


def test_every_missing_field_is_named_in_order() -> None:
    refused = refusal({"finished": True, "mode": "solo"})
    assert (refused.where, refused.template, refused.params) == (
        "game", "is missing {keys}", {"keys": "id, actions, created, updated"})


def test_a_game_given_only_its_required_fields_gets_the_defaults() -> None:
    raw = game()
    assert game_record(raw) == raw | DEFAULTS
    assert raw == game(), "the record given is left as it was"


def test_the_defaults_are_fresh_for_each_record() -> None:
    first, second = game_record(game()), game_record(game())
    first["redo"].append({"type": "start"})
    first["players"].append("Ann")
    assert (second["redo"], second["players"]) == ([], [])


def test_a_game_is_kept_as_it_is_given() -> None:
    raw = game(redo=[{"type": "build", "card": 3}], players=["Ann", "Bob"],
               empires=["Aztec Empire"], scenario="base-1", campaign="c-1",
               finished=True, score={"total": 80}, from_game="g-0", me=1,
               tableaux=[{}, {}], built=[1, 999], drafted=[1, 2, 999], abandoned=False,
               notes={"any": ["thing"]})
    copy = game_record(raw)
    assert copy == raw
    copy["actions"].append({"type": "end"})
    assert raw["actions"] == [{"type": "start"}], "the record is a copy"


@pytest.mark.parametrize("fields", [
    {"players": 1}, {"players": 100}, {"players": ["A" * 60]},
    {"actions": [{"type": "x"}] * 5000}, {"actions": []},
    {"empires": ["E" * 200]}, {"id": "g" * 100}, {"id": " g "},
    {"abandoned": True}, {"finished": True, "abandoned": False}, {"finished": True},
    {"me": None, "tableaux": None}, {"me": 0, "tableaux": [{}]},
    {"me": 6, "tableaux": [{}] * 7},
    {"built": [1] * 200}, {"drafted": [999] * 5000}, {"score": {}},
    {"updated": "2025-06-08"}, {"created": "2025-01-31T18:02:00." + "1" * 38 + "+00:00"},
], ids=["1 player", "100 players", "a name of 60", "5000 actions", "no action",
        "an Empire of 200", "an id of 100", "an id with spaces", "abandoned",
        "finished, not abandoned", "finished, abandoned left out", "me null",
        "me the first", "me the seventh of 7",
        "200 built", "5000 drafted", "an empty score", "a date alone",
        "a date of 64 characters"])
def test_the_limits_themselves_are_accepted(fields: dict[str, Any]) -> None:
    raw = game(**fields)
    assert game_record(raw) == DEFAULTS | raw


def test_a_game_that_is_not_plain_json_is_refused_where_it_is() -> None:
    refused = refusal(game(tags=object()), "games[4]")
    assert (refused.where, refused.template) == ("games[4]",
                                                 "is not plain JSON data ({reason})")
    assert "type object" in refused.params["reason"]


def test_a_game_over_2_mib_is_refused_with_its_size() -> None:
    raw = game(notes="n" * (2 * 1024 * 1024))
    refused = refusal(raw)
    size = refused.params["size"]
    assert (refused.where, refused.template, refused.params) == (
        "game", "is {size} bytes; the limit is {limit}",
        {"size": size, "limit": 2 * 1024 * 1024})
    assert size > 2 * 1024 * 1024


def test_a_date_longer_than_64_characters_is_refused_though_python_reads_it() -> None:
    """Past 64 characters no date the app writes is that long: it is refused, shown cut."""
    long_date = "2025-01-31T18:02:00." + "1" * 39 + "+00:00"
    assert len(long_date) == 65
    refused = refusal(game(created=long_date))
    assert (refused.where, refused.params) == ("game.created", {"value": long_date[:64]})


def test_a_game_checked_with_no_place_given_is_called_game() -> None:
    with pytest.raises(Invalid) as refused:
        game_record(game(mode="duo"))
    assert refused.value.where == "game.mode"
    with pytest.raises(Invalid) as refused:
        game_record([])
    assert refused.value.where == "game"
