"""How a message picks its form for one or many when the count comes in an unusual way:
as text already written ("1 000"), or with a plain template that a catalog holds as a
plural, or through a language code the app does not ship."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.i18n import set_language, t
from companion.rules.plural import Plural, plural_category

GAMES = Plural("{count} game", "{count} games")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_count_given_as_written_text_reads_as_many(language: str) -> None:
    set_language(language)
    words = {"en": "1,000 games", "fr": "1\u202f000 parties"}[language]
    assert t(GAMES, count=words.split(" ")[0]) == words


def test_a_plain_template_that_a_catalog_holds_as_a_plural_picks_its_form() -> None:
    set_language("fr")
    assert t("{count} game", count=1) == "1 partie"
    assert t("{count} game", count=0) == "0 partie"
    assert t("{count} game", count=2) == "2 parties"


def test_english_says_one_for_one_and_minus_one_only() -> None:
    assert [t(GAMES, count=n) for n in (1, -1, 0, 2)] == [
        "1 game", "-1 game", "0 games", "2 games"]


def test_a_language_the_app_does_not_ship_has_no_plural_rule() -> None:
    with pytest.raises(ValueError, match="'EN'"):
        plural_category("EN", 1)


def test_a_translation_that_names_a_wrong_placeholder_falls_back_to_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog edited by hand may name a placeholder the code does not give: the
    player reads the English, in the right form for the count, rather than a crash."""
    broken = {"Round {round}": "Tour {manche}",
              "{count} game": {"one": "{nombre} partie", "other": "{nombre} parties"}}
    monkeypatch.setattr(i18n, "_messages", lambda language: broken)
    set_language("fr")
    assert t("Round {round}", round=2) == "Round 2"
    assert t(GAMES, count=2) == "2 games"
    assert t(GAMES, count=1) == "1 game"
