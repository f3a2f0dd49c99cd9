"""A card picked with no keyboard: one tab per card type, then that type's cards as tiles.

At the table the phone is in one hand and the drafted cards in the other; a phone's
keyboard would cover half the screen and the message saying what the last tap did. A
card's type is seen at a glance (the colour of its frame), so the tabs are the types in
the game's own colours and glyphs (`symbols.TYPE_LOOKS`), and a tab opens a grid of that
type's names, each tile at least 48 px high. The open tab stays open from one card to
the next: consecutive cards of one type cost no tab tap.

A tile carries its card's one-tap actions (build, recycle: `actions`), and its name opens
the card (`on_pick`). A card the player cannot take (`Choice.refused`: no copy left) is
drawn without actions and says so; a tap on its name gives the whole reason
(`on_refused`), so nothing is refused after the player acted. What the tiles hold and in
what order is decided elsewhere (`companion.usecases.card_choice`); this only draws it.

The tab row is the app's one way of choosing a card type (`type_tabs`, `tab_button`): the
quick score's grid and the Cards browser's filter draw the same tabs, so a player learns
one picker. The open tab is filled with its type's colour and ringed in the page's own
text colour (`symbols.OPEN_RIM`), which stands out on a light and a dark page alike,
even where the fill is as dark as the page (a Vehicle's black on the dark theme).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import Card, CardType
from companion.rules.errors import Rejected
from companion.ui.kit import symbols
from companion.ui.kit import widgets as w
from companion.ui.kit.card_picker import RowAction, card_label
from companion.usecases.card_choice import Choice

TAB_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 4, "md": 2}
"""Three tabs a row on a phone (two rows for five types and the search), one row wider."""
TAB_TEXT = 12
"""A tab's name, in points: every type's name in the six languages fits a phone's tab."""
TAB_PADDING = 6
"""Space inside a tab, each side of its name."""
TILE_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 4, "md": 3}
"""Three tiles a row on a phone: a name on two lines and two 48 px buttons fit."""
Grid = Callable[[CardType], Sequence[Choice]]
"""The tiles of one type, in the order to draw them."""


class TypePicker:
    """Type tabs and the open type's tiles; `show` draws what the screen decided."""

    def __init__(
        self,
        on_pick: Callable[[Card], Any],
        *,
        actions: Callable[[Card], Sequence[RowAction]] | None = None,
        on_refused: Callable[[Rejected], Any] | None = None,
        extra: ft.Control | None = None,
    ) -> None:
        """`extra` goes after the tabs, in their row (the screen's "Search by name", a
        `tab_button`)."""
        self.on_pick = on_pick
        self.actions = actions
        self.on_refused = on_refused
        self.extra = extra
        self.open: CardType | None = None
        """The type whose tiles are shown; the first type until a tab is tapped."""
        self._types: list[CardType] = []
        self._grid: Grid = lambda kind: ()
        self._shown: object = None
        self.tabs = tab_row()
        self.tiles = ft.ResponsiveRow(spacing=4, run_spacing=4)
        self.control = ft.Column([self.tabs, self.tiles], spacing=10)

    def show(self, types: Sequence[CardType], grid: Grid) -> None:
        """Draw the tabs of `types` and the open type's tiles, `grid(open type)`. Nothing
        is rebuilt when nothing shown changed, so a tap elsewhere sends nothing for it."""
        self._types, self._grid = list(types), grid
        if self.open not in self._types:
            self.open = self._types[0] if self._types else None
        choices = list(grid(self.open)) if self.open is not None else []
        signature = (tuple(self._types), self.open, language(), tuple(
            (c.card.id, c.required, None if c.refused is None else str(c.refused))
            for c in choices))
        if signature == self._shown:
            return
        self._shown = signature
        self.tabs.controls = type_tabs(self._types, self.open, self.choose,
                                       extra=[] if self.extra is None else [self.extra])
        self.tiles.controls = [self._tile(choice) for choice in choices]

    def choose(self, kind: CardType) -> None:
        """Open the tiles of `kind`."""
        self.open = kind
        self.show(self._types, self._grid)

    def _tile(self, choice: Choice) -> ft.Control:
        card = choice.card
        name = card_label(card)
        parts: list[ft.Control] = [ft.TextButton(
            content=ft.Text(name, text_align=ft.TextAlign.CENTER, max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS, size=13),
            on_click=self._named(choice), height=w.TOUCH,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=2, vertical=2)),
        )]
        if choice.required:
            parts.append(ft.Row([
                ft.Icon(ft.Icons.FLAG, size=14, color=ft.Colors.TERTIARY),
                ft.Text(t("Required"), size=12, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.TERTIARY),
            ], spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER))
        if choice.refused is not None:
            parts.append(ft.Container(
                ft.Text(t("No copy left"), size=12, italic=True,
                        text_align=ft.TextAlign.CENTER),
                height=w.TOUCH, alignment=ft.Alignment.CENTER))
        elif self.actions is not None:
            parts.append(ft.Row(
                [w.icon_button(icon, label, handler, filled=index == 0)
                 for index, (icon, label, handler) in enumerate(self.actions(card))],
                spacing=0, alignment=ft.MainAxisAlignment.CENTER))
        look = symbols.TYPE_LOOKS[card.type]
        return ft.Semantics(
            content=ft.Container(
                ft.Column(parts, spacing=0,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                border=ft.Border.all(2, look.rim), border_radius=8, padding=1,
                opacity=0.6 if choice.refused is not None else 1.0,
            ),
            identifier=f"tile-{card.id}", container=True, col=TILE_COLUMNS,
        )

    def _named(self, choice: Choice) -> Callable[[], None]:
        def tapped() -> None:
            if choice.refused is not None:
                if self.on_refused is not None:
                    self.on_refused(choice.refused)
                return
            self.on_pick(choice.card)

        return tapped


def tab_row() -> ft.ResponsiveRow:
    """The row the tabs go in: three a row on a phone, six on a wider window."""
    return ft.ResponsiveRow(spacing=6, run_spacing=6)


def type_tabs(types: Sequence[CardType], open_type: CardType | None,
              choose: Callable[[CardType], Any], *,
              counts: Mapping[CardType, int] | None = None,
              extra: Sequence[ft.Control] = ()) -> list[ft.Control]:
    """One tab per type of `types`, in their order, `open_type`'s open, then `extra`
    (a screen's own tabs: the search by name, every type); `choose(type)` on a tap.
    `counts` puts a number on a type's tab (the quick score's cards counted of it)."""
    def tapped(kind: CardType) -> Callable[[], Any]:
        return lambda: choose(kind)

    tabs: list[ft.Control] = []
    for kind in types:
        look = symbols.TYPE_LOOKS[kind]
        tabs.append(tab_button(symbols.type_name(kind), tapped(kind), look.glyph, look=look,
                               chosen=kind is open_type, identifier=f"type-{kind.value}",
                               count=(counts or {}).get(kind, 0)))
    return [*tabs, *extra]


def tab_button(name: str, on_click: Callable[[], Any], glyph: ft.IconData, *,
               look: symbols.Look | None = None, chosen: bool = False,
               identifier: str | None = None, shown: str | None = None,
               count: int = 0) -> ft.Control:
    """A tab of the picker's row: filled with its type's colour and ringed in the page's
    text colour when open, else edged with its type's rim; without a `look` (the
    search's tab, "every type"), in the page's own colours, and ringed the same when
    `chosen`. `shown` is a shorter text to draw where `name` would not fit a phone's
    tab; screen readers always say `name`, whole. A `count` above 0 sits on the glyph
    as a badge and is said after the name ("Project · 5")."""
    filled = look is not None and chosen
    said = name if count <= 0 else f"{name} · {count}"
    icon = ft.Icon(glyph, size=18, color=look.ink if filled and look else None,
                   # A count, not an alarm: the theme's secondary colour, not the
                   # badge's default error red.
                   badge=ft.Badge(label=str(count), bgcolor=ft.Colors.SECONDARY,
                                  text_color=ft.Colors.ON_SECONDARY) if count > 0 else None)
    # The glyph above the name: a phone's third of a row is then the name's alone
    # (Spanish "Descubrimiento" and "Investigación" were cut beside the glyph).
    drawn = ft.Column([icon, ft.Text(shown or name, max_lines=1, size=TAB_TEXT,
                                     overflow=ft.TextOverflow.ELLIPSIS)],
                      spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if chosen:
        rim = ft.BorderSide(3, symbols.OPEN_RIM)
    else:
        rim = ft.BorderSide(2, look.rim if look is not None else ft.Colors.OUTLINE)
    button = ft.Button(
        # Named once, by the Semantics around it (with its selected state), as
        # `widgets.icon_button` is: the text inside would name a second button.
        content=ft.Semantics(content=drawn, exclude_semantics=True),
        on_click=on_click,
        height=w.TOUCH,
        style=ft.ButtonStyle(
            bgcolor=look.fill if filled and look else ft.Colors.SURFACE_CONTAINER_LOW,
            color=look.ink if filled and look else ft.Colors.ON_SURFACE,
            side=rim,
            shape=ft.RoundedRectangleBorder(radius=8),
            padding=ft.Padding.symmetric(horizontal=TAB_PADDING, vertical=2),
            text_style=ft.TextStyle(size=TAB_TEXT,
                                    weight=ft.FontWeight.BOLD if chosen else None),
        ),
    )
    return ft.Semantics(content=button, label=said, button=True,
                        selected=chosen if look is not None or chosen else None,
                        container=True,
                        identifier=identifier, col=TAB_COLUMNS)


def focus_search(page: ft.Page, field: ft.TextField) -> None:
    """Put the cursor in a "By name" search field once it is drawn: who asked to type
    gets the phone's keyboard at once, without a second tap on the field."""
    async def focus() -> None:
        with contextlib.suppress(RuntimeError):  # not on a page any more: nothing to do
            await field.focus()  # type: ignore[no-untyped-call]

    with contextlib.suppress(RuntimeError):  # no event loop (a unit test without one)
        page.run_task(focus)
