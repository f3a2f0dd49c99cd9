"""The card browser: every development card, searchable in any language, and a page per card.

Search uses the catalog's own lookup (`Catalog.find_cards`: case-, accent- and
punctuation-free, every printed name), the one the scorer uses, so a name that the
scorer understands is also found here. Filters narrow by type (the game's type tabs,
`type_picker.type_tabs`, as on the game screen and in the quick score: one tap shows a
type's cards, "Every type" all of them), expansion, and what a card produces or costs;
the expansions start as the ones the player owns (setting "expansions"), and all of them
are one tap away.

Only the first rows are built (`PAGE`), with "show more" for the rest: building the 129
rows of chips at once costs more than a phone's keystroke should.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import flet as ft

from companion.i18n import LANGUAGE_NAMES, language, t
from companion.rules.cards import Card, CardType, Expansion, SlotKind, Token
from companion.rules.reasons import points_now_reason, points_reason
from companion.shipped.catalog import Catalog
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import (
    amount_chip,
    amount_chips,
    chip_row,
    expansion_name,
    points_badge,
    points_text,
    production_chips,
    type_label,
)
from companion.ui.kit.type_picker import tab_button, tab_row, type_tabs
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.card_choice import types_in_play
from companion.usecases.labels import reason_text
from companion.usecases.why import counts_in_game

PAGE = 30
"""Rows built at first, and added by each "show more"."""


@dataclass
class CardFilter:
    """What the player asked to see; empty `types` means every type."""

    query: str = ""
    types: set[CardType] = field(default_factory=set)
    expansions: set[Expansion] = field(default_factory=lambda: set(Expansion))
    produces: SlotKind | None = None
    costs: SlotKind | None = None

    def allows(self, card: Card) -> bool:
        if self.types and card.type not in self.types:
            return False
        if card.expansion not in self.expansions:
            return False
        if self.produces is not None and not any(
                icon.kind == self.produces and icon.amount > 0 for icon in card.production):
            return False
        return self.costs is None or card.cost_of(self.costs) > 0


def matching(catalog: Catalog, wanted: CardFilter) -> list[Card]:
    """The cards to list: best name matches first when searching, else in card order."""
    if wanted.query.strip():
        found = catalog.find_cards(wanted.query, limit=len(catalog.cards))
    else:
        found = list(catalog.cards)
    return [card for card in found if wanted.allows(card)]


def owned_expansions(raw: object) -> set[Expansion]:
    """The setting "expansions" as a set; the base game is always owned."""
    owned = {Expansion.BASE}
    if isinstance(raw, list):
        owned |= {e for e in Expansion if e.value in raw}
    return owned


def kinds_used(catalog: Catalog, produced: bool) -> list[SlotKind]:
    """The resources and tokens some card produces (or costs), in the game's order."""
    seen: set[SlotKind] = set()
    for card in catalog.cards:
        if produced:
            seen |= {icon.kind for icon in card.production if icon.amount > 0}
        else:
            seen |= {kind for kind, _ in card.cost}
    return [kind for kind in w.RESOURCE_COLOURS if kind in seen]


class CardsScreen(Screen):
    section_bar = True

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.filter = CardFilter(
            expansions=owned_expansions(app.services.setting("expansions", ["base"])))
        self.shown = PAGE
        self._search = ft.TextField(label=t("Search cards"),
                                    hint_text=t("a few letters, any language"),
                                    prefix_icon=ft.Icons.SEARCH, on_change=self._typed)
        self._filters = ft.Column(spacing=8)
        self._count = ft.Text()
        self._rows = ft.Column(spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._built: dict[int, ft.ListTile] = {}
        """Rows already made, reused as the filter changes: a keystroke then sends only
        which rows are shown, not the rows again."""

    @property
    def title(self) -> str:
        return t("Cards")

    def build(self) -> ft.Control:
        self.refresh()
        return ft.Column([
            ft.Row([
                w.button(t("Empires"), lambda: self.app.navigate("/cards/empires"),
                         icon=ft.Icons.PUBLIC, kind="tonal"),
                w.button(t("Rules of the game"), lambda: self.app.navigate("/rules"),
                         icon=ft.Icons.MENU_BOOK, kind="tonal"),
            ], wrap=True, spacing=8, run_spacing=8),
            self._search,
            self._filters,
            ft.Semantics(content=self._count, identifier="card-count"),
            ft.Semantics(content=self._rows, identifier="card-list", container=True),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def refresh(self) -> None:
        self._filters.controls = self._filter_rows()
        cards = matching(self.app.services.catalog, self.filter)
        self._count.value = t("Cards shown: {count}", count=len(cards))
        rows: list[ft.Control] = [self._row(card) for card in cards[:self.shown]]
        if not cards:
            rows.append(ft.Text(t("No card matches these filters."), italic=True))
        left = len(cards) - self.shown
        if left > 0:
            rows.append(w.button(t("Show {count} more", count=min(left, PAGE)),
                                 self._more, kind="outlined"))
        self._rows.controls = rows

    # --- filters --------------------------------------------------------------------

    def _filter_rows(self) -> list[ft.Control]:
        wanted = self.filter
        in_play = types_in_play(self.app.services.catalog.cards,
                                {e.value for e in wanted.expansions})
        shown = [kind for kind in CardType if kind in in_play or kind in wanted.types]
        open_type = next(iter(wanted.types)) if len(wanted.types) == 1 else None
        types = tab_row()
        types.controls = type_tabs(shown, open_type, self._only_type, extra=[tab_button(
            t("Every type"), self._every_type, ft.Icons.SELECT_ALL, chosen=not wanted.types,
            identifier="type-all")])
        expansions = [w.button(expansion_name(e), self._toggle(wanted.expansions, e),
                               kind="filled" if e in wanted.expansions else "outlined")
                      for e in Expansion]
        everything = wanted.expansions == set(Expansion)
        if not everything:
            expansions.append(w.button(t("All expansions"), self._all_expansions,
                                       kind="text"))
        resource = [
            w.button(t("Produces: {what}", what=self._kind_word(wanted.produces)),
                     lambda: self._choose_kind(True), kind="tonal"),
            w.button(t("Costs: {what}", what=self._kind_word(wanted.costs)),
                     lambda: self._choose_kind(False), kind="tonal"),
        ]
        rows = [types, _wrap(expansions), _wrap(resource)]
        if wanted.types or wanted.produces or wanted.costs:
            rows.append(w.button(t("Clear the filters"), self._clear, kind="text",
                                 icon=ft.Icons.FILTER_ALT_OFF))
        return rows

    @staticmethod
    def _kind_word(kind: SlotKind | None) -> str:
        return t("any") if kind is None else w.resource_name(kind)

    def _toggle(self, chosen: set[Expansion], value: Expansion) -> Callable[[], None]:
        def flip() -> None:
            chosen.symmetric_difference_update({value})
            self._changed()

        return flip

    def _only_type(self, kind: CardType) -> None:
        self.filter.types = {kind}
        self._changed()

    def _every_type(self) -> None:
        self.filter.types = set()
        self._changed()

    def _all_expansions(self) -> None:
        self.filter.expansions = set(Expansion)
        self._changed()

    def _choose_kind(self, produced: bool) -> None:
        options: list[tuple[str, SlotKind | None]] = [(t("any"), None)]
        options += [(w.resource_name(k), k)
                    for k in kinds_used(self.app.services.catalog, produced)]

        def picked(kind: SlotKind | None) -> None:
            if produced:
                self.filter.produces = kind
            else:
                self.filter.costs = kind
            self._changed()

        w.choice_dialog(self.app.page, t("Produces") if produced else t("Costs"),
                        options, picked)

    def _clear(self) -> None:
        self.filter.types.clear()
        self.filter.produces = self.filter.costs = None
        self._changed()

    def _typed(self, event: ft.Event[ft.TextField]) -> None:
        self.filter.query = str(event.control.value or "")
        self._changed()

    def _changed(self) -> None:
        self.shown = PAGE
        self.app.refresh()

    def _more(self) -> None:
        self.shown += PAGE
        self.app.refresh()

    def _row(self, card: Card) -> ft.ListTile:
        row = self._built.get(card.id)
        if row is None:
            row = self._built[card.id] = card_row(card, self._open(card))
        return row

    def _open(self, card: Card) -> Callable[[], None]:
        return lambda: self.app.navigate(address.path("cards", str(card.id)))


def _wrap(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)


def card_row(card: Card, on_open: Callable[[], None]) -> ft.ListTile:
    """One result: name and type, then cost → production, and points."""
    name = card.name_in(language())
    summary = ft.Row(
        [*amount_chips(card.cost),
         ft.Icon(ft.Icons.ARROW_FORWARD, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
         *(production_chips(card.production) or [ft.Text("—")]),
         points_badge(card.points)],
        wrap=True, spacing=6, run_spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    tile = ft.ListTile(
        title=ft.Text(name, weight=ft.FontWeight.BOLD),
        subtitle=ft.Column([ft.Text(f"{type_label(card.type)} · {expansion_name(card.expansion)}",
                                    size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                            summary], spacing=4, tight=True),
        on_click=on_open,
        shape=ft.RoundedRectangleBorder(radius=12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content_padding=ft.Padding.symmetric(horizontal=12, vertical=4),
        min_height=w.TOUCH,
    )
    return tile  # a ListTile is one tappable node, named by its title


class CardScreen(Screen):
    """Everything printed on one card, and its names in the other languages."""

    def __init__(self, app: Shell, card: Card,
                 counts: Mapping[CardType | Token, int] | None = None) -> None:
        super().__init__(app)
        self.card = card
        self.scoring = points_reason(card.points)
        """How it scores, in words, and the rule that applies."""
        self.now = points_now_reason(card.points, counts) if counts is not None else None
        """What its points are worth in the game it was opened from, as things stand."""

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> CardScreen:
        number = values.get("card", "")
        if not number.isdigit():
            raise ScreenMissing(t("There is no card {card}.", card=number))
        try:
            card = app.services.catalog.card(int(number))
        except Exception as exc:  # Rejected: no card with that number
            raise ScreenMissing(t("There is no card {card}.", card=number)) from exc
        game = values.get("game")
        counts = (counts_in_game(app.services.backend, app.services.catalog, game)
                  if game else None)
        return cls(app, card, counts)

    @property
    def title(self) -> str:
        return self.card.name_in(language())

    def build(self) -> ft.Control:
        card = self.card
        facts = [
            t("Type: {type}", type=type_label(card.type)),
            t("Expansion: {expansion}", expansion=expansion_name(card.expansion)),
            t("Copies in the deck: {count}", count=card.copies),
            t("Card number {number}", number=card.id),
        ]
        return ft.Column([
            w.card_box(*[ft.Text(line) for line in facts], identifier="card-facts"),
            _section(t("Cost"), "card-cost", chip_row(amount_chips(card.cost, long=True))),
            _section(t("Production"), "card-production",
                     chip_row(production_chips(card.production, long=True))),
            _section(t("Victory points"), "card-points",
                     ft.Text(points_text(card.points), weight=ft.FontWeight.BOLD)),
            _section(t("How it scores"), "card-scoring-box",
                     w.with_why(w.value_text("card-scoring", reason_text(self.scoring)),
                                t("Which rule scores this card?"),
                                lambda: self.app.open_on_top("rules", self.scoring.topic)),
                     *([] if self.now is None else
                       [w.value_text("card-now", reason_text(self.now))])),
            _section(t("Construction bonus"), "card-bonus",
                     chip_row(amount_chips(card.construction_bonus, long=True))),
            _section(t("Recycling bonus"), "card-recycle",
                     chip_row([amount_chip(card.recycle, 1, long=True)])),
            _section(t("Names in other languages"), "card-names", self._names()),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _names(self) -> ft.Control:
        card = self.card
        lines: list[ft.Control] = [
            ft.Text(t("{label}: {value}", label=LANGUAGE_NAMES.get(code, code), value=name))
            for code, name in card.names.items() if code != language()]
        also = sorted({name for _, name in card.other_names} - set(card.names.values()))
        if also:
            lines.append(ft.Text(t("Also called: {names}", names=", ".join(also)), size=12))
        return ft.Column(lines, spacing=4)


def _section(title: str, identifier: str, *body: ft.Control) -> ft.Control:
    return w.card_box(w.heading(title), *body, identifier=identifier)

