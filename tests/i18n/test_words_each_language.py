"""The small words each language writes its own way, written out by hand from the
printed calendars and grammars rather than read back from the catalogs: the twelve
months, French "que" before a vowel, a text worded when shown, decimals and groups."""

from __future__ import annotations

from datetime import date

import pytest

from companion.i18n import Later, number, set_language, t, tc
from companion.i18n.dates import full_date, month_name
from companion.i18n.numbers import format_number

MONTHS = {
    "en": "January February March April May June July August September October "
          "November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre "
          "décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre "
          "noviembre diciembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro "
          "novembro dezembro",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
          "novembre dicembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November "
          "Dezember",
}


@pytest.mark.parametrize("language", list(MONTHS))
def test_each_month_has_its_name_in_each_language(language: str) -> None:
    set_language(language)
    assert [month_name(month) for month in range(1, 13)] == MONTHS[language].split()


def test_a_date_is_written_with_its_own_month() -> None:
    set_language("fr")
    assert full_date(date(2025, 8, 3)) == "3 août 2025"
    set_language("de")
    assert full_date(date(2025, 3, 14)) == "14. März 2025"


def test_a_word_with_a_context_is_the_text_itself_where_no_catalog_has_it() -> None:
    set_language("fr")
    assert tc("resource letter", "G") == "O"  # Or
    assert tc("no such context", "G") == "G"
    set_language("en")
    assert tc("resource letter", "G") == "G"


def test_french_que_and_de_drop_their_vowel_before_a_vowel() -> None:
    set_language("fr")
    assert t("plus que {name}", name="Ana") == "plus qu'Ana"
    assert t("plus que {name}", name="Bruno") == "plus que Bruno"
    assert t("Total de {name}", name="Ana") == "Total d'Ana"


def test_a_text_worded_when_shown_takes_a_format_of_its_own() -> None:
    later = Later(lambda: t("Round {round}", round=2))
    set_language("fr")
    assert f"[{later:>12}]" == "[      Tour 2]"
    assert f"{later}" == "Tour 2"


@pytest.mark.parametrize(("value", "decimals", "written"), [
    (1.05, 2, "1.05"),     # a zero after the point is kept, only trailing ones go
    (2.25, 2, "2.25"),
    (0.5, 1, "0.5"),       # below one, above zero: no minus
    (-0.5, 1, "-0.5"),
    (123456, 0, "123,456"),  # a whole group of three first
    (1234567, 0, "1,234,567"),
])
def test_decimals_and_groups(value: float, decimals: int, written: str) -> None:
    assert format_number(value, "en", decimals) == written


def test_number_keeps_the_decimals_it_is_asked_for() -> None:
    assert number(2.25, 2) == "2.25"
    assert number(2.25) == "2.2"  # the default is one decimal, rounded half to even
