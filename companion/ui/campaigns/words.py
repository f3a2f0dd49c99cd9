"""What the campaign screens share: loading a campaign by its address, its words and chips.

The campaign screens (list, new, where it stands, record) never import each other; what
they all need lives here. Every sentence mirrors `companion campaign` (the CLI), so the
app and the shell tell the table the same thing. No rule is decided here: the status,
the winners and the cards held all come from `companion.rules.campaign`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import language, t, tn
from companion.rules.campaign import (
    Campaign,
    CampaignCard,
    CardColour,
    ScenarioPlay,
    campaign_slug,
)
from companion.ui.kit import widgets as w
from companion.usecases.campaign_text import colour_word

if TYPE_CHECKING:
    from companion.ui.screen import Shell

CARD_COLOURS: dict[CardColour, tuple[str, str]] = {
    CardColour.ORANGE: ("#E65100", "#FFFFFF"),
    CardColour.GREY: ("#616161", "#FFFFFF"),
}
"""(background, text) of a campaign card chip: the colour of the card's printed border."""


def new_id(app: Shell, name: str) -> str:
    """The slug of `name`, numbered (-2, -3...) if a stored campaign already has it."""
    base = campaign_slug(name)
    found, counter = base, 2
    while app.services.backend.campaign(found) is not None:
        found = f"{base}-{counter}"
        counter += 1
    return found


def load(app: Shell, campaign_id: str) -> Campaign:
    """The stored campaign, replayed through the rules; `ScreenMissing` if there is none
    or it cannot be read (the reason is shown on the "not found" page)."""
    from companion.rules.errors import Rejected
    from companion.ui.screen import ScreenMissing
    from companion.usecases.labels import message

    data = app.services.backend.campaign(campaign_id)
    if data is None:
        raise ScreenMissing(t("No campaign '{campaign}'; campaigns: {known}",
                              campaign=campaign_id, known=known_ids(app)))
    try:
        return Campaign.from_json(data, app.services.campaign_boxes())
    except Rejected as exc:
        raise ScreenMissing(t("{id}: cannot be read ({reason})", id=campaign_id,
                              reason=message(exc.template, exc.params))) from None


def known_ids(app: Shell) -> str:
    ids = [str(c.get("id")) for c in app.services.backend.campaigns()]
    return ", ".join(ids) or t("none yet")


def box_name(campaign: Campaign) -> str:
    return campaign.box.name_in(language())


def progress(campaign: Campaign) -> str:
    return tn("{count} of {total} scenario", "{count} of {total} scenarios",
              campaign.box.scenarios_played, count=len(campaign.plays),
              total=campaign.box.scenarios_played)


def scores_text(play: ScenarioPlay) -> str:
    return " · ".join(f"{player} {score}" for player, score in play.scores)


def card_text(card: CampaignCard) -> str:
    return f"{card.id} {card.name}".strip() if card.name else card.id


def card_chip(card: CampaignCard, *, with_player: bool = False) -> ft.Control:
    """A campaign card in its border colour; the colour is also said in words."""
    background, foreground = CARD_COLOURS[card.colour]
    text = card_text(card)
    if with_player:
        text = t("{player}: {card} ({colour})", player=card.player, card=text,
                 colour=colour_word(card.colour))
    return ft.Semantics(
        content=ft.Container(
            content=ft.Text(text, color=foreground, weight=ft.FontWeight.BOLD, size=13),
            bgcolor=background, border_radius=6,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4)),
        label=t("{card} ({colour})", card=text, colour=colour_word(card.colour)),
    )


def legend() -> ft.Control:
    """Which colour means what, in the rulebook's words."""
    rows = [
        (CardColour.ORANGE, t("Orange border: kept by its player until the end of the"
                              " campaign")),
        (CardColour.GREY, t("Grey border: used in the scenario that gave it, then"
                            " discarded")),
    ]
    return ft.Semantics(
        content=ft.Column([
            ft.Row([ft.Container(width=20, height=20, bgcolor=CARD_COLOURS[colour][0],
                                 border_radius=4),
                    ft.Text(text, size=12, expand=True)])
            for colour, text in rows], spacing=4),
        identifier="legend", container=True)


def chips(cards: Sequence[CampaignCard], *, with_player: bool = False) -> ft.Control:
    return ft.Row([card_chip(c, with_player=with_player) for c in cards], wrap=True,
                  spacing=6, run_spacing=6)


def choices(options: Sequence[tuple[str, Any]], selected: Any,
            on_select: Callable[[Any], Any], *, identifier: str) -> ft.Control:
    """Choices as wrapping buttons, the chosen one (or each one of a set) filled: fits a
    phone however many options there are, and each is a named button a screen reader can
    reach."""

    def chooser(value: Any) -> Callable[[], None]:
        return lambda: on_select(value)

    def chosen(value: Any) -> bool:
        many = isinstance(selected, (set, frozenset))
        return value in selected if many else value == selected

    return ft.Semantics(
        content=ft.Row([w.button(label, chooser(value),
                                 kind="filled" if chosen(value) else "outlined")
                        for label, value in options], wrap=True, spacing=8, run_spacing=8),
        identifier=identifier, container=True)
