"""The language a tab reads, and the form a translation takes when its catalog entry
lacks the one asked for: held by tests of the i18n package itself, not only by the
screens' tests that open tabs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import Plural, _choose, follow_sessions, language, number, set_language, t


@pytest.fixture
def sessions() -> Iterator[None]:
    yield
    follow_sessions(None)


@pytest.mark.parametrize(("tab", "read"), [
    ("fr", "fr"),  # the tab's own language wins over the process's
    ("de", "de"),
    (None, "en"),  # outside any tab: the process's language
    ("xx", "en"),  # a language the app does not have: the process's
])
def test_a_tab_reads_its_own_language(sessions: None, tab: str | None, read: str) -> None:
    set_language("en")
    follow_sessions(lambda: tab)
    assert language() == read
    assert t("Round by round") == {"fr": "Tour par tour", "de": "Runde für Runde",
                                   "en": "Round by round"}[read]


def test_without_a_source_the_process_language_holds(sessions: None) -> None:
    follow_sessions(lambda: "fr")
    follow_sessions(None)
    set_language("it")
    assert language() == "it"


def test_a_form_missing_from_an_entry_falls_back_to_other_then_to_english() -> None:
    set_language("fr")  # 1 is "one" in French
    template = Plural("{count} card", "{count} cards")
    assert _choose({"other": "{count} cartes"}, template, {"count": 1}) == "{count} cartes"
    assert _choose({"many": "x"}, template, {"count": 1}) == "{count} card"
    assert _choose({}, "Hello", {}) == "Hello"
    # A count that is no whole number takes the "other" form.
    assert _choose({"one": "une", "other": "des"}, template, {"count": "3"}) == "des"


@pytest.mark.parametrize(("code", "value", "written"), [
    ("en", 3.5, "+3.5"), ("fr", 3.5, "+3,5"), ("en", -2.0, "-2"), ("de", 0.0, "0"),
])
def test_a_margin_is_written_with_its_sign(code: str, value: float, written: str) -> None:
    set_language(code)
    assert number(value, signed=True) == written
    assert number(abs(value)) == written.lstrip("+-")
