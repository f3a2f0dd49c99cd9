"""Quick score: tap in each player's final tableau and read totals, score pad and ranking.

Everything is a tap: the Empire and its face from a row of choices, the cards from the
game screen's type tabs and the open type's tiles (`card_grid`; a search by name is one
tab away, as in a game), the character tokens with steppers whose number offers them
all at once. The score pad of the player being filled in stays in the bottom bar while
the tiles change; for a table the ranking is on top, each tie-break with the rule that
decided it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import t, tn
from companion.rules.cards import Card, Expansion
from companion.rules.errors import Refusal, Rejected
from companion.rules.scoring import Score, solo_rank
from companion.rules.supremacy import MAX_PLAYERS
from companion.store import StoreError
from companion.store.validate import QUICK_ME
from companion.ui.kit import symbols
from companion.ui.kit import widgets as w
from companion.ui.kit.card_grid import CardGrid, owned_expansions, shown_cards
from companion.ui.kit.score_pad import score_pad
from companion.ui.kit.type_picker import focus_search, tab_button
from companion.ui.screen import Screen, Shell
from companion.usecases.labels import empire_label, solo_rank_label, tie_break_label
from companion.usecases.quick_model import QuickScore
from companion.usecases.why import rank_numbers, standings_numbers

if TYPE_CHECKING:
    from companion.usecases.session import GameSession

UNANSWERED = "unanswered"
TOKENS_LISTED = 20
"""Character tokens offered by a tap on a stepper's number (the + goes beyond)."""

class QuickScoreScreen(Screen):
    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.model = QuickScore()
        self.selected = 0
        self.saved = False
        self.show_all = False
        self.record_id = uuid.uuid4().hex
        self.from_game: str | None = None
        self.owned = owned_expansions(app.services.setting("expansions", ["base"]))
        self._ranking = ft.Container()
        self._tabs = ft.Container()
        self._count = ft.Container()
        self._who = ft.Container()
        remembered = app.services.setting(QUICK_ME, UNANSWERED)
        self.me: int | str | None = remembered if remembered is None or isinstance(
            remembered, int) else UNANSWERED
        """The tableau that is the app's own player (from 0), None for none of them,
        `UNANSWERED` until the player says (the last quick score's answer is kept)."""
        self._empire = ft.Column(spacing=8)
        self._tokens = ft.Column(spacing=4)
        self._grid_header = ft.Container()
        self._name = ft.Container()
        self._search = ft.TextField(
            label=t("Search cards"), hint_text=t("a few letters, any language"),
            prefix_icon=ft.Icons.SEARCH, on_change=lambda e: self._typed())
        self.searching = False
        """The player chose to find cards by name (the keyboard), until they pick by type
        again, as on the game screen."""
        self._by_name = ft.Column([
            w.button(t("Pick by type"), self.stop_search, icon=ft.Icons.GRID_VIEW,
                     kind="text"),
            self._search], spacing=4, visible=False)
        self.grid = CardGrid(self._add_card, self._remove_card, extra=tab_button(
            t("Search by name"), self.start_search, ft.Icons.SEARCH, shown=t("By name")))

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> QuickScoreScreen:
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
        me = model.players[0]
        self.me = 0  # the game's own player, filled in first
        self.from_game = session.id  # everyone's score of that game: it counts once
        me.name = t("You")
        me.empire = state.empire.name
        me.face = state.empire.face
        model.set_count(max(1, state.players))  # after: the others take the other Empires
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
        self._make_name_field()
        self.refresh()
        return ft.Column(
            [
                self._ranking,
                self._tabs,
                self._count,
                self._who,
                w.card_box(self._name, self._empire, identifier="empire"),
                w.card_box(self._tokens, identifier="tokens"),
                w.card_box(self._grid_header, self._by_name, self.grid.control,
                           identifier="card-grid"),
                w.button(t("Save to history"), self._save, icon=ft.Icons.SAVE),
            ],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def bottom_bar(self) -> ft.Control | None:
        """The score pad of the player being filled in, in sight while tapping cards."""
        return self._pad()

    # --- what is shown ----------------------------------------------------------------

    def _make_name_field(self) -> None:
        """A new field per player: typing a name is optional (defaults are numbered)."""
        player = self.model.players[self.selected]
        self._name.content = ft.TextField(
            label=t("Name of player {number}", number=self.selected + 1),
            value=player.name, dense=True,
            on_change=lambda e: self._rename(e.control.value),
        )

    def refresh(self) -> None:
        model = self.model
        player = model.players[self.selected]
        self._ranking.content = self._ranking_box()
        self._tabs.content = self._player_tabs() if len(model.players) > 1 else None
        self._ranking.visible = self._tabs.visible = len(model.players) > 1  # no gaps
        self._count.content = w.stepper(
            t("Players"), len(model.players), self._set_count, minimum=1,
            maximum=MAX_PLAYERS, more_label=t("One more player"),
            less_label=t("One player fewer"), identifier="player-count")
        self._who.content = self._who_box()
        self._empire.controls = self._empire_choices()
        self._tokens.controls = [
            w.stepper(t("Generals"), player.generals, self._set_generals,
                      more_label=t("One more General"), less_label=t("One General fewer"),
                      identifier="generals",
                      on_number=self._token_list(t("Generals"), self._set_generals)),
            w.stepper(t("Financiers"), player.financiers, self._set_financiers,
                      more_label=t("One more Financier"), less_label=t("One Financier fewer"),
                      identifier="financiers",
                      on_number=self._token_list(t("Financiers"), self._set_financiers)),
        ]
        self._grid_header.content = self._grid_switch()
        owned = None if self.show_all else self.owned
        query = (self._search.value or "") if self.searching else ""
        cards = shown_cards(self.catalog, owned, player.cards, query)
        self._by_name.visible = self.searching
        self.grid.show(cards, player.cards, tabs=not self.searching)

    def _empire_choices(self) -> list[ft.Control]:
        """The seven Empires and the two faces, each one tap away (no menu to open).

        An Empire another player has is shown with their name, and a tap on it says so:
        each Empire card is dealt once. The face is the whole table's."""
        player = self.model.players[self.selected]
        buttons = []
        for name in self.catalog.empire_names():
            label = empire_label(self.catalog, name)
            owner = self.model.owner(self.selected, name)
            if owner is not None:
                label = f"{label} · {owner.name}"
            kind = "filled" if name == player.empire else "outlined" if owner is None else "text"
            buttons.append(w.button(label, self._empire_setter(name), kind=kind))
        empires = ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)
        faces = w.toggle_row([(t("Face A"), "A"), (t("Face B"), "B")], player.face,
                             self._set_face)
        shown: list[ft.Control] = [w.heading(t("Empire")), empires, faces]
        if len(self.model.players) > 1:
            shown.append(ft.Text(t("Every player of a table uses the same Empire face"),
                                 size=12))
        return shown

    def _who_box(self) -> ft.Control:
        """Which tableau is the player's own, asked once for the whole quick score: only
        that one counts in their statistics (a quick score of friends' game, none)."""
        options: list[tuple[str, int | None]] = [
            (p.name, i) for i, p in enumerate(self.model.players)]
        options.append((t("None of them"), None))
        buttons = [w.button(label, self._me_setter(value),
                            kind="filled" if value == self._answer() else "outlined")
                   for label, value in options]
        return w.card_box(w.heading(t("Which player are you?")),
                          ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
                          ft.Text(t("Only your Empire counts in your statistics."), size=12),
                          identifier="who-is-me")

    def _answer(self) -> int | str | None:
        """`me`, or `UNANSWERED` while it names a player the table does not have (the
        last quick score's player 3, with two players so far)."""
        if isinstance(self.me, int) and self.me >= len(self.model.players):
            return UNANSWERED
        return self.me

    def _me_setter(self, value: int | None) -> Callable[[], None]:
        def choose() -> None:
            self.me = value
            self._changed()

        return choose

    def _grid_switch(self) -> ft.Control:
        """Only the owned expansions' cards, or all of them (a friend's box, say)."""
        if self.owned >= set(Expansion):
            return w.heading(t("Built cards"))
        label = t("Show only my expansions") if self.show_all else t("Show all cards")
        return ft.Row([ft.Container(w.heading(t("Built cards")), expand=True),
                       w.button(label, self._toggle_all, kind="text")])

    def _player_tabs(self) -> ft.Control:
        return ft.Row(
            [w.button(f"{p.name} · {self._total(i)}", self._selector(i),
                      kind="filled" if i == self.selected else "outlined")
             for i, p in enumerate(self.model.players)],
            wrap=True, spacing=8, run_spacing=8)

    def _pad(self) -> ft.Control:
        player = self.model.players[self.selected]
        try:
            result = player.score(self.catalog)
        except Rejected as exc:
            return ft.Text(t(exc.template, **exc.params))
        duo = self.show_all or Expansion.CORRUPTION_ASCENSION in self.owned
        pad = ft.Container(score_pad(result, "score", compact=True, duo=duo), expand=True)
        return ft.Row([pad, self._beside_pad(result, player.face)], spacing=6,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def _beside_pad(self, result: Score, face: str) -> ft.Control:
        """Solo: the rank the total reaches; at a table: whose pad this is."""
        rank = solo_rank(result.total, face)
        if len(self.model.players) == 1 and rank is not None:
            caption = w.value_text("solo-rank", solo_rank_label(rank), size=10)
            numbers = rank_numbers(result.total, face)
            why = w.why_button(t("Why this result?"),
                               lambda: self.app.open_on_top("rules", "solo-rank", **numbers))
            # The "?" beside the badge, not under it: the bottom bar is 72 px high, and a
            # badge, its name and a 48 px button stacked put the "?" past the screen's edge.
            return ft.Column([ft.Row([symbols.rank_badge(rank, 28), why], spacing=0,
                                     tight=True),
                              caption], spacing=0, width=76, tight=True,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        return ft.Text(self.model.players[self.selected].name, size=11, width=56,
                       max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)

    def _ranking_box(self) -> ft.Control | None:
        """Places best first; a tie on points says which tie-breaker settled it."""
        if len(self.model.players) < 2:
            return None
        try:
            places = self.model.ranking(self.catalog)
            reasons = self.model.tie_breaks(self.catalog)
            totals = [p.score(self.catalog).total for p in self.model.players]
        except Rejected:
            return None
        lines: list[ft.Control] = [w.heading(t("Ranking"))]
        for index, place in places:
            text = tn("{place}. {name}: {total} point", "{place}. {name}: {total} points",
                      totals[index], place=place, name=self.model.players[index].name,
                      total=totals[index])
            if index in reasons:
                text += " (" + ", ".join(tie_break_label(r) for r in reasons[index]) + ")"
            lines.append(w.value_text(f"rank-{index + 1}", text))
        numbers = standings_numbers([(p.name, p.standing(self.catalog))
                                     for p in self.model.players])
        lines[1] = w.with_why(lines[1], t("Why does this player win?"),
                              lambda: self.app.open_on_top("rules", "score", **numbers))
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
            self._make_name_field()
            self.app.refresh()

        return select

    def _set_count(self, count: int) -> None:
        self.model.set_count(count)
        if self.selected >= len(self.model.players):
            self.selected = len(self.model.players) - 1
            self._make_name_field()
        self._changed()

    def _rename(self, name: str) -> None:
        self.model.players[self.selected].name = name.strip() or t(
            "Player {number}", number=self.selected + 1)
        self.saved = False
        self.app.refresh()

    def _empire_setter(self, name: str) -> Callable[[], None]:
        def choose() -> None:
            self.model.choose_empire(self.selected, name)  # Rejected: another player's
            self._changed()

        return choose

    def _set_face(self, face: str) -> None:
        self.model.choose_face(face)
        self._changed()

    def _typed(self) -> None:
        self.app.refresh()

    def start_search(self) -> None:
        """Find the cards by name instead of by type (every type's matches at once), the
        cursor in the search field."""
        self.searching = True
        self.app.refresh()
        focus_search(self.app.page, self._search)

    def stop_search(self) -> None:
        """Back to the type tabs, which need no keyboard."""
        self.searching = False
        self._search.value = ""
        self.app.refresh()

    def _token_list(self, name: str, choose: Callable[[int], None]) -> Callable[[], None]:
        """The numbers of tokens to pick one of, in one list (a tap on the stepper's
        number): six Financiers are two taps, not six."""
        def offer() -> None:
            w.choice_dialog(self.app.page, name,
                            [(str(n), n) for n in range(TOKENS_LISTED + 1)], choose)

        return offer

    def _toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.app.refresh()

    def _add_card(self, card: Card) -> None:
        self.model.add_copy(self.selected, card)  # Rejected: the box has no copy left
        self._changed()

    def _remove_card(self, card: Card) -> None:
        self.model.remove_copy(self.selected, card.id)
        self._changed()

    def _set_generals(self, value: int) -> None:
        self.model.players[self.selected].generals = value
        self._changed()

    def _set_financiers(self, value: int) -> None:
        self.model.players[self.selected].financiers = value
        self._changed()

    def _save(self) -> None:
        try:
            me = self._answer()
            if isinstance(me, str):
                raise Rejected(Refusal.UNKNOWN_PLAYER,
                               "Say which player you are first (or \"None of them\")")
            record = self.model.to_record(self.catalog, self.record_id, me, self.from_game)
        except Rejected as exc:
            self.app.explain(exc)
            return
        try:
            self.app.services.backend.save_game(record)
            self.app.services.set_setting(QUICK_ME, me)
        except StoreError as exc:
            self.app.explain(exc)
            return
        self.saved = True
        self.app.notify(t("Saved to the score history"))
