"""Settings no screen of the app could write are refused whole, with the setting named:
the names of players known by another name (at the limits of their length and number),
and which player of a quick score was the app's own."""

from __future__ import annotations

import pytest

from companion.store import Store, StoreError

NAME = "settings.player_aliases: a player's name must be 1 to 60 printable characters"
MANY = {f"p{n}": f"P{n}" for n in range(1000)}


@pytest.mark.parametrize(("setting", "value", "said"), [
    ("player_aliases", ["bo", "Bob"],
     "settings.player_aliases: must be an object of names, not a list"),
    ("player_aliases", "bo", "settings.player_aliases: must be an object of names, not a string"),
    ("expansions", {"base": True}, "settings.expansions: must be a list of expansions, not an"
     " object"),
    ("expansions", None, "settings.expansions: must be a list of expansions, not null"),
    ("recent_cards", 9, "settings.recent_cards: must be a list of card numbers, not a number"),
    ("player_aliases", MANY | {"one more": "One"},
     "settings.player_aliases: holds 1001 entries; the limit is 1000"),
    ("player_aliases", {"bo": "x" * 61}, NAME),
    ("player_aliases", {"b\x07o": "Bo"}, NAME),
    ("player_aliases", {"bo": "B\x00o"}, NAME),
    ("player_aliases", {"Bo": "Bob"},
     "settings.player_aliases: 'Bo' is not written as names are compared (in small"
     " letters)"),
    ("quick_score_me", 7, "settings.quick_score_me: must be one of 0, 1, 2, 3, 4, 5, 6, null"),
    ("quick_score_me", True,
     "settings.quick_score_me: must be one of 0, 1, 2, 3, 4, 5, 6, null"),
], ids=["not an object", "a text", "an object", "null", "a number", "too many", "too long",
        "unprintable key", "unprintable name", "capitals", "no such seat", "true"])
def test_a_setting_no_screen_writes_is_refused_whole(
        store: Store, setting: str, value: object, said: str) -> None:
    before = store.settings()
    with pytest.raises(StoreError) as refused:
        store.update_settings(**{setting: value})
    assert str(refused.value) == said
    assert store.settings() == before


@pytest.mark.parametrize("aliases", [MANY, {"x" * 60: "Y" * 60}, {"": "Zoé"}],
                         ids=["1000 names", "60 characters", "the app's own player"])
def test_aliases_at_their_limits_are_kept(store: Store, aliases: dict[str, str]) -> None:
    store.update_settings(player_aliases=aliases)
    assert store.settings()["player_aliases"] == aliases
