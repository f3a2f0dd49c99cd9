"""How a message picks its form for one or many when the count comes in an unusual way:
as text already written ("1 000"), or with a plain template that a catalog holds as a
plural, or through a language code the app does not ship."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import set_language, t
from companion.rules.plural import Plural, plural_category

GAMES = Plural("{count} game", "{count} games")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


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
