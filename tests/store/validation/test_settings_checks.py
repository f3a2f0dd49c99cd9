"""What a setting is refused for, word for word: an imported file's settings are fixed
by hand, so each refusal names the setting and says what it accepts."""

from __future__ import annotations

import pytest

from companion.store.errors import Invalid
from companion.store.validate import MAX_RECENT_CARDS, settings_values

SETTINGS = ("language, theme, expansions, default_face, recent_cards, player_aliases,"
            " quick_score_me")


@pytest.mark.parametrize(("raw", "where", "message"), [
    ({"colour": "red"}, "settings",
     f"unknown setting 'colour'; settings are {SETTINGS}"),
    ({"language": "nl"}, "settings.language", "must be one of en, fr, es, pt, it, de"),
    ({"expansions": ["base", "base"]}, "settings.expansions",
     "must list each owned game once, among base, ca, wop"),
    ({"expansions": []}, "settings.expansions",
     "must list each owned game once, among base, ca, wop"),
    ({"default_face": "Z"}, "settings.default_face", "must be one of A, B, C, D, E, F"),
    ({"recent_cards": [1, 130]}, "settings.recent_cards",
     "must list at most 30 known card numbers"),
], ids=["unknown setting", "unknown language", "an expansion twice", "no expansion",
        "unknown face", "unknown card"])
def test_a_setting_is_refused_with_where_and_why(raw: dict[str, object], where: str,
                                                message: str) -> None:
    with pytest.raises(Invalid) as refused:
        settings_values(raw)
    assert (refused.value.where, str(refused.value)) == (where, f"{where}: {message}")


def test_an_unknown_setting_is_named_as_the_file_spells_it() -> None:
    with pytest.raises(Invalid) as refused:
        settings_values({"Theme": "dark"}, "file.settings")
    assert (refused.value.where, refused.value.params) == (
        "file.settings", {"key": "Theme", "allowed": SETTINGS})


@pytest.mark.parametrize("cards", [
    [True], [1, False], [1.0], ["5"], [0], [130], list(range(1, MAX_RECENT_CARDS + 2)),
], ids=["true", "false", "a float", "a text", "card 0", "card 130", "31 cards"])
def test_recent_cards_are_at_most_30_numbers_of_real_cards(cards: list[object]) -> None:
    # true and 1.0 equal card 1 in Python, yet are not card numbers.
    with pytest.raises(Invalid) as refused:
        settings_values({"recent_cards": cards})
    assert str(refused.value) == ("settings.recent_cards: must list at most 30 known card"
                                  " numbers")


@pytest.mark.parametrize("cards", [[], [129, 1], list(range(1, MAX_RECENT_CARDS + 1))],
                         ids=["none", "newest first", "30 cards"])
def test_recent_cards_are_kept_in_their_order(cards: list[int]) -> None:
    assert settings_values({"recent_cards": cards}) == {"recent_cards": cards}
