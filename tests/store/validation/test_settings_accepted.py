"""Which values of each setting are kept, and the refusals at their edges, word for word.

Settings come from the settings screen, the quick score and an imported file; a value
kept is read back as it was given, and a refused one names the setting (`settings.theme`)
and says what it accepts, so the player can fix a file by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.store.errors import Invalid
from companion.store.validate import settings_values

SEATS = "0, 1, 2, 3, 4, 5, 6, null"
NAME = "a player's name must be 1 to 60 printable characters"


def said(raw: dict[Any, object], where: str = "settings") -> tuple[str, str]:
    with pytest.raises(Invalid) as refused:
        settings_values(raw, where)
    return refused.value.where, str(refused.value)


@pytest.mark.parametrize("raw", [
    {"theme": "system"}, {"theme": "light"}, {"theme": "dark"},
    *({"language": code} for code in ("en", "fr", "es", "pt", "it", "de")),
    *({"default_face": face} for face in "ABCDEF"),
    {"expansions": ["base"]}, {"expansions": ["wop", "ca", "base"]}, {"expansions": ["ca"]},
    {"quick_score_me": None}, {"quick_score_me": 0}, {"quick_score_me": 6},
    {"player_aliases": {}}, {"player_aliases": {"zoé": "Zoé", "": "Zoé", "bo": ""}},
    {"player_aliases": {"x" * 60: "Y" * 60}},
    {"player_aliases": {f"p{n}": f"P{n}" for n in range(1000)}},
    {"theme": "dark", "language": "fr", "recent_cards": [3, 1]},
], ids=lambda raw: ",".join(f"{k}={str(v)[:20]}" for k, v in raw.items()))
def test_a_setting_the_app_can_write_is_kept_as_given(raw: dict[str, object]) -> None:
    assert settings_values(raw) == raw


def test_the_lists_and_names_kept_are_copies() -> None:
    raw: dict[str, Any] = {"expansions": ["base"], "recent_cards": [5],
                           "player_aliases": {"bo": "Bob"}}
    kept = settings_values(raw)
    kept["expansions"].append("ca")
    kept["recent_cards"].append(6)
    kept["player_aliases"]["al"] = "Al"
    assert raw == {"expansions": ["base"], "recent_cards": [5],
                   "player_aliases": {"bo": "Bob"}}


@pytest.mark.parametrize(("raw", "where", "message"), [
    ({"theme": "pink"}, "settings.theme", "must be one of system, light, dark"),
    ({"theme": None}, "settings.theme", "must be one of system, light, dark"),
    ({"language": 1}, "settings.language", "must be one of en, fr, es, pt, it, de"),
    ({"language": "EN"}, "settings.language", "must be one of en, fr, es, pt, it, de"),
    ({"default_face": "a"}, "settings.default_face", "must be one of A, B, C, D, E, F"),
    ({"default_face": None}, "settings.default_face", "must be one of A, B, C, D, E, F"),
    ({"expansions": ["base", "promo"]}, "settings.expansions",
     "must list each owned game once, among base, ca, wop"),
    ({"expansions": "base"}, "settings.expansions",
     "must be a list of expansions, not a string"),
    ({"recent_cards": {"1": 5}}, "settings.recent_cards",
     "must be a list of card numbers, not an object"),
    ({"quick_score_me": 7}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"quick_score_me": -1}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"quick_score_me": True}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"quick_score_me": False}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"quick_score_me": "1"}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"quick_score_me": 1.0}, "settings.quick_score_me", f"must be one of {SEATS}"),
    ({"player_aliases": [["bo", "Bob"]]}, "settings.player_aliases",
     "must be an object of names, not a list"),
    ({"player_aliases": {f"p{n}": "P" for n in range(1001)}}, "settings.player_aliases",
     "holds 1001 entries; the limit is 1000"),
    ({"player_aliases": {1: "Bob"}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"bo": None}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"x" * 61: "X"}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"x": "X" * 61}}, "settings.player_aliases", NAME),
    ({"player_aliases": {" bo": "Bo"}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"bo": "Bo "}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"b\no": "Bo"}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"bo": "B\to"}}, "settings.player_aliases", NAME),
    ({"player_aliases": {"zoe\u0301": "Zoé"}}, "settings.player_aliases",
     "'zoe\u0301' is not written as names are compared (in small letters)"),
    ({"player_aliases": {"ann": "Ann", "Bo": "Bo"}}, "settings.player_aliases",
     "'Bo' is not written as names are compared (in small letters)"),
], ids=["theme unknown", "theme null", "language a number", "language in capitals",
        "face in small letters", "face null", "an unknown expansion", "expansions a text",
        "recent cards an object",
        "seat 7", "seat -1", "true", "false", "seat a text", "seat a fraction",
        "aliases a list", "1001 aliases", "a key a number", "a name null",
        "a key of 61", "a name of 61", "a key with a space", "a name with a space",
        "a key with a line break", "a name with a tab", "an accent apart", "capitals"])
def test_a_setting_is_refused_at_its_edges(raw: dict[Any, object], where: str,
                                           message: str) -> None:
    assert said(raw) == (where, f"{where}: {message}")


def test_a_refusal_names_the_setting_inside_the_place_given() -> None:
    assert said({"theme": "pink"}, "file.settings") == (
        "file.settings.theme", "file.settings.theme: must be one of system, light, dark")
    assert said({"quick_score_me": 9}, "file.settings")[0] == "file.settings.quick_score_me"


def test_an_unknown_setting_is_named_in_at_most_200_characters() -> None:
    with pytest.raises(Invalid) as refused:
        settings_values({"k" * 250: 1})
    assert (refused.value.where, refused.value.params["key"]) == ("settings", "k" * 200)
