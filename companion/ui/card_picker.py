"""Find a card by typing a few letters of its name in any language, accents optional.

With nothing typed it offers the cards picked most recently, because at the table the
same cards come back again and again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import flet as ft

from companion.catalog import Catalog
from companion.i18n import language, t
from companion.rules.cards import Card
from companion.ui import widgets as w
from companion.ui.services import Services

RESULTS = 8
RECENT = 12
RECENT_KEY = "recent_cards"


def card_label(card: Card) -> str:
    return card.name_in(language())


def card_caption(card: Card) -> str:
    """Type and cost, for telling apart cards with similar names."""
    cost = " ".join(f"{kind.value}{n}" for kind, n in card.cost)
    return f"{t(card.type.value)} · {cost} · {card.points}"


def remember(services: Services, card_id: int) -> None:
    recent = [c for c in _recent_ids(services) if c != card_id]
    services.set_setting(RECENT_KEY, [card_id, *recent][:RECENT])


def _recent_ids(services: Services) -> list[int]:
    raw = services.setting(RECENT_KEY, [])
    return [c for c in raw if isinstance(c, int)] if isinstance(raw, list) else []


def recent_cards(services: Services, allowed: Callable[[Card], bool]) -> list[Card]:
    found: list[Card] = []
    for card_id in _recent_ids(services):
        try:
            card = services.catalog.card(card_id)
        except Exception:
            continue
        if allowed(card):
            found.append(card)
    return found


def search(catalog: Catalog, query: str, allowed: Callable[[Card], bool],
           limit: int = RESULTS, recent: list[int] | None = None) -> list[Card]:
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
    ) -> None:
        self.show_recent = show_recent
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

    def candidates(self) -> list[Card]:
        if self.query.strip():
            return search(self.services.catalog, self.query, self.allowed,
                          recent=_recent_ids(self.services))
        if not self.show_recent:
            return []
        return recent_cards(self.services, self.allowed)[:RESULTS]

    def refresh(self) -> None:
        cards = self.candidates()
        rows: list[ft.Control] = []
        if not cards and self.query.strip():
            rows.append(ft.Text(t("No card matches '{query}'", query=self.query.strip())))
        elif cards and not self.query.strip():
            rows.append(ft.Text(t("Recent cards"), italic=True))
        rows += [self._row(card) for card in cards]
        self.results.controls = rows

    def _row(self, card: Card) -> ft.Control:
        return ft.Row(
            [
                w.button(self.action_label(card), self._picker(card), kind="outlined",
                         expand=True),
                ft.Text(card_caption(card), size=12, width=130),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _picker(self, card: Card) -> Callable[[], None]:
        def pick() -> None:
            remember(self.services, card.id)
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
