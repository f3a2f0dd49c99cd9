"""Starting a campaign: its name, the box, and its 1 to 5 players.

Players already known to the app are offered as quick picks, so the same person keeps
the same name across games and campaigns. Whether the campaign can start (names, player
count, a name twice) is the rules' call (`Campaign.new`); a refusal is a message here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import flet as ft

from companion.i18n import language, t
from companion.rules.campaign import MAX_NAME, Campaign, CampaignBox, campaign_slug
from companion.ui import address
from companion.ui.campaigns import words as words
from companion.ui.kit import widgets as w
from companion.ui.kit.fields import limited_field
from companion.ui.screen import Screen, Shell

DEFAULT_PLAYERS = 2


class NewCampaignScreen(Screen):
    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.boxes: dict[str, CampaignBox] = dict(app.services.campaign_boxes())
        self.box_id = next(iter(self.boxes), "")
        self.players = DEFAULT_PLAYERS
        self.name_field = limited_field(t("Campaign name"), 80)
        self._player_fields: dict[int, ft.TextField] = {}
        self._content = ft.Column(spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def title(self) -> str:
        return t("New campaign")

    @property
    def box(self) -> CampaignBox | None:
        return self.boxes.get(self.box_id)

    def build(self) -> ft.Control:
        self.refresh()
        return self._content

    def refresh(self) -> None:
        box = self.box
        rows: list[ft.Control] = [self.name_field]
        if box is None:
            rows.append(ft.Text(t("No campaign box is installed.")))
            self._content.controls = rows
            return
        rows.append(w.heading(t("Campaign box")))
        rows.append(words.choices([(b.name_in(language()), key) for key, b in self.boxes.items()],
                                  self.box_id, self._set_box, identifier="boxes"))
        rows += [ft.Text(f"• {note}", size=12) for note in box.notes_in(language())]
        self.players = min(max(self.players, box.min_players), box.max_players)
        rows.append(w.heading(t("Players")))
        rows.append(w.stepper(t("Players"), self.players, self._set_players,
                              minimum=box.min_players, maximum=box.max_players,
                              more_label=t("One more player"),
                              less_label=t("One player fewer"), identifier="player-count"))
        rows += [self._field(n) for n in range(1, self.players + 1)]
        rows += self._quick_picks()
        rows.append(w.button(t("Create the campaign"), self.app.guarded(self._create),
                             icon=ft.Icons.CHECK))
        self._content.controls = rows

    def _field(self, number: int) -> ft.TextField:
        """Kept across refreshes, so names typed stay while the player count changes."""
        if number not in self._player_fields:
            self._player_fields[number] = limited_field(
                t("Name of player {number}", number=number), MAX_NAME)
        return self._player_fields[number]

    def names(self) -> list[str]:
        return [(self._field(n).value or "").strip() for n in range(1, self.players + 1)]

    def _quick_picks(self) -> list[ft.Control]:
        typed = {campaign_slug(name) for name in self.names() if name}
        known = [p for p in self.app.services.backend.players()
                 if p.strip() and campaign_slug(p) not in typed]
        if not known:
            return []
        return [
            ft.Text(t("Players the app knows (tap to add):"), size=12),
            ft.Semantics(content=ft.Row([w.button(name, self._pick(name), kind="outlined")
                                         for name in known], wrap=True, spacing=8,
                                        run_spacing=8),
                         identifier="quick-picks", container=True),
        ]

    # --- handlers -----------------------------------------------------------------

    def _set_box(self, key: str) -> None:
        self.box_id = key
        self.app.refresh()

    def _set_players(self, count: int) -> None:
        self.players = count
        self.app.refresh()

    def _pick(self, name: str) -> Any:
        def pick() -> None:
            empty = [n for n in range(1, self.players + 1) if not (self._field(n).value or "")
                     .strip()]
            box = self.box
            if not empty and box is not None and self.players < box.max_players:
                self.players += 1
                empty = [self.players]
            if not empty:
                self.app.notify(t("Every player's name is filled in; clear one first."))
                return
            self._field(empty[0]).value = name
            self.app.refresh()

        return pick

    def _create(self, *_: Any) -> None:
        box = self.box
        if box is None:
            return
        name = (self.name_field.value or "").strip()
        campaign = Campaign.new(words.new_id(self.app, name) if name else "campaign", name, box,
                                self.names(),
                                created=datetime.now().replace(microsecond=0).isoformat())
        self.app.services.backend.save_campaign(campaign.to_json())
        self.app.navigate(address.path("campaigns", campaign.id))
