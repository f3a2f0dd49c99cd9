"""Quick score: type in each player's final tableau and read totals, breakdown and ranking."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import t
from companion.rules.errors import Rejected
from companion.rules.scoring import solo_rank
from companion.rules.supremacy import MAX_PLAYERS
from companion.store import StoreError
from companion.ui import widgets as w
from companion.ui.app import CompanionApp, Screen
from companion.ui.card_picker import CardPicker, card_label
from companion.ui.labels import empire_label, solo_rank_label
from companion.ui.quick_model import QuickScore
from companion.ui.score_pad import breakdown_rows

if TYPE_CHECKING:
    from companion.ui.session import GameSession


class QuickScoreScreen(Screen):
    def __init__(self, app: CompanionApp) -> None:
        super().__init__(app)
        self.model = QuickScore()
        self.selected = 0
        self.saved = False
        self.record_id = uuid.uuid4().hex
        self._count = ft.Container()
        self._tabs = ft.Container()
        self._editor = ft.Container()
        self._ranking = ft.Container()
        self._name_field: ft.TextField | None = None
        self._picker: CardPicker | None = None

    @classmethod
    def from_route(cls, app: CompanionApp, **values: str) -> QuickScoreScreen:
        """`/quick`, or `/quick?game=<id>`: everyone's score after a table game, with the
        player's own tableau already filled in from the game."""
        screen = cls(app)
        game_id = values.get("game")
        if game_id:
            from companion.ui.open_games import open_session

            screen.fill_from(open_session(app, game_id))
        return screen

    def fill_from(self, session: GameSession) -> None:
        state = session.state
        model = self.model
        model.set_count(max(1, state.players))
        me = model.players[0]
        me.name = t("You")
        me.empire = state.empire.name
        me.face = state.empire.face
        for card in state.built:
            me.add(card.id)
        me.generals = state.generals
        me.financiers = state.financiers
        for index, name in enumerate(session.names[: state.players - 1], start=1):
            model.players[index].name = name

    @property
    def title(self) -> str:
        return t("Quick score")

    @property
    def catalog(self) -> Any:
        return self.app.services.catalog

    def build(self) -> ft.Control:
        self._make_editor_fields()
        self.refresh()
        return ft.Column(
            [
                self._count,
                self._tabs,
                self._editor,
                self._ranking,
                w.button(t("Save to history"), self._save, icon=ft.Icons.SAVE),
            ],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    # --- editor of the selected player ------------------------------------------------

    def _make_editor_fields(self) -> None:
        player = self.model.players[self.selected]
        self._name_field = ft.TextField(
            label=t("Name of player {number}", number=self.selected + 1),
            value=player.name,
            on_change=lambda e: self._rename(e.control.value),
        )
        self._picker = CardPicker(
            self.app.services,
            self._add_card,
            label=t("Add a built card"),
            show_recent=False,
        )
        self._empire_row = ft.Container()
        self._cards = ft.Column(spacing=4)
        self._tokens = ft.Column(spacing=4)
        self._breakdown = ft.Column(spacing=2)
        self._summary = ft.Container()
        self._editor.content = w.card_box(
            self._name_field,
            self._empire_row,
            self._summary,
            self._picker.control,
            w.heading(t("Built cards")),
            self._cards,
            self._tokens,
            w.heading(t("Score")),
            self._breakdown,
            identifier="player-editor",
        )

    def refresh(self) -> None:
        model = self.model
        self._count.content = w.stepper(
            t("Players"),
            len(model.players),
            self._set_count,
            minimum=1,
            maximum=MAX_PLAYERS,
            more_label=t("One more player"),
            less_label=t("One player fewer"),
            identifier="player-count",
        )
        self._tabs.content = (
            ft.Row(
                [
                    w.button(
                        f"{p.name} · {self._total(i)}",
                        self._selector(i),
                        kind="filled" if i == self.selected else "outlined",
                    )
                    for i, p in enumerate(model.players)
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
            if len(model.players) > 1
            else None
        )
        self._refresh_editor()
        self._ranking.content = self._ranking_box()

    def _refresh_editor(self) -> None:
        player = self.model.players[self.selected]
        self._empire_row.content = ft.Column(
            [
                w.button(t("Empire: {empire}", empire=empire_label(self.catalog, player.empire)),
                         self._choose_empire, kind="tonal", icon=ft.Icons.PUBLIC),
                w.toggle_row([(t("Face A"), "A"), (t("Face B"), "B")], player.face,
                             self._set_face),
            ],
            spacing=8,
        )
        rows: list[ft.Control] = []
        for card_id, count in player.cards.items():
            card = self.catalog.card(card_id)
            name = card_label(card)
            rows.append(
                w.stepper(
                    name,
                    count,
                    self._card_count(card_id),
                    minimum=0,
                    more_label=t("One more {card}", card=name),
                    less_label=t("One fewer {card}", card=name),
                )
            )
        if not rows:
            rows.append(ft.Text(t("No card yet: search above and tap a card to add it.")))
        self._cards.controls = rows
        self._tokens.controls = [
            w.stepper(t("Generals"), player.generals, self._set_generals,
                      more_label=t("One more General"), less_label=t("One General fewer"),
                      identifier="generals"),
            w.stepper(t("Financiers"), player.financiers, self._set_financiers,
                      more_label=t("One more Financier"), less_label=t("One Financier fewer"),
                      identifier="financiers"),
        ]
        try:
            result = player.score(self.catalog)
        except Rejected as exc:
            self._breakdown.controls = [ft.Text(t(exc.template, **exc.params))]
            return
        self._summary.content = ft.Row(
            [ft.Text(t("Total"), expand=True, weight=ft.FontWeight.BOLD),
             w.value_text("score-summary", t("{total} points", total=result.total), size=20,
                          bold=True)])
        lines = breakdown_rows(result, "score")
        if len(self.model.players) == 1:
            rank = solo_rank(result.total, player.face)
            lines.append(ft.Row([ft.Text(t("Solo rank"), expand=True),
                                 w.value_text("solo-rank", solo_rank_label(rank))]))
        self._breakdown.controls = lines

    def _ranking_box(self) -> ft.Control | None:
        if len(self.model.players) < 2:
            return None
        lines: list[ft.Control] = [w.heading(t("Ranking"))]
        standings = [p.standing(self.catalog) for p in self.model.players]
        for index, place in self.model.ranking(self.catalog):
            player = self.model.players[index]
            shared = sum(1 for _, other in self.model.ranking(self.catalog) if other == place) > 1
            text = t("{place}. {name}: {total} points", place=place, name=player.name,
                     total=standings[index].total)
            if shared:
                text += " " + t("(shared victory)" if place == 1 else "(tied)")
            lines.append(w.value_text(f"rank-{index + 1}", text))
        lines.append(ft.Text(t("Ties: most built cards, then most character tokens."),
                             size=12, italic=True))
        return w.card_box(*lines, identifier="ranking")

    def _total(self, index: int) -> str:
        try:
            return str(self.model.players[index].score(self.catalog).total)
        except Rejected:
            return "?"

    # --- handlers -----------------------------------------------------------------

    def _changed(self) -> None:
        self.saved = False
        self.app.refresh()

    def _selector(self, index: int) -> Callable[[], None]:
        def select() -> None:
            self.selected = index
            self._make_editor_fields()
            self.app.refresh()

        return select

    def _set_count(self, count: int) -> None:
        self.model.set_count(count)
        if self.selected >= len(self.model.players):
            self.selected = len(self.model.players) - 1
            self._make_editor_fields()
        self._changed()

    def _rename(self, name: str) -> None:
        self.model.players[self.selected].name = name.strip() or t(
            "Player {number}", number=self.selected + 1)
        self.saved = False
        self._tabs_only()

    def _tabs_only(self) -> None:
        self.app.refresh()

    def _choose_empire(self) -> None:
        options = [(empire_label(self.catalog, name), name)
                   for name in self.catalog.empire_names()]
        w.choice_dialog(self.app.page, t("Choose the Empire"), options, self._set_empire)

    def _set_empire(self, name: str) -> None:
        self.model.players[self.selected].empire = name
        self._changed()

    def _set_face(self, face: str) -> None:
        self.model.players[self.selected].face = face
        self._changed()

    def _add_card(self, card: Any) -> None:
        self.model.players[self.selected].add(card.id)
        self._changed()

    def _card_count(self, card_id: int) -> Callable[[int], None]:
        def change(count: int) -> None:
            player = self.model.players[self.selected]
            player.add(card_id, count - player.cards.get(card_id, 0))
            self._changed()

        return change

    def _set_generals(self, value: int) -> None:
        self.model.players[self.selected].generals = value
        self._changed()

    def _set_financiers(self, value: int) -> None:
        self.model.players[self.selected].financiers = value
        self._changed()

    def _save(self) -> None:
        try:
            record = self.model.to_record(self.catalog, self.record_id)
        except Rejected as exc:
            self.app.explain(exc)
            return
        try:
            self.app.services.backend.save_game(record)
        except StoreError as exc:
            self.app.explain(exc)
            return
        self.saved = True
        self.app.notify(t("Saved to the score history"))
