"""Numbers as each language writes them, against strings written by hand from the
languages' own conventions (CLDR), not computed by the code under test: a decimal comma
in French, Spanish, Portuguese, Italian and German, thousands grouped by a narrow
no-break space in French and by a dot in the others, and not at all below 10,000 in
Spanish."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import number, quantity, set_language, tn
from companion.i18n.numbers import format_number

NNBSP = "\u202f"

EXPECTED = {
    #      28.2     -3.5    1234.5                12345.25               1000
    "en": ("28.2", "-3.5", "1,234.5", "12,345.2", "1,000"),
    "fr": ("28,2", "-3,5", f"1{NNBSP}234,5", f"12{NNBSP}345,2", f"1{NNBSP}000"),
    "es": ("28,2", "-3,5", "1234,5", "12.345,2", "1000"),
    "pt": ("28,2", "-3,5", "1.234,5", "12.345,2", "1.000"),
    "it": ("28,2", "-3,5", "1.234,5", "12.345,2", "1.000"),
    "de": ("28,2", "-3,5", "1.234,5", "12.345,2", "1.000"),
}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("language", list(EXPECTED))
def test_each_language_writes_its_separators(language: str) -> None:
    values = (28.2, -3.5, 1234.5, 12345.25, 1000)
    assert tuple(format_number(v, language) for v in values) == EXPECTED[language]


@pytest.mark.parametrize("language", list(EXPECTED))
def test_number_follows_the_current_language(language: str) -> None:
    set_language(language)
    assert number(28.2) == EXPECTED[language][0]


def test_trailing_zeros_and_zero() -> None:
    """An average of whole scores reads like a score; zero has no sign."""
    assert format_number(28.0, "fr") == "28"
    assert format_number(28.04, "de") == "28"
    assert format_number(-0.04, "fr") == "0"
    assert format_number(0.0, "de", signed=True) == "0"


def test_a_margin_has_its_sign() -> None:
    assert format_number(3.5, "fr", signed=True) == "+3,5"
    assert format_number(-3.5, "de", signed=True) == "-3,5"
    assert format_number(12.0, "it", signed=True) == "+12"


def test_more_decimals_and_none() -> None:
    assert format_number(2.456, "pt", 2) == "2,46"
    assert format_number(1234567.8, "fr", 0) == f"1{NNBSP}234{NNBSP}568"
    assert format_number(1234567.8, "en", 0) == "1,234,568"


def test_an_unknown_language_writes_english() -> None:
    assert format_number(1234.5, "xx") == "1,234.5"


def test_plural_counts_from_a_thousand_are_grouped() -> None:
    """A count in a plural message is a quantity: 1,000 games are grouped as the language
    groups them, 999 stays as it is."""
    set_language("de")
    assert tn("{count} game", "{count} games", 1000) == "1.000 Partien"
    assert tn("{count} game", "{count} games", 999) == "999 Partien"
    set_language("fr")
    assert tn("{count} game", "{count} games", 12000) == f"12{NNBSP}000 parties"
    set_language("en")
    assert tn("{count} game", "{count} games", 1000) == "1,000 games"


def test_a_quantity_is_written_as_a_plural_message_writes_its_count() -> None:
    """A text built around a plural message finds its number by `quantity`: the same
    grouping from 1,000 on, negative numbers included, none below."""
    set_language("de")
    assert quantity(999) == "999"
    assert quantity(1000) == "1.000"
    assert quantity(-1000) == "-1.000"
    assert quantity(-999) == "-999"
    for n in (7, 999, 1000, 25000):
        assert tn("{count} game", "{count} games", n).startswith(quantity(n) + " ")
    set_language("en")
