"""Find a card by typing a few letters of its name in any language, accents optional.

With nothing typed it offers the cards picked most recently, because at the table the
same cards come back again and again. By default those are the device's own list, which
each pick updates; a screen may give its own source instead (a seat at a shared table
offers the cards its own game drafted: every seat plays on the same host), and picks
then leave the device's list alone.

A card the player cannot take (`refusal`: no copy of it is left) is listed as the type
tiles show it (`type_picker`): without its one-tap buttons, saying "No copy left", and a
tap on its name gives the whole reason, so nothing is refused after the player acted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import Card
from companion.rules.errors import Rejected
from companion.shipped.catalog import Catalog
from companion.ui.kit import widgets as w
from companion.usecases.labels import resource_letter
from companion.usecases.services import Services

RowAction = tuple[ft.IconData, str, Callable[[], Any]]
"""An icon button on a card's row: (icon, accessible name, what a tap does)."""
RecentSource = Callable[[], Sequence[int]]
"""Where a picker's recent cards come from: card ids, the most recent first."""

RESULTS = 8
RECENT = 12
RECENT_KEY = "recent_cards"


def card_label(card: Card) -> str:
    return card.name_in(language())


def card_caption(card: Card) -> str:
    """Type and cost, for telling apart cards with similar names."""
    cost = " ".join(f"{resource_letter(kind)}{n}" for kind, n in card.cost)
    return f"{t(card.type.value)} · {cost} · {card.points}"


def remember(services: Services, card_id: int) -> None:
    recent = [c for c in _recent_ids(services) if c != card_id]
    services.set_setting(RECENT_KEY, [card_id, *recent][:RECENT])


def _recent_ids(services: Services) -> list[int]:
    raw = services.setting(RECENT_KEY, [])
    return [c for c in raw if isinstance(c, int)] if isinstance(raw, list) else []


def recent_cards(services: Services, allowed: Callable[[Card], bool],
                 ids: Sequence[int] | None = None) -> list[Card]:
    """The cards of `ids` (by default the device's recent list) that `allowed` accepts."""
    found: list[Card] = []
    for card_id in _recent_ids(services) if ids is None else ids:
        try:
            card = services.catalog.card(card_id)
        except Exception:
            continue
        if allowed(card):
            found.append(card)
    return found


def search(catalog: Catalog, query: str, allowed: Callable[[Card], bool],
           limit: int = RESULTS, recent: Sequence[int] | None = None) -> list[Card]:
    """Matches in any language; among them, the cards picked recently come first."""
    found = [c for c in catalog.find_cards(query, limit=limit * 4) if allowed(c)]
    order = {card_id: rank for rank, card_id in enumerate(recent or [])}
    found.sort(key=lambda c: order.get(c.id, len(order)))  # stable: keeps match quality
    return found[:limit]


class CardPicker:
    """A search field and its results; `on_pick(card)` runs when a result is tapped."""

    def __init__(
        self,
        services: Services,
        on_pick: Callable[[Card], Any],
        *,
        label: str | None = None,
        allowed: Callable[[Card], bool] | None = None,
        action_label: Callable[[Card], str] | None = None,
        show_recent: bool = True,
        row_actions: Callable[[Card], Sequence[RowAction]] | None = None,
        badge: Callable[[Card], str | None] | None = None,
        recent_limit: int = RESULTS,
        recent: RecentSource | None = None,
        refusal: Callable[[Card], Rejected | None] | None = None,
        on_refused: Callable[[Rejected], Any] | None = None,
    ) -> None:
        """`row_actions` puts one-tap buttons on each card's row (build, recycle...);
        `badge` marks some cards (a scenario's required cards) with a short word;
        `recent` replaces the device's recent cards, and picks then are not written
        to the device's list; `refusal` says why a card cannot be taken now (None when
        it can), and `on_refused` is given that reason when its name is tapped."""
        self.refusal = refusal
        self.on_refused = on_refused
        self.show_recent = show_recent
        self.recent_source = recent
        self._shown: object = None
        """The cards on screen and which were refused (see `follow`)."""
        self.recent_limit = recent_limit
        self.row_actions = row_actions
        self.badge = badge
        self.services = services
        self.on_pick = on_pick
        self.allowed = allowed or (lambda card: True)
        self.action_label = action_label or card_label
        self.field = ft.TextField(
            label=label or t("Search cards"),
            hint_text=t("a few letters, any language"),
            on_change=lambda e: self.refresh(),
            on_submit=lambda e: self._pick_first(),
            prefix_icon=ft.Icons.SEARCH,
            dense=False,
        )
        self.results = ft.Column(spacing=4)
        self.control = ft.Column([self.field, self.results], spacing=8)
        self.refresh()

    @property
    def query(self) -> str:
        return self.field.value or ""

    def recent_ids(self) -> Sequence[int]:
        """The cards picked or drafted most recently, by id, the latest first."""
        if self.recent_source is not None:
            return self.recent_source()
        return _recent_ids(self.services)

    def candidates(self) -> list[Card]:
        if self.query.strip():
            return search(self.services.catalog, self.query, self.allowed,
                          recent=self.recent_ids())
        if not self.show_recent:
            return []
        return recent_cards(self.services, self.allowed,
                            self.recent_ids())[:self.recent_limit]

    def follow(self) -> None:
        """Draw the cards again if they or their refusals changed since drawn: a source
        of the screen's (a game's drafted cards) changes with each move, not with each
        pick, and so does which cards have a copy left. Nothing is sent otherwise."""
        if self._signature(self.candidates()) != self._shown:
            self.refresh()

    def _signature(self, cards: Sequence[Card]) -> object:
        return (self.query, tuple(c.id for c in cards),
                tuple(self._refused(c) is not None for c in cards))

    def _refused(self, card: Card) -> Rejected | None:
        return self.refusal(card) if self.refusal is not None else None

    def refresh(self) -> None:
        cards = self.candidates()
        self._shown = self._signature(cards)
        rows: list[ft.Control] = []
        if not cards and self.query.strip():
            rows.append(ft.Text(t("No card matches '{query}'", query=self.query.strip())))
        elif cards and not self.query.strip():
            rows.append(ft.Text(t("Recent cards"), italic=True))
        rows += [self._row(card) for card in cards]
        self.results.controls = rows

    def _row(self, card: Card) -> ft.Control:
        if self.row_actions is not None:
            return self._action_row(card, self.row_actions(card))
        return ft.Row(
            [
                w.button(self.action_label(card), self._picker(card), kind="outlined",
                         expand=True),
                ft.Text(card_caption(card), size=12, width=130),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _action_row(self, card: Card, actions: Sequence[RowAction]) -> ft.Control:
        """The card's name (a tap opens it), its caption, then its one-tap buttons."""
        caption = card_caption(card)
        mark = self.badge(card) if self.badge is not None else None
        details: list[ft.Control] = [ft.Text(caption, size=12)]
        if mark:
            details.insert(0, ft.Icon(ft.Icons.FLAG, size=14, color=ft.Colors.TERTIARY))
            details.insert(1, ft.Text(mark, size=12, weight=ft.FontWeight.BOLD,
                                      color=ft.Colors.TERTIARY))
        refused = self._refused(card)
        buttons: list[ft.Control] = [
            w.icon_button(icon, label, self._then(card, handler), filled=index == 0)
            for index, (icon, label, handler) in enumerate(actions)]
        if refused is not None:  # as the type tiles show it: no Build, no Recycle
            buttons = [ft.Text(t("No copy left"), size=12, italic=True, width=90,
                               text_align=ft.TextAlign.CENTER)]
        return ft.Row(
            [
                ft.Column([
                    w.button(self.action_label(card), self._picker(card), kind="text"),
                    ft.Row(details, spacing=4, wrap=True),
                ], spacing=0, expand=True,
                    horizontal_alignment=ft.CrossAxisAlignment.START),
                *buttons,
            ],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _remember(self, card: Card) -> None:
        if self.recent_source is None:
            remember(self.services, card.id)

    def _then(self, card: Card, handler: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            self._remember(card)
            self.field.value = ""
            self.refresh()
            handler()

        return run

    def _picker(self, card: Card) -> Callable[[], None]:
        def pick() -> None:
            refused = self._refused(card)
            if refused is not None:
                if self.on_refused is not None:
                    self.on_refused(refused)
                return
            self._remember(card)
            self.field.value = ""
            self.refresh()
            self.on_pick(card)

        return pick

    def _pick_first(self) -> None:
        cards = self.candidates()
        if cards and self.query.strip():
            self._picker(cards[0])()


def names(cards: Iterable[Card]) -> str:
    return ", ".join(card_label(c) for c in cards)
