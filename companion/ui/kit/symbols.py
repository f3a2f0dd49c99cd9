"""The game's visual language: resource cubes, card-type colours, tokens, ranks.

A player reads the table by colour and shape long before words (a grey cube, a green
card, a General's shield), so the app draws the same things the same way on every
screen. Nothing is told by colour alone: each picture also has its own glyph and, for
screen readers and the tests, an accessible label (a `Semantics` label) unless the
text next to it already names it. Colours are fixed (they are the game's own) and are
chosen so that every pair meets WCAG contrast (tests/ui/test_symbols.py): ink on fill
at least 4.5 where text is written, 3 for glyphs; and the picture's outline (its fill,
or its rim when the fill melts into the page) at least 3 against the light and the dark
theme's surfaces.

Shapes say what a thing is: resources are cubes (rounded squares), character tokens
are discs, Krystallium is a red crystal (a diamond), card types are chips in the
printed frame colour, solo ranks are shields, medals are discs in their metal
(`medal_badge.py`).

API for screens (nothing here needs a page):
- `resource_symbol(kind, size=20, *, labelled=True)`: a cube (or a token's own shape
  for Krystallium, Financier, General); `kind` is any `SlotKind`.
- `token_symbol(token, size=20, *, labelled=True)`: a token's picture.
- `resource_amount(kind, n, *, identifier=None, long=False)`: a chip, glyph and number
  ("2"), read aloud "2 Materials"; `long` writes the name too.
- `chip(kind, text, *, tooltip=None)`: the resource-coloured chip `widgets.chip` draws.
- `type_colour(card_type) -> (background, text)`, `type_symbol(card_type, size=20)`,
  `type_badge(card_type, text=None)`: a chip in the card's frame colour with its glyph.
- `rank_badge(rank, size=36, *, identifier=None)`: a solo rank as a shield.
- `medal_badge(medal, size=36, *, identifier=None)`: from `medal_badge.py`.
- `amount_words(kind, n)`: "2 Materials", "3 Generals" (plural where the word has one).
- `resource_name(kind)`: the translated name (also `widgets.resource_name`);
  `type_name(card_type)`: a type's translated name.
- Palettes: `RESOURCE_COLOURS` (fill, ink) as `widgets.RESOURCE_COLOURS`, `LOOKS`,
  `TYPE_LOOKS`, `RANK_LOOKS` (fill, ink, rim, glyph), `OPEN_RIM` (an open tab's ring)
  and `SURFACES` (the theme's);
  `contrast_ratio(a, b)` to check a pair of your own.
"""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.rules.cards import CardType, Resource, SlotKind, Token
from companion.rules.scoring import SoloRank
from companion.ui.kit.medal_badge import medal_badge
from companion.usecases.labels import (  # the words beside the pictures
    amount_words,
    resource_name,
    solo_rank_label,
    type_name,
)

__all__ = [
    "LOOKS", "OPEN_RIM", "RANK_LOOKS", "RESOURCE_COLOURS", "SURFACES", "TYPE_LOOKS", "Look",
    "amount_words", "chip",
    "contrast_ratio", "medal_badge", "rank_badge", "resource_amount", "resource_name",
    "resource_symbol", "token_symbol", "type_badge", "type_colour", "type_name",
    "type_symbol",
]


class Look(NamedTuple):
    """How one thing is drawn: its fill, the ink of its glyph or text, a rim that keeps
    its outline visible where the fill is close to the page, and its glyph."""

    fill: str
    ink: str
    rim: str
    glyph: ft.IconData


LOOKS: dict[SlotKind, Look] = {
    # The cubes' colours: Materials white-grey, Energy black, Science green, Gold yellow,
    # Exploration blue; Krystallium red. Character tokens: the printed tokens' browns and
    # slate. Rims: a mid tone of the same hue, visible on light and dark pages alike.
    Resource.MATERIALS: Look("#ECEFF1", "#263238", "#607D8B", ft.Icons.HARDWARE),
    Resource.ENERGY: Look("#212121", "#FAFAFA", "#8D8D8D", ft.Icons.BOLT),
    Resource.SCIENCE: Look("#2E7D32", "#FFFFFF", "#66BB6A", ft.Icons.SCIENCE),
    Resource.GOLD: Look("#F9A825", "#1B1B1B", "#A87000", ft.Icons.PAID),
    Resource.EXPLORATION: Look("#1565C0", "#FFFFFF", "#64B5F6", ft.Icons.EXPLORE),
    Token.KRYSTALLIUM: Look("#C62828", "#FFFFFF", "#EF5350", ft.Icons.DIAMOND),
    Token.FINANCIER: Look("#6D4C41", "#FFFFFF", "#A1887F", ft.Icons.BUSINESS_CENTER),
    Token.GENERAL: Look("#455A64", "#FFFFFF", "#90A4AE", ft.Icons.SHIELD),
}

RESOURCE_COLOURS: dict[SlotKind, tuple[str, str]] = {
    kind: (look.fill, look.ink) for kind, look in LOOKS.items()
}
"""(background, text) per resource or token, as `widgets.RESOURCE_COLOURS` always gave."""

TYPE_LOOKS: dict[CardType, Look] = {
    # The printed frames: Structures grey, Vehicles black, Research green, Projects
    # yellow, Discoveries blue (the rulebooks' text in ../shared/seeds/ does not describe
    # frame colours; these are the printed cards'). Memorial (War or Peace) is not
    # described anywhere we have: a purple distinct from the five, our choice.
    CardType.STRUCTURE: Look("#757575", "#FFFFFF", "#A0A0A0", ft.Icons.APARTMENT),
    CardType.VEHICLE: Look("#212121", "#FAFAFA", "#8D8D8D", ft.Icons.ROCKET_LAUNCH),
    CardType.RESEARCH: Look("#2E7D32", "#FFFFFF", "#66BB6A", ft.Icons.BIOTECH),
    CardType.PROJECT: Look("#F9A825", "#1B1B1B", "#A87000", ft.Icons.ARCHITECTURE),
    CardType.DISCOVERY: Look("#1565C0", "#FFFFFF", "#64B5F6", ft.Icons.TRAVEL_EXPLORE),
    CardType.MEMORIAL: Look("#6A1B9A", "#FFFFFF", "#BA68C8", ft.Icons.MUSEUM),
}

OPEN_RIM = ft.Colors.ON_SURFACE
"""The ring of an open tab (`type_picker.tab_button`): the page's own text colour, dark
on the light theme and light on the dark one. A type's rim alone left the open Vehicle
tab (black) on the dark page told apart by 3 px of grey."""

RANK_LOOKS: dict[SoloRank, Look] = {
    # Rising from a plain slate to gold: the rank reads as a step on a ladder.
    SoloRank.APPRENTICE: Look("#546E7A", "#FFFFFF", "#90A4AE", ft.Icons.SCHOOL),
    SoloRank.DICTATOR: Look("#B71C1C", "#FFFFFF", "#EF5350", ft.Icons.GAVEL),
    SoloRank.EMPEROR: Look("#4527A0", "#FFFFFF", "#9575CD", ft.Icons.ACCOUNT_BALANCE),
    SoloRank.LIVING_GOD: Look("#F2B705", "#3E2723", "#9C7500", ft.Icons.AUTO_AWESOME),
}

SURFACES: dict[str, tuple[str, ...]] = {
    # Material 3 surfaces for the app's seed #00695C: the page (#F4FBF8 light, #0E1513
    # dark, sampled from browser screenshots), then the container tones dialogs and
    # menus use (Material 3's neutral palette, estimated); white and black bound them.
    "light": ("#FFFFFF", "#F4FBF8", "#E9EFEC", "#DDE4E1"),
    "dark": ("#000000", "#0E1513", "#1A211F", "#2F3634"),
}


def _named(picture: ft.Control, label: str, labelled: bool,
           identifier: str | None = None) -> ft.Control:
    """A picture with its accessible name, or bare when the text beside it says it."""
    if not labelled and identifier is None:
        return picture
    return ft.Semantics(content=picture, label=label if labelled else None,
                        identifier=identifier, image=labelled)


def _glyph(look: Look, size: float) -> ft.Icon:
    return ft.Icon(look.glyph, size=round(size * 0.66), color=look.ink)


def _tile(look: Look, size: float, radius: float | ft.BorderRadius) -> ft.Container:
    """A filled shape with its rim and glyph: the base of every picture here."""
    return ft.Container(
        width=size, height=size, bgcolor=look.fill, border_radius=radius,
        border=ft.Border.all(max(1.5, size / 14), look.rim),
        content=_glyph(look, size), alignment=ft.Alignment.CENTER,
    )


def _diamond(look: Look, size: float) -> ft.Control:
    """Krystallium's crystal: a square turned a quarter, the glyph kept upright."""
    side = size * 0.72
    turned = ft.Container(
        width=side, height=side, bgcolor=look.fill, border_radius=size * 0.08,
        border=ft.Border.all(max(1.5, size / 14), look.rim),
        rotate=ft.Rotate(angle=0.785398),
    )
    return ft.Stack(
        [ft.Container(turned, width=size, height=size, alignment=ft.Alignment.CENTER),
         ft.Container(ft.Icon(look.glyph, size=round(size * 0.5), color=look.ink),
                      width=size, height=size, alignment=ft.Alignment.CENTER)],
        width=size, height=size,
    )


def token_symbol(token: Token, size: float = 20, *, labelled: bool = True) -> ft.Control:
    """A token: Financiers and Generals as discs, Krystallium as a crystal."""
    look = LOOKS[token]
    picture = _diamond(look, size) if token is Token.KRYSTALLIUM else _tile(look, size,
                                                                            size / 2)
    return _named(picture, resource_name(token), labelled)


def resource_symbol(kind: SlotKind, size: float = 20, *, labelled: bool = True) -> ft.Control:
    """A resource cube in its colour with its glyph; tokens get their own shape."""
    if isinstance(kind, Token):
        return token_symbol(kind, size, labelled=labelled)
    return _named(_tile(LOOKS[kind], size, size * 0.22), resource_name(kind), labelled)


def _pill(look: Look, text: str, *, glyph_label: str | None,
          tooltip: str | None = None) -> ft.Container:
    """Glyph and text on the thing's colour; the glyph is named only if the text is not."""
    icon: ft.Control = ft.Icon(look.glyph, size=16, color=look.ink)
    if glyph_label is not None:
        icon = ft.Semantics(content=icon, label=glyph_label, image=True)
    return ft.Container(
        content=ft.Row([icon, ft.Text(text, color=look.ink, weight=ft.FontWeight.BOLD,
                                      size=14)],
                       spacing=4, tight=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=look.fill,
        border=ft.Border.all(1.5, look.rim),
        border_radius=6,
        padding=ft.Padding.only(left=6, right=8, top=3, bottom=3),
        tooltip=tooltip,
    )


def chip(kind: SlotKind, text: str, *, tooltip: str | None = None) -> ft.Control:
    """A chip in the resource's colour with its glyph; `text` is shown as it is (tests
    read it back), and the glyph says the resource when the text does not."""
    name = resource_name(kind)
    said = name.casefold() in text.casefold()
    return _pill(LOOKS[kind], text, glyph_label=None if said else name, tooltip=tooltip)


def resource_amount(kind: SlotKind, n: int, *, identifier: str | None = None,
                    long: bool = False) -> ft.Control:
    """`n` of a resource as a chip (glyph and number), read aloud as "2 Materials"."""
    spoken = amount_words(kind, n)
    pill = _pill(LOOKS[kind], spoken if long else str(n), glyph_label=None)
    return ft.Semantics(content=pill, label=spoken, identifier=identifier,
                        exclude_semantics=True)


def type_colour(card_type: CardType) -> tuple[str, str]:
    """(background, text) of a card type: its printed frame colour and a readable ink."""
    look = TYPE_LOOKS[card_type]
    return look.fill, look.ink


def type_symbol(card_type: CardType, size: float = 20, *,
                labelled: bool = True) -> ft.Control:
    """A small card in the type's frame colour with its glyph (taller than wide)."""
    look = TYPE_LOOKS[card_type]
    card = ft.Container(
        width=size * 0.78, height=size, bgcolor=look.fill, border_radius=size * 0.12,
        border=ft.Border.all(max(1.5, size / 14), look.rim),
        content=ft.Icon(look.glyph, size=round(size * 0.56), color=look.ink),
        alignment=ft.Alignment.CENTER,
    )
    return _named(card, type_name(card_type), labelled)


def type_badge(card_type: CardType, text: str | None = None) -> ft.Control:
    """The type's name (or `text`) on its frame colour, with the type's glyph."""
    shown = type_name(card_type) if text is None else text
    said = type_name(card_type).casefold() in shown.casefold()
    return _pill(TYPE_LOOKS[card_type], shown,
                 glyph_label=None if said else type_name(card_type))


def rank_badge(rank: SoloRank, size: float = 36, *,
               identifier: str | None = None) -> ft.Control:
    """A solo rank drawn as a shield in the rank's colour, named by the rank."""

    look = RANK_LOOKS[rank]
    shield = _tile(look, size, ft.BorderRadius.only(
        top_left=size * 0.12, top_right=size * 0.12,
        bottom_left=size / 2, bottom_right=size / 2))
    return ft.Semantics(content=shield, label=solo_rank_label(rank), identifier=identifier,
                        image=True)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two "#RRGGBB" colours (1 to 21), for the tests that
    hold every pair drawn here to 4.5 (text) or 3 (large symbols, outlines)."""

    def luminance(colour: str) -> float:
        code = colour.lstrip("#")
        channels = [int(code[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                  for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)
