"""A card's printed numbers drawn the same way wherever a card is shown.

Costs, production, bonuses and points are drawn as chips in the colours of the game's
cubes with each resource's glyph (`symbols.py`), each with a spoken name ("2 Materials"),
so a list row and a card page read alike and the colours never carry meaning alone. A
card's type is drawn in its printed frame colour (`type_chip`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t, tn
from companion.rules.cards import Amounts, CardType, Icon, Points, SlotKind, Token
from companion.ui.kit import symbols
from companion.ui.kit import widgets as w
from companion.usecases.labels import expansion_name as expansion_name

if TYPE_CHECKING:
    from companion.ui.screen import Shell


def type_label(kind: CardType) -> str:
    """A card type in the player's language (the templates are the English type names)."""
    return symbols.type_name(kind)


def type_chip(kind: CardType) -> ft.Control:
    """The type's name on its printed frame colour, with its glyph."""
    return symbols.type_badge(kind)


def _per_label(element: CardType | Token) -> str:
    return w.resource_name(element) if isinstance(element, Token) else type_label(element)


def amount_chip(kind: SlotKind, amount: int, *, long: bool = False) -> ft.Control:
    """`2` in the Materials colour; `long` writes the resource too ("2 Materials")."""
    spoken = symbols.amount_words(kind, amount)
    return _chip(kind, spoken if long else str(amount), spoken)


def _chip(kind: SlotKind, text: str, spoken: str) -> ft.Control:
    """A chip read aloud once, by its full words, whatever short text it shows."""
    if text == spoken:
        return w.chip(kind, text)
    return ft.Semantics(content=w.chip(kind, text), label=spoken, exclude_semantics=True)


def amount_chips(amounts: Amounts, *, long: bool = False) -> list[ft.Control]:
    return [amount_chip(kind, amount, long=long) for kind, amount in amounts]


def icon_text(icon: Icon) -> str:
    """One production icon in words: "1 Energy", "1 Exploration per Vehicle", "-1 Energy"."""
    base = symbols.amount_words(icon.kind, icon.amount)
    if icon.per is None:
        return base
    return t("{production} per {type}", production=base, type=type_label(icon.per))


def production_chips(icons: Sequence[Icon], *, long: bool = False) -> list[ft.Control]:
    """Each icon as a chip; "per Vehicle" productions always say so, even in short rows."""
    chips: list[ft.Control] = []
    for icon in icons:
        spoken = icon_text(icon)
        if long:
            text = spoken
        elif icon.per is not None:
            text = t("{count} per {type}", count=icon.amount, type=type_label(icon.per))
        else:
            text = str(icon.amount)
        chips.append(_chip(icon.kind, text, spoken))
    return chips


def points_text(points: Points) -> str:
    """Victory points as the scorer counts them: flat, per card or token, or per pair."""
    if points.is_flat:
        return str(points.amount)
    if points.is_duo:
        first, second = points.per
        return t("{points} per pair of {first} and {second}", points=points.amount,
                 first=_per_label(first), second=_per_label(second))
    (per,) = points.per
    return t("{points} per {what}", points=points.amount, what=_per_label(per))


def points_words(points: Points) -> str:
    """The points read aloud, counted like the words around them: "1 victory point",
    "1 victory point per Vehicle", "2 victory points per pair of...". One plural
    message per shape, since "victory points" goes before "per" and agrees with the
    number ("1 point de victoire", "2 Siegpunkte pro Fahrzeug")."""
    if points.is_flat:
        return tn("{count} victory point", "{count} victory points", points.amount)
    if points.is_duo:
        first, second = points.per
        return tn("{count} victory point per pair of {first} and {second}",
                  "{count} victory points per pair of {first} and {second}", points.amount,
                  first=_per_label(first), second=_per_label(second))
    (per,) = points.per
    return tn("{count} victory point per {what}", "{count} victory points per {what}",
              points.amount, what=_per_label(per))


def points_badge(points: Points) -> ft.Control:
    """The points in a neutral laurel-like badge, apart from the resource colours."""
    spoken = points_words(points)
    return ft.Semantics(
        content=ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.STAR, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Text(points_text(points), weight=ft.FontWeight.BOLD,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER)],
                           spacing=4, tight=True),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=6,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        ),
        label=spoken,
        exclude_semantics=True,
    )


def chip_row(chips: Sequence[ft.Control]) -> ft.Control:
    """Chips that wrap on a narrow phone; a dash when there are none."""
    if not chips:
        return ft.Text("—", color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(list(chips), wrap=True, spacing=6, run_spacing=6)


# --- variant faces ---------------------------------------------------------------

VARIANT_KEY = "variant_faces"
"""Where the tab remembers the variant switch (`app.memory`)."""


def variants_wanted(app: Shell) -> bool:
    """Show faces C–F? As setup decides: on when the default face is a variant face;
    otherwise as the player last switched it in this tab."""
    face = app.services.setting("default_face", "A")
    if any(f.variant and f.face == face for f in app.services.catalog.empires):
        return True
    return app.memory.get(VARIANT_KEY) is True
