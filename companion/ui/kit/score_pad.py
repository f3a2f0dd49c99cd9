"""The score pad drawn like the printed one: a column of rows, each with its symbol,
its name and the number written in a box; the total under a rule, in a bolder box.

Players check the app against the paper pad, so the rows come in the pad's order with
the pad's symbols (the game's tokens for Generals and Financiers, the card frames for
combos). Every number keeps the Semantics identifier `<prefix>-<row>` the screens and
the tests read back (`final-total`, `score-raw`...), holding only its text ("62 points"
for the total, the bare number for the other rows). The symbols are decorative: the
row's name beside them says the same for a screen reader.

API: `breakdown_rows(result, prefix)` (the rows, to put in a column) and
`score_pad(result, prefix, *, compact=False)` (one control; `compact` is a single strip
of six boxes, for a pad kept on screen while tapping cards in).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.i18n.counts import points_total
from companion.rules.cards import CardType, Token
from companion.rules.scoring import Score
from companion.ui.kit import symbols

ROWS: tuple[str, ...] = ("raw", "combo", "duo", "generals", "financiers")
"""The pad's rows in the printed order; "total" follows."""

POINTS_LOOK = symbols.Look("#FFF3C4", "#5D4300", "#A87000", ft.Icons.STAR)
"""Raw victory points: the laurel-gold star of the printed points."""

TOTAL_LOOK = symbols.Look("#00695C", "#FFFFFF", "#4DB6AC", ft.Icons.FUNCTIONS)
"""The total: the app's own colour, so it stands apart from the game's things."""


def row_label(row: str) -> str:
    """The name of a pad row in the player's language."""
    return {
        "raw": t("Raw points"),
        "combo": t("Combo points"),
        "duo": t("Duo points"),
        "generals": t("Generals"),
        "financiers": t("Financiers"),
        "total": t("Total"),
    }[row]


def _disc(look: symbols.Look, size: float) -> ft.Control:
    return ft.Container(
        width=size, height=size, border_radius=size / 2, bgcolor=look.fill,
        border=ft.Border.all(1.5, look.rim), alignment=ft.Alignment.CENTER,
        content=ft.Icon(look.glyph, size=round(size * 0.62), color=look.ink),
    )


def _fan(types: tuple[CardType, ...], size: float) -> ft.Control:
    """Small cards of the given types, overlapping like a hand of cards."""
    card_width = size * (0.5 if len(types) > 2 else 0.62)
    step = (size - card_width) / (len(types) - 1)
    cards: list[ft.Control] = []
    for index, card_type in enumerate(types):
        fill, _ = symbols.type_colour(card_type)
        cards.append(ft.Container(
            left=index * step, top=(index % 2) * size * 0.06, width=card_width,
            height=size * 0.92, bgcolor=fill, border_radius=size * 0.1,
            border=ft.Border.all(1, symbols.TYPE_LOOKS[card_type].rim),
        ))
    return ft.Stack(cards, width=size, height=size)


def row_symbol(row: str, size: float = 28) -> ft.Control:
    """The printed pad's picture for a row (decorative: the row's name says it)."""
    if row == "generals":
        return symbols.token_symbol(Token.GENERAL, size, labelled=False)
    if row == "financiers":
        return symbols.token_symbol(Token.FINANCIER, size, labelled=False)
    if row == "combo":
        return _fan((CardType.STRUCTURE, CardType.VEHICLE, CardType.RESEARCH,
                     CardType.PROJECT, CardType.DISCOVERY), size)
    if row == "duo":
        return _fan((CardType.RESEARCH, CardType.PROJECT), size)
    return _disc(TOTAL_LOOK if row == "total" else POINTS_LOOK, size)


def _value(identifier: str, text: str, *, total: bool, size: int) -> ft.Control:
    """The written number, alone under its identifier so it reads back as it was."""
    return ft.Semantics(
        content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD if total else None,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if total else None,
                        text_align=ft.TextAlign.RIGHT, no_wrap=True),
        identifier=identifier,
    )


def _box(content: ft.Control, *, total: bool, width: float | None,
         compact: bool = False) -> ft.Container:
    """The pad's box a number is written in; the total's is bolder and tinted."""
    return ft.Container(
        content=content, width=width, height=44 if total else 38,
        padding=ft.Padding.symmetric(horizontal=4 if compact else 10),
        alignment=ft.Alignment.CENTER if compact else ft.Alignment.CENTER_RIGHT,
        border=ft.Border.all(2.5 if total else 1.5,
                             ft.Colors.PRIMARY if total else ft.Colors.OUTLINE),
        border_radius=4,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if total else None,
    )


def _values(result: Score) -> dict[str, str]:
    values = {key: str(number) for key, number in result.as_dict().items()}
    values["total"] = points_total(result.total)
    return values


def rows_shown(result: Score, duo: bool) -> tuple[str, ...]:
    """The pad's rows for this game: Duo points exist only with Corruption & Ascension
    (`duo`), though a score that has some always shows them."""
    return tuple(row for row in ROWS if row != "duo" or duo or result.duo)


def breakdown_rows(result: Score, prefix: str, *, duo: bool = True) -> list[ft.Control]:
    """The score pad's rows; each value can be read back by `<prefix>-<row>`."""
    values = _values(result)
    lines: list[ft.Control] = [
        ft.Row([row_symbol(key), ft.Text(row_label(key), expand=True),
                _box(_value(f"{prefix}-{key}", values[key], total=False, size=16),
                     total=False, width=72)],
               spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        for key in rows_shown(result, duo)
    ]
    lines.append(ft.Divider(height=6, thickness=2))
    lines.append(
        ft.Row([row_symbol("total"),
                ft.Text(row_label("total"), expand=True, weight=ft.FontWeight.BOLD,
                        size=16),
                _box(_value(f"{prefix}-total", values["total"], total=True, size=20),
                     total=True, width=None)],
               spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    )
    return lines


def _compact_cell(prefix: str, key: str, text: str) -> ft.Control:
    total = key == "total"
    cell = ft.Column(
        [ft.Row([row_symbol(key, 20)], alignment=ft.MainAxisAlignment.CENTER),
         _box(_value(f"{prefix}-{key}", text, total=total, size=15 if total else 14),
              total=total, width=None, compact=True)],
        spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    return ft.Semantics(content=cell, label=row_label(key), container=True,
                        expand=4 if total else 2)


def score_pad(result: Score, prefix: str, *, compact: bool = False,
              duo: bool = True) -> ft.Control:
    """The whole pad as one control; `compact` puts the boxes in one strip."""
    if not compact:
        return ft.Column(breakdown_rows(result, prefix, duo=duo), spacing=6,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    values = _values(result)
    return ft.Row([_compact_cell(prefix, key, values[key])
                   for key in (*rows_shown(result, duo), "total")],
                  spacing=4, vertical_alignment=ft.CrossAxisAlignment.END)
