"""The game's visual language: every resource, token, card type, rank and medal is drawn,
named for screen readers, and readable in the light and the dark theme.

Contrast is WCAG 2's ratio: 4.5 for text (the chips write numbers and names on the
thing's colour), 3 for glyphs and for a picture's outline against the page (WCAG 1.4.11,
non-text contrast). Known values check the formula itself: black on white is 21, and
#767676 on white is the classic "just passes" grey (4.54).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest
from harness import text_of, walk
from rulebook import SIMON_ROWS

from companion.i18n import set_language
from companion.rules.cards import CardType, Resource, Token
from companion.rules.scenarios import Medal
from companion.rules.scoring import Score, SoloRank
from companion.ui.kit import score_pad, symbols
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import amount_chip, type_chip
from companion.ui.kit.medal_badge import METAL_COLOURS, medal_badge

SURFACES = [colour for scheme in symbols.SURFACES.values() for colour in scheme]
KINDS = [*Resource, *Token]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def labels(control: Any) -> list[str]:
    """Every accessible label inside a control, as a screen reader would meet them."""
    return [str(c.label) for c, _ in walk(control) if isinstance(c, ft.Semantics) and c.label]


def identified(control: Any) -> dict[str, str]:
    """Identifier → text read back, for every identified part of a control."""
    return {str(c.identifier): text_of(c) for c, _ in walk(control)
            if isinstance(c, ft.Semantics) and c.identifier}


def outline_contrast(fill: str, rim: str, surface: str) -> float:
    """How well a picture's edge shows on a surface: by its fill or by its rim."""
    return max(symbols.contrast_ratio(fill, surface), symbols.contrast_ratio(rim, surface))


# --- the formula -------------------------------------------------------------------


def test_contrast_ratio_known_values() -> None:
    assert symbols.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert symbols.contrast_ratio("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert symbols.contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    assert symbols.contrast_ratio("#777777", "#777777") == pytest.approx(1.0)


# --- coverage: every thing of the game has its picture -----------------------------


def test_every_resource_token_type_and_rank_has_a_look() -> None:
    assert set(symbols.LOOKS) == set(KINDS)
    assert set(symbols.TYPE_LOOKS) == set(CardType)
    assert set(symbols.RANK_LOOKS) == set(SoloRank)
    assert set(METAL_COLOURS) == set(Medal)
    assert symbols.RESOURCE_COLOURS is w.RESOURCE_COLOURS


@pytest.mark.parametrize("table", [symbols.LOOKS, symbols.TYPE_LOOKS, symbols.RANK_LOOKS])
def test_glyphs_tell_things_apart_without_colour(table: dict[Any, symbols.Look]) -> None:
    glyphs = [look.glyph for look in table.values()]
    assert len(set(glyphs)) == len(glyphs)


def test_card_types_have_distinct_frames() -> None:
    fills = [symbols.type_colour(kind)[0] for kind in CardType]
    assert len(set(fills)) == len(fills)
    # The printed frames: Structure grey, Vehicle black, Research green, Project yellow,
    # Discovery blue, like the cube of the same rank.
    assert symbols.type_colour(CardType.RESEARCH)[0] == symbols.LOOKS[Resource.SCIENCE].fill
    assert symbols.type_colour(CardType.DISCOVERY)[0] == (
        symbols.LOOKS[Resource.EXPLORATION].fill)


# --- contrast ----------------------------------------------------------------------


def chip_pairs() -> Iterator[tuple[str, str, str, str]]:
    """(name, fill, ink, rim) of everything drawn with text on it."""
    for kind, look in symbols.LOOKS.items():
        yield f"resource {kind.name}", look.fill, look.ink, look.rim
    for card_type, look in symbols.TYPE_LOOKS.items():
        yield f"type {card_type.name}", look.fill, look.ink, look.rim


def glyph_pairs() -> Iterator[tuple[str, str, str, str]]:
    """(name, fill, ink, rim) of everything drawn with a glyph only."""
    for rank, look in symbols.RANK_LOOKS.items():
        yield f"rank {rank.name}", look.fill, look.ink, look.rim
    for medal, (fill, ink, rim) in METAL_COLOURS.items():
        yield f"medal {medal.name}", fill, ink, rim
    for name, look in (("points", score_pad.POINTS_LOOK), ("total", score_pad.TOTAL_LOOK)):
        yield f"pad {name}", look.fill, look.ink, look.rim


@pytest.mark.parametrize(("name", "fill", "ink", "rim"), list(chip_pairs()))
def test_text_on_chips_reads(name: str, fill: str, ink: str, rim: str) -> None:
    assert symbols.contrast_ratio(ink, fill) >= 4.5, name


@pytest.mark.parametrize(("name", "fill", "ink", "rim"), list(glyph_pairs()))
def test_glyphs_read(name: str, fill: str, ink: str, rim: str) -> None:
    assert symbols.contrast_ratio(ink, fill) >= 3.0, name


@pytest.mark.parametrize(("name", "fill", "ink", "rim"), [*chip_pairs(), *glyph_pairs()])
@pytest.mark.parametrize("surface", SURFACES)
def test_outline_shows_on_light_and_dark_pages(name: str, fill: str, ink: str, rim: str,
                                               surface: str) -> None:
    assert outline_contrast(fill, rim, surface) >= 3.0, f"{name} on {surface}"


def test_outline_test_would_catch_a_white_cube_without_rim() -> None:
    fill = symbols.LOOKS[Resource.MATERIALS].fill
    assert outline_contrast(fill, fill, "#FFFFFF") < 3.0
    assert outline_contrast(fill, symbols.LOOKS[Resource.MATERIALS].rim, "#FFFFFF") >= 3.0


# --- accessible names --------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_resource_and_token_symbols_are_named(kind: Resource | Token) -> None:
    assert labels(symbols.resource_symbol(kind)) == [symbols.resource_name(kind)]
    assert labels(symbols.resource_symbol(kind, labelled=False)) == []


@pytest.mark.parametrize("token", list(Token))
def test_token_symbols_are_named(token: Token) -> None:
    assert labels(symbols.token_symbol(token, 24)) == [symbols.resource_name(token)]


def test_names_follow_the_language() -> None:
    set_language("fr")
    assert labels(symbols.resource_symbol(Resource.MATERIALS)) == ["Matériaux"]
    assert labels(symbols.type_symbol(CardType.VEHICLE)) == ["Véhicule"]
    assert labels(symbols.rank_badge(SoloRank.APPRENTICE)) == ["Apprenti"]


@pytest.mark.parametrize("card_type", list(CardType))
def test_type_pictures_are_named(card_type: CardType) -> None:
    assert labels(symbols.type_symbol(card_type)) == [card_type.value]
    badge = symbols.type_badge(card_type)
    assert text_of(badge) == card_type.value and labels(badge) == []  # said once
    assert labels(symbols.type_badge(card_type, "3")) == [card_type.value]
    assert text_of(type_chip(card_type)) == card_type.value


@pytest.mark.parametrize("rank", list(SoloRank))
def test_rank_badges_are_named(rank: SoloRank) -> None:
    badge = symbols.rank_badge(rank, identifier="rank")
    assert labels(badge) == [rank.value]
    assert identified(badge) == {"rank": ""}  # a picture: no text to read


@pytest.mark.parametrize("medal", [*Medal, None])
def test_medals_are_named(medal: Medal | None) -> None:
    expected = {Medal.BRONZE: "Bronze medal", Medal.SILVER: "Silver medal",
                Medal.GOLD: "Gold medal", None: "No medal yet"}[medal]
    assert labels(symbols.medal_badge(medal)) == [expected]
    assert symbols.medal_badge is medal_badge


def test_chip_names_the_resource_only_when_its_text_does_not() -> None:
    bare = w.chip(Resource.ENERGY, "2")
    assert text_of(bare) == "2" and labels(bare) == ["Energy"]
    named = w.chip(Resource.ENERGY, "Energy 2")
    assert text_of(named) == "Energy 2" and labels(named) == []
    lettered = w.chip(Resource.GOLD, "G 1/2")
    assert text_of(lettered) == "G 1/2" and labels(lettered) == ["Gold"]


def test_resource_amount_reads_as_words_and_shows_the_number() -> None:
    amount = symbols.resource_amount(Token.GENERAL, 3, identifier="generals")
    assert text_of(amount) == "3"
    assert labels(amount) == ["3 Generals"] and identified(amount) == {"generals": "3"}
    long = symbols.resource_amount(Resource.SCIENCE, 2, long=True)
    assert text_of(long) == "2 Science"


def test_amounts_in_words_take_the_plural_of_tokens() -> None:
    assert symbols.amount_words(Token.GENERAL, 1) == "1 General"
    assert symbols.amount_words(Token.FINANCIER, 2) == "2 Financiers"
    assert symbols.amount_words(Resource.MATERIALS, 2) == "2 Materials"
    set_language("fr")
    assert symbols.amount_words(Token.GENERAL, 3) == "3 Généraux"
    assert symbols.amount_words(Token.FINANCIER, 1) == "1 Financier"


def test_card_face_chips_keep_their_spoken_words() -> None:
    assert labels(amount_chip(Resource.MATERIALS, 2))[0] == "2 Materials"
    assert text_of(amount_chip(Resource.MATERIALS, 2)) == "2"


# --- the score pad -----------------------------------------------------------------

SIMON = Score(**SIMON_ROWS)  # 62 points


@pytest.mark.parametrize("compact", [False, True])
def test_score_pad_reads_back_by_row(compact: bool) -> None:
    pad = score_pad.score_pad(SIMON, "score", compact=compact)
    assert identified(pad) == {"score-raw": "12", "score-combo": "30", "score-duo": "0",
                               "score-generals": "2", "score-financiers": "18",
                               "score-total": "62 points"}


def test_score_pad_rows_are_in_the_printed_order_with_their_names() -> None:
    rows = score_pad.breakdown_rows(SIMON, "final")
    named = [text_of(row) for row in rows if text_of(row)]
    assert named == ["Raw points 12", "Combo points 30", "Duo points 0", "Generals 2",
                     "Financiers 18", "Total 62 points"]
    # The row symbols are decorative: each row's name is already said in words.
    assert all(labels(row) == [] for row in rows)


def test_compact_pad_names_each_box() -> None:
    pad = score_pad.score_pad(SIMON, "score", compact=True)
    assert labels(pad) == ["Raw points", "Combo points", "Duo points", "Generals",
                           "Financiers", "Total"]
