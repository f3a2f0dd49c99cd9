"""Recording one scenario of a campaign: what `companion campaign record` asks, on a screen.

The envelope is the one the rules say comes next (the order, a resolution's choice, or
the final's replay), so it is shown, not typed. The table enters the scores; the winner
follows from them by the rules and is shown as the scores are typed, so a tie asks for
the tie-break winner before saving. A resolution may send the campaign to another
envelope and give or take campaign cards. Saving hands everything to `Campaign.record`:
a refusal is a message on this screen and nothing is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

import flet as ft

from companion.i18n import t
from companion.rules.campaign import (
    MAX_CARD,
    MAX_TEXT,
    REPLAY,
    Campaign,
    CampaignCard,
    CardColour,
    Victory,
)
from companion.rules.errors import Rejected
from companion.ui import address
from companion.ui.campaigns import words as words
from companion.ui.kit import widgets as w
from companion.ui.kit.fields import limited_field
from companion.ui.screen import Screen, Shell
from companion.usecases import campaign_text
from companion.usecases.labels import message


class BadNumber(Exception):
    """A score field holds something that is not a whole number; the text says which."""


@dataclass
class CardRow:
    """One campaign card gained in this scenario, as the form holds it."""

    number: int
    player: str
    colour: CardColour = CardColour.ORANGE
    id_field: ft.TextField = field(init=False)
    name_field: ft.TextField = field(init=False)

    def __post_init__(self) -> None:
        self.id_field = limited_field(t("Card {number}: id as printed",
                                        number=self.number), MAX_CARD)
        self.name_field = limited_field(t("Card {number}: name (optional)",
                                          number=self.number), MAX_CARD)

    def card(self) -> CampaignCard:
        return CampaignCard(self.id_field.value or "", self.player, self.colour,
                            self.name_field.value or "")


class RecordScreen(Screen):
    def __init__(self, app: Shell, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.score_fields = {p: limited_field(t("{player}'s score", player=p), 3,
                                              keyboard_type=ft.KeyboardType.NUMBER,
                                              on_change=self._typed)
                             for p in campaign.players}
        self.victory = Victory.NORMAL
        self.winners: set[str] = set()
        self.final: str | None = None
        self.next_envelope: str | None = None
        self.resolution = limited_field(t("Resolution (optional)"), MAX_TEXT,
                                        multiline=True)
        self.cards: list[CardRow] = []
        self.lost: set[tuple[str, str]] = set()
        self._outcome = ft.Text(weight=ft.FontWeight.BOLD)
        self._content = ft.Column(spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> RecordScreen:
        return cls(app, words.load(app, values.get("campaign", "")))

    @property
    def title(self) -> str:
        return t("Record a scenario")

    @property
    def is_final(self) -> bool:
        c = self.campaign
        return len(c.plays) + (0 if c.awaiting_replay else 1) == c.box.scenarios_played

    def build(self) -> ft.Control:
        self.refresh()
        return self._content

    def refresh(self) -> None:
        c = self.campaign
        if c.finished:
            self._content.controls = [w.card_box(w.value_text("status", campaign_text.status(c),
                                                              bold=True), identifier="standing")]
            return
        rows: list[ft.Control] = [w.card_box(w.value_text("envelope", self._heading(),
                                                          size=16, bold=True),
                                             identifier="standing"),
                                  w.heading(t("Scores")), *self.score_fields.values()]
        rows += self._winner_rows()
        rows += self._resolution_rows()
        rows += self._card_rows()
        rows.append(w.button(t("Save the scenario"), self.app.guarded(self._save),
                             icon=ft.Icons.CHECK))
        self._content.controls = rows
        self._preview()

    def _heading(self) -> str:
        c = self.campaign
        if c.awaiting_replay:
            return t("Replay of the final scenario {envelope}", envelope=c.next_envelope)
        return t("Scenario {number} of {total}: envelope {envelope}",
                 number=len(c.plays) + 1, total=c.box.scenarios_played,
                 envelope=c.next_envelope)

    def _winner_rows(self) -> list[ft.Control]:
        players = [(p, p) for p in self.campaign.players]
        rows: list[ft.Control] = [
            w.heading(t("Winner")),
            words.choices([(t("Most points"), Victory.NORMAL),
                           (t("The scenario's own condition"), Victory.SCENARIO)],
                          self.victory, self._set_victory, identifier="victory"),
            ft.Text(t("The highest score wins. After a tie, tap the winner after the"
                      " tie-breaks (most built cards, then most character tokens), or each"
                      " of them for a shared victory.") if self.victory is Victory.NORMAL
                    else t("Tap whoever met the scenario's victory condition: one player,"
                           " several, or nobody."), size=12),
            words.choices(players, self.winners, self._toggle_winner, identifier="winners"),
            w.card_box(self._outcome, identifier="outcome"),
        ]
        if self.is_final:
            rows += [
                ft.Text(t("If the final scenario ends without a single winner (a perfect"
                          " tie): replay it, or the table names the most deserving player."),
                        size=12),
                words.choices([(t("Replay it"), REPLAY), *players], self.final,
                              self._set_final, identifier="final"),
            ]
        return rows

    def _resolution_rows(self) -> list[ft.Control]:
        rows: list[ft.Control] = [w.heading(t("Resolution")), self.resolution]
        if self.is_final:
            return rows
        c = self.campaign
        current = c.next_envelope
        left = [e for e in c.box.envelopes if e not in c.played_envelopes and e != current]
        if left:
            rows.append(ft.Text(t("Next envelope: in order, unless the resolution chose"
                                  " one:"), size=12))
            rows.append(words.choices([(t("In order"), None), *[(e, e) for e in left]],
                                      self.next_envelope, self._set_next, identifier="next"))
        return rows

    def _card_rows(self) -> list[ft.Control]:
        rows: list[ft.Control] = [w.heading(t("Campaign cards")), words.legend()]
        for row in self.cards:
            rows.append(w.card_box(
                words.choices([(p, p) for p in self.campaign.players], row.player,
                              self._card_player(row), identifier=f"card-{row.number}-player"),
                row.id_field, row.name_field,
                words.choices([(t("Orange (kept)"), CardColour.ORANGE),
                               (t("Grey (this scenario only)"), CardColour.GREY)], row.colour,
                              self._card_colour(row), identifier=f"card-{row.number}-colour"),
                w.button(t("Remove card {number}", number=row.number), self._remove(row),
                         icon=ft.Icons.DELETE_OUTLINE, kind="text"),
                identifier=f"card-{row.number}"))
        rows.append(w.button(t("Add a campaign card gained"), self._add_card,
                             icon=ft.Icons.ADD, kind="outlined"))
        held = self._held()
        if held:
            rows.append(ft.Text(t("Orange cards the resolution takes away (tap to mark as"
                                  " lost):"), size=12))
            rows.append(words.choices(
                [(t("{player}: {card} ({colour})", player=c.player, card=words.card_text(c),
                    colour=campaign_text.colour_word(c.colour)), (c.id, c.player)) for c in held],
                self.lost, self._toggle_lost, identifier="lost"))
        return rows

    def _held(self) -> tuple[CampaignCard, ...]:
        """Orange cards carried into this scenario (the replayed final keeps the same)."""
        c = self.campaign
        return c.held(len(c.plays) - (1 if c.awaiting_replay else 0))

    # --- reading the form -----------------------------------------------------------

    def scores(self) -> dict[str, int]:
        """The typed scores; a blank one is left out (the rules then say it is missing)."""
        table: dict[str, int] = {}
        for player, box in self.score_fields.items():
            text = (box.value or "").strip()
            if not text:
                continue
            try:
                table[player] = int(text)
            except ValueError:
                raise BadNumber(t("Write {player}'s score as a whole number, like 54, not"
                                  " '{text}'", player=player, text=text)) from None
        return table

    def attempt(self, *, cards: bool = True) -> Campaign:
        """The campaign with this scenario recorded, or the rules' `Rejected`."""
        c = self.campaign
        held = {(card.id, card.player): card for card in self._held()}
        return c.record(
            c.next_envelope or "", self.scores(), winners=sorted(self.winners),
            victory=self.victory, resolution=self.resolution.value or "",
            next_envelope=self.next_envelope,
            gained=[row.card() for row in self.cards] if cards else [],
            lost=[held[key] for key in sorted(self.lost) if key in held] if cards else [],
            final=self.final, date=date.today().isoformat())

    def _preview(self) -> None:
        """Who wins with what is typed so far, as the rules see it (cards not checked)."""
        try:
            if len(self.scores()) < len(self.campaign.players):
                self._outcome.value = t("Enter every player's score.")
                return
            self._outcome.value = campaign_text.winners_text(self.attempt(cards=False).plays[-1])
        except BadNumber as exc:
            self._outcome.value = str(exc)
        except Rejected as exc:
            self._outcome.value = message(exc.template, exc.params)

    # --- handlers -----------------------------------------------------------------

    def _typed(self, *_: Any) -> None:
        self._preview()
        self.app.page.update()

    def _set_victory(self, victory: Victory) -> None:
        self.victory = victory
        self.app.refresh()

    def _toggle_winner(self, player: str) -> None:
        self.winners ^= {player}
        self.app.refresh()

    def _set_final(self, choice: str) -> None:
        self.final = None if self.final == choice else choice
        self.app.refresh()

    def _set_next(self, envelope: str | None) -> None:
        self.next_envelope = envelope
        self.app.refresh()

    def _add_card(self) -> None:
        number = max((row.number for row in self.cards), default=0) + 1
        self.cards.append(CardRow(number, self.campaign.players[0]))
        self.app.refresh()

    def _remove(self, row: CardRow) -> Any:
        def remove() -> None:
            self.cards.remove(row)
            self.app.refresh()

        return remove

    def _card_player(self, row: CardRow) -> Any:
        def choose(player: str) -> None:
            row.player = player
            self.app.refresh()

        return choose

    def _card_colour(self, row: CardRow) -> Any:
        def choose(colour: CardColour) -> None:
            row.colour = colour
            self.app.refresh()

        return choose

    def _toggle_lost(self, key: tuple[str, str]) -> None:
        self.lost ^= {key}
        self.app.refresh()

    def _save(self, *_: Any) -> None:
        try:
            updated = self.attempt()
        except BadNumber as exc:
            self.app.notify(str(exc))
            return
        self.app.services.backend.save_campaign(updated.to_json())
        self.app.navigate(address.path("campaigns", updated.id))
        self.app.notify(campaign_text.status(updated))
