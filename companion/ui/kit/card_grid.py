"""The cards as tiles under type tabs, for tapping a tableau in without typing.

The tabs are the game screen's picker's (`type_picker.type_tabs`): one per card type in
the game's colours, the open type's tiles below, so a player learns one picker. Each tab
carries the number of its type's cards counted. A tap on a tile adds one copy, a long
press or the tile's − removes one; a built tile is filled with its type's colour and
shows its count, an unbuilt one is only outlined in it, so the built cards stand out.
The grid offers the cards of the expansions the player owns (setting "expansions")
unless asked for all of them, and always the cards already counted, wherever they come
from. A search by name (the screen's) shows every type's matches at once, no tabs.

The type colours and glyphs are the game's visual language, `companion.ui.kit.symbols`: a
built tile is filled with its type's frame colour, every tile is edged with the type's
rim (which stays visible on a light and a dark page).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import Card, CardType, Expansion
from companion.shipped.catalog import Catalog
from companion.ui.kit import symbols
from companion.ui.kit import widgets as w
from companion.ui.kit.card_picker import card_label
from companion.ui.kit.type_picker import tab_row, type_tabs

TILE_HEIGHT = 56
TILE_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 4, "sm": 3, "md": 2}
"""Three tiles a row on a phone, more on wider windows."""


def owned_expansions(raw: object) -> set[Expansion]:
    """The setting "expansions" as a set; the base game is always owned."""
    owned = {Expansion.BASE}
    if isinstance(raw, list):
        owned |= {e for e in Expansion if e.value in raw}
    return owned


def shown_cards(catalog: Catalog, owned: set[Expansion] | None, counted: Mapping[int, int],
                query: str = "") -> list[Card]:
    """The cards the grid offers: the owned expansions' (all when `owned` is None), those
    matching `query` when one is typed, and every card already counted whatever its box."""
    if query.strip():
        found: Iterable[Card] = catalog.find_cards(query, limit=len(catalog.cards))
    else:
        found = catalog.cards
    return [card for card in found
            if owned is None or card.expansion in owned or counted.get(card.id, 0) > 0]


def by_type(cards: Iterable[Card]) -> list[tuple[CardType, list[Card]]]:
    """Groups in the game's type order, each sorted by name in the player's language."""
    groups: dict[CardType, list[Card]] = {kind: [] for kind in CardType}
    for card in cards:
        groups[card.type].append(card)
    here = language()
    return [(kind, sorted(cards, key=lambda c: c.name_in(here).casefold()))
            for kind, cards in groups.items() if cards]


class CardGrid:
    """Type tabs and the open type's tiles; `on_add(card)` and `on_remove(card)` run on a
    tile's tap and long press. `extra` goes after the tabs (the screen's search)."""

    def __init__(self, on_add: Callable[[Card], Any], on_remove: Callable[[Card], Any], *,
                 extra: ft.Control | None = None) -> None:
        self.on_add = on_add
        self.on_remove = on_remove
        self.extra = extra
        self.open: CardType | None = None
        """The type whose tiles are shown; the first type until a tab is tapped."""
        self._last: tuple[list[Card], Mapping[int, int], bool] = ([], {}, True)
        self.tabs = tab_row()
        self.tiles = ft.ResponsiveRow(spacing=6, run_spacing=6)
        self.control = ft.Column([self.tabs, self.tiles], spacing=10)

    def show(self, cards: Iterable[Card], counts: Mapping[int, int], *,
             tabs: bool = True) -> None:
        """The tabs of the types `cards` hold and the open type's tiles; without `tabs`
        (a search's matches) every card's tile, type after type."""
        shown = list(cards)
        self._last = (shown, counts, tabs)
        groups = dict(by_type(shown))
        self.tabs.visible = tabs
        if tabs:
            if self.open not in groups:
                self.open = next(iter(groups), None)
            tally = {kind: sum(counts.get(card.id, 0) for card in group)
                     for kind, group in groups.items()}
            self.tabs.controls = type_tabs(list(groups), self.open, self.choose,
                                           counts=tally,
                                           extra=[] if self.extra is None else [self.extra])
            drawn = groups.get(self.open, []) if self.open is not None else []
        else:
            drawn = [card for group in groups.values() for card in group]
        tiles: list[ft.Control] = [self._tile(card, counts.get(card.id, 0)) for card in drawn]
        if not tiles:
            tiles.append(ft.Text(t("No card matches.")))
        self.tiles.controls = tiles

    def choose(self, kind: CardType) -> None:
        """Open the tiles of `kind`."""
        self.open = kind
        self.show(self._last[0], self._last[1], tabs=self._last[2])

    def _tile(self, card: Card, count: int) -> ft.Control:
        background, foreground = symbols.type_colour(card.type)
        name = card_label(card)
        filled = count > 0
        tap = ft.Button(
            content=ft.Text(name, text_align=ft.TextAlign.CENTER, max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS),
            on_click=lambda: self.on_add(card),
            on_long_press=lambda: self.on_remove(card),
            height=TILE_HEIGHT,
            style=ft.ButtonStyle(
                bgcolor=background if filled else ft.Colors.SURFACE_CONTAINER_LOW,
                color=foreground if filled else ft.Colors.ON_SURFACE,
                side=ft.BorderSide(3 if filled else 2, symbols.TYPE_LOOKS[card.type].rim),
                shape=ft.RoundedRectangleBorder(radius=8),
                padding=ft.Padding.symmetric(horizontal=6, vertical=4),
                text_style=ft.TextStyle(size=12, weight=ft.FontWeight.W_600 if filled else None),
            ),
        )
        parts: list[ft.Control] = [tap]
        if filled:
            parts.append(ft.Row([
                w.icon_button(ft.Icons.REMOVE, t("One fewer {card}", card=name),
                              lambda: self.on_remove(card)),
                w.value_text(f"copies-{card.id}", f"×{count}", size=16, bold=True),
            ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        return ft.Column(parts, spacing=0, col=TILE_COLUMNS,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
