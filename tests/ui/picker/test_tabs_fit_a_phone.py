"""The type tabs, the one way the app chooses a card type (the game's picker, the quick
score, the Cards browser): every name fits a phone's tab in all six languages, and the
open tab is told apart on the light and the dark page alike (issue 33)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from companion.i18n import LANGUAGE_NAMES, set_language, t
from companion.rules.cards import CardType
from companion.ui.kit import symbols
from companion.ui.kit.type_picker import TAB_PADDING, TAB_TEXT, tab_button, type_tabs

PHONE = 390
"""The browser tests' phone, in logical pixels."""
ROOM = ((PHONE - 2 * 12 - 2 * (12 + 1)) - 2 * 6) / 3 - 2 * TAB_PADDING - 2 * 3
"""A name's room on a phone: the page's padding, then a card box's (the quick score's
grid is in one: the tightest place), three tabs a row 6 px apart, the tab's own padding
and its 3 px ring."""
BOLD = 1.08
"""Roboto Bold against the regular the client ships as a file (the open tab's name is
bold): measured on Roboto's widths, bold runs 5-8 % wider."""


@pytest.fixture
def roboto() -> object:
    """Flutter's own font, as the web client ships it."""
    flet_web = pytest.importorskip("flet_web")
    font_file = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
    if not font_file.exists():
        pytest.skip("the web client's Roboto is not there")
    from PIL import ImageFont

    return ImageFont.truetype(str(font_file), TAB_TEXT)


@pytest.fixture
def every_language() -> Iterator[list[str]]:
    yield list(LANGUAGE_NAMES)
    set_language("en")


def shown_text(tab: ft.Control) -> str:
    """The words drawn on a tab (its Semantics label may be longer)."""
    assert isinstance(tab, ft.Semantics) and isinstance(tab.content, ft.Button)
    inner = tab.content.content
    assert isinstance(inner, ft.Semantics) and isinstance(inner.content, ft.Column)
    (text,) = [c for c in inner.content.controls if isinstance(c, ft.Text)]
    return str(text.value)


def test_every_tab_name_fits_a_phone_in_six_languages(roboto: object,
                                                       every_language: list[str]) -> None:
    too_long = []
    for code in every_language:
        set_language(code)
        tabs = type_tabs(list(CardType), CardType.STRUCTURE, lambda kind: None, extra=[
            tab_button(t("Search by name"), lambda: None, ft.Icons.SEARCH,
                       shown=t("By name")),
            tab_button(t("Every type"), lambda: None, ft.Icons.SELECT_ALL)])
        for tab in tabs:
            width = roboto.getlength(shown_text(tab)) * BOLD  # type: ignore[attr-defined]
            if width > ROOM:
                too_long.append((code, shown_text(tab), round(width)))
    assert too_long == [], f"room {ROOM:.0f} px"


def test_the_search_tab_says_its_whole_name_to_screen_readers() -> None:
    tab = tab_button(t("Search by name"), lambda: None, ft.Icons.SEARCH, shown=t("By name"))
    assert isinstance(tab, ft.Semantics) and tab.label == "Search by name"
    assert shown_text(tab) == "By name"


def test_the_open_tab_is_ringed_in_the_pages_text_colour() -> None:
    """The page's text colour is dark on the light theme and light on the dark one: the
    open Vehicle tab (black) on the dark page stood out by 3 px of grey only."""
    vehicle = symbols.TYPE_LOOKS[CardType.VEHICLE]
    tabs = type_tabs([CardType.STRUCTURE, CardType.VEHICLE], CardType.VEHICLE,
                     lambda kind: None)
    rings = []
    for tab in tabs:
        assert isinstance(tab, ft.Semantics) and isinstance(tab.content, ft.Button)
        style = tab.content.style
        assert style is not None and isinstance(style.side, ft.BorderSide)
        rings.append((style.side.color, style.side.width, style.bgcolor, tab.selected))
    assert rings == [
        (symbols.TYPE_LOOKS[CardType.STRUCTURE].rim, 2, ft.Colors.SURFACE_CONTAINER_LOW,
         False),
        (ft.Colors.ON_SURFACE, 3, vehicle.fill, True)]
    assert symbols.OPEN_RIM == ft.Colors.ON_SURFACE


def test_a_tabs_count_is_on_its_glyph_and_in_its_name() -> None:
    tab, = type_tabs([CardType.PROJECT], None, lambda kind: None,
                     counts={CardType.PROJECT: 5})
    assert isinstance(tab, ft.Semantics) and tab.label == "Project · 5"
    icons = [c for c in _walk(tab) if isinstance(c, ft.Icon)]
    badges = [i.badge for i in icons if isinstance(i.badge, ft.Badge)]
    assert [badge.label for badge in badges] == ["5"]
    # A count, not an alarm: not the badge's default error red.
    assert (badges[0].bgcolor, badges[0].text_color) == (ft.Colors.SECONDARY,
                                                         ft.Colors.ON_SECONDARY)
    tab, = type_tabs([CardType.PROJECT], None, lambda kind: None,
                     counts={CardType.PROJECT: 0})
    assert isinstance(tab, ft.Semantics) and tab.label == "Project"


def _walk(control: object) -> Iterator[object]:
    yield control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        if isinstance(child, list):
            for item in child:
                yield from _walk(item)
        elif isinstance(child, ft.Control):
            yield from _walk(child)
