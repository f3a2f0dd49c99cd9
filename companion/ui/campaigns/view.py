"""Campaigns (War or Peace): the list, and where one campaign stands.

What the table wrote down after each envelope (scores, winners, resolutions, campaign
cards) is shown back as `companion campaign show` prints it; which cards each player
still holds, what comes next and who won are read from the rules, never worked out here.
Undoing the last record asks first, then saves the campaign as the rules give it back.
"""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from companion.i18n import t, tn
from companion.rules.campaign import Campaign, ScenarioPlay
from companion.rules.errors import Rejected
from companion.ui import address
from companion.ui.campaigns import words as words
from companion.ui.kit import widgets as w
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases import campaign_text
from companion.usecases.labels import message


class CampaignListScreen(Screen):
    """Every campaign with its box, players and how far it got."""

    section_bar = True

    @property
    def title(self) -> str:
        return t("Campaigns")

    def refresh(self) -> None:
        stored = self.app.services.backend.campaigns()
        rows: list[ft.Control] = [
            w.button(t("New campaign"), lambda: self.app.navigate("/campaigns/new"),
                     icon=ft.Icons.ADD),
        ]
        if not stored:
            rows.append(ft.Text(t("No campaign yet: a campaign of War or Peace is recorded"
                                  " here, scenario by scenario.")))
        rows += [self._entry(data) for data in stored]
        self.content.controls = rows

    def _entry(self, data: dict[str, Any]) -> ft.Control:
        campaign_id = str(data.get("id"))
        try:
            campaign = Campaign.from_json(data, self.app.services.campaign_boxes())
        except Rejected as exc:
            return w.card_box(ft.Text(t("{id}: cannot be read ({reason})", id=campaign_id,
                                        reason=message(exc.template, exc.params))),
                              identifier=f"campaign-{campaign_id}")
        return w.card_box(
            w.button(campaign.name, self._open(campaign.id), kind="tonal", icon=ft.Icons.MAP),
            ft.Text(t("{box}: {players}", box=words.box_name(campaign),
                      players=", ".join(campaign.players))),
            ft.Text(words.progress(campaign), weight=ft.FontWeight.BOLD),
            ft.Text(campaign_text.status(campaign)),
            identifier=f"campaign-{campaign.id}",
        )

    def _open(self, campaign_id: str) -> Any:
        return lambda: self.app.navigate(address.path("campaigns", campaign_id))


class CampaignScreen(Screen):
    """Where a campaign stands: scenarios played, cards held, and what comes next."""

    def __init__(self, app: Shell, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> CampaignScreen:
        return cls(app, words.load(app, values.get("campaign", "")))

    @property
    def title(self) -> str:
        return self.campaign.name

    def on_show(self) -> None:
        """Coming back from the record form: read the campaign it saved."""
        with contextlib.suppress(ScreenMissing):  # gone meanwhile: show what we had
            self.campaign = words.load(self.app, self.campaign.id)

    def refresh(self) -> None:
        c = self.campaign
        rows: list[ft.Control] = [self._standing(c)]
        if not c.finished:
            rows.append(w.button(t("Record a scenario"), self._record, icon=ft.Icons.EDIT))
        if c.plays:
            rows.append(w.button(t("Undo the last record"), self._ask_undo,
                                 icon=ft.Icons.UNDO, kind="outlined"))
        rows.append(self._held(c))
        if c.plays:
            rows.append(w.heading(t("Scenarios played")))
            rows += [self._play(c, i, p) for i, p in enumerate(c.plays)]
        if c.replayed:
            rows.append(ft.Text(tn("Final scenario replayed after {count} perfect tie",
                                   "Final scenario replayed after {count} perfect ties",
                                   len(c.replayed)), italic=True))
        self.content.controls = rows

    def _standing(self, c: Campaign) -> ft.Control:
        parts: list[ft.Control] = [
            ft.Text(t("{box}: {players}", box=words.box_name(c), players=", ".join(c.players))),
            w.value_text("progress", words.progress(c), bold=True),
            w.value_text("status", campaign_text.status(c), size=16, bold=True),
        ]
        if c.plays:
            wins = ", ".join(f"{p} {n}" for p, n in c.wins().items())
            parts.append(w.value_text("wins", t("Scenarios won: {wins}", wins=wins)))
        return w.card_box(*parts, identifier="standing")

    def _held(self, c: Campaign) -> ft.Control:
        """The cards each player holds now: orange ones stay, grey ones never carry over."""
        now = c.held(len(c.plays))
        rows: list[ft.Control] = [w.heading(t("Campaign cards held")), words.legend()]
        for index, player in enumerate(c.players):
            mine = [card for card in now if card.player == player]
            rows.append(ft.Semantics(
                content=ft.Column([
                    ft.Text(player, weight=ft.FontWeight.BOLD),
                    words.chips(mine) if mine else ft.Text(t("no campaign card"), size=12,
                                                           italic=True),
                ], spacing=4),
                identifier=f"held-{index + 1}", container=True))
        return w.card_box(*rows, identifier="held")

    def _play(self, c: Campaign, index: int, play: ScenarioPlay) -> ft.Control:
        rows: list[ft.Control] = [
            ft.Text(t("{number}. {envelope} ({date})", number=index + 1,
                      envelope=play.envelope, date=play.date or "–"),
                    weight=ft.FontWeight.BOLD),
            ft.Text(words.scores_text(play)),
            ft.Text(campaign_text.winners_text(play), weight=ft.FontWeight.BOLD),
        ]
        if play.victory.value == "scenario":
            rows.append(ft.Text(t("Victory by the scenario's own condition"), italic=True))
        if play.resolution:
            rows.append(ft.Text(t("Resolution: {text}", text=play.resolution),
                                selectable=True))
        if play.next_envelope:
            rows.append(ft.Text(t("Next envelope chosen: {envelope}",
                                  envelope=play.next_envelope)))
        if play.gained:
            rows += [ft.Text(t("Cards gained:"), size=12),
                     words.chips(play.gained, with_player=True)]
        if play.lost:
            rows += [ft.Text(t("Cards lost:"), size=12),
                     words.chips(play.lost, with_player=True)]
        return w.card_box(*rows, identifier=f"play-{index + 1}")

    # --- handlers -----------------------------------------------------------------

    def _record(self) -> None:
        self.app.navigate(address.path("campaigns", self.campaign.id, "record"))

    def _ask_undo(self) -> None:
        play = self.campaign.plays[-1]
        w.confirm_dialog(self.app.page, t("Undo the last record?"),
                         t("The record of {envelope} ({winners}) is removed from {campaign}.",
                           envelope=play.envelope, winners=campaign_text.winners_text(play),
                           campaign=self.campaign.name),
                         t("Undo it"), self.app.guarded(self._undo))

    def _undo(self) -> None:
        updated = self.campaign.undo()
        self.app.services.backend.save_campaign(updated.to_json())
        self.campaign = updated
        self.app.refresh()
        self.app.notify(t("Removed the last record of {campaign}.", campaign=updated.name))
