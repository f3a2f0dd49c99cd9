"""The game at the table: round and phase, production, supremacy, placing cubes, undo.

Everything shown is read from the game state or asked of the rules (`suggest`,
`refusal`, `production.sources`, `planning`, `supremacy`); every tap becomes one action
given to the game, which accepts it or explains why not. The session saves after each
action. What the player acts on comes first (in Planning the card picker: the card types as
tabs and the open type's cards as tiles, no keyboard; a search by name one tap away), the
Empire's status last. The screen stays on during a game.
The panels of each phase are in `planning` and `production`, beside this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from companion.i18n import language, t, tn
from companion.rules.actions import (
    Action,
    Discard,
    End,
    NextStep,
    PlaceCharacter,
    SpendKrystallium,
)
from companion.rules.cards import (
    PRODUCTION_ORDER,
    Card,
    CardType,
    Token,
)
from companion.rules.construction import UnderConstruction
from companion.rules.errors import Rejected
from companion.rules.planning import (
    discard_loses_scenario,
    drafted_cards,
    required_left,
)
from companion.rules.reasons import EVENT_TOPICS
from companion.rules.state import GameState, Phase
from companion.rules.suggest import (
    character_slots,
    ends_game,
    krystallium_slots,
    refusal,
)
from companion.rules.table import Seats
from companion.shipped.rulebook import rulebook
from companion.store import StoreError
from companion.store.errors import StoreConflict
from companion.ui.game.planning import construct, planning_panel, quick_recycle
from companion.ui.game.production import production_panel
from companion.ui.game.status import status_box
from companion.ui.game.undo import undo_bar
from companion.ui.kit import widgets as w
from companion.ui.kit.card_picker import CardPicker, card_label
from companion.ui.kit.type_picker import TypePicker, focus_search, tab_button
from companion.ui.screen import Screen, Shell
from companion.usecases.card_choice import (
    Choice,
    choices,
    copy_refusal,
    device_drafts,
    game_drafts,
    types_in_play,
)
from companion.usecases.labels import card_name, message, resource_label, resource_letter
from companion.usecases.session import GameSession, phase_label
from companion.usecases.why import completion_numbers, krystallium_numbers

RECENT_IN_GAME = 4
"""Recent cards offered by the search with nothing typed: what fits on a phone with the
messages and the cards under construction still in sight."""
SAID_BY_THE_PANEL = frozenset({"step", "no-supremacy", "supremacy-choice", "supremacy"})
"""Events of a production step that its panel already states (said once, not twice)."""


class GameScreen(Screen):
    keep_awake = True
    """Nobody wants the phone to lock in the middle of a round."""

    def __init__(self, app: Shell, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.id
        self._table_seats: Seats | None = None
        """A shared table's seats, read once a refresh (the copies each holds)."""
        self.pending: Card | None = None
        """A drafted card opened for 'build' or 'recycle'."""
        self.recycling = False
        self.note: str | None = None
        """What the screen did on the player's behalf with the last action."""
        self._shown_step: tuple[object, ...] | None = None
        """The round, phase and step on screen: when they change, the screen scrolls up."""
        self.plan: dict[int | None, int] = {}
        self.plan_key: tuple[int, int, str | None, int] | None = None
        self.exact_totals = False
        """Table games: the others' exact totals were asked for (else one tap)."""
        self.opponent_fields: list[ft.TextField] = []
        self.opponents_key: tuple[int, str | None] | None = None
        self.picker = CardPicker(
            app.services,
            self._drafted,
            label=t("Search a drafted card"),
            allowed=self._in_game,
            row_actions=self._row_actions,
            badge=self._badge,
            recent_limit=RECENT_IN_GAME,
            recent=self._own_drafts if session.table is not None else None,
            refusal=self._copy_refusal,
            on_refused=app.explain,
        )
        self._status = ft.Container()
        self._events = ft.Container()
        self._phase_lines = ft.Column(spacing=8,
                                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._phase = w.card_box(self._phase_lines, identifier="phase-panel")
        self.searching = False
        """The player chose to find cards by name (the keyboard), until they pick by type
        again: by type is the default, a keyboard hides half the screen."""
        self.types = TypePicker(
            self._drafted, actions=self._row_actions, on_refused=app.explain,
            extra=tab_button(t("Search by name"), self.start_search, ft.Icons.SEARCH,
                             shown=t("By name")))  # the whole name is cut on a phone
        self._likely: tuple[object, dict[int, int]] | None = None
        """(round, how often each card was drafted), taken once a round: the tiles keep
        their places while a round's cards are tapped in."""
        self._by_name = ft.Column([
            w.button(t("Pick by type"), self.stop_search, icon=ft.Icons.GRID_VIEW,
                     kind="text"),
            self.picker.control], spacing=4, visible=False)
        self._picker_box = ft.Container(content=ft.Column([self.types.control, self._by_name],
                                                          spacing=0))
        self._forward = ft.Container()
        self._constructions = ft.Column(spacing=8,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._memo: dict[object, tuple[object, ft.Control]] = {}
        self.follows_table = (session.table or {}).get("id")

    def memo(self, name: object, signature: object,
             build: Callable[[], ft.Control]) -> ft.Control:
        """The control built last time if what it shows has not changed: Flet then sends
        nothing for it, which keeps a tap fast with many cards on the table."""
        found = self._memo.get(name)
        if found is not None and found[0] == signature:
            return found[1]
        control = build()
        self._memo[name] = (signature, control)
        return control

    @property
    def title(self) -> str:
        """Short enough for a phone's app bar; the body says the rest."""
        state = self.state
        if state.phase is Phase.PRODUCTION and state.step is not None:
            return t("Round {round} · {resource}", round=state.round,
                     resource=resource_label(state.step))
        return phase_label(state)

    def start_search(self) -> None:
        """Find the cards by name instead of by type, the cursor in the search field."""
        self.searching = True
        self.refresh()
        self.focus_search()

    def stop_search(self) -> None:
        """Back to the type tabs, which need no keyboard."""
        self.searching = False
        self.picker.field.value = ""
        self.picker.refresh()
        self.refresh()

    def focus_search(self) -> None:
        """Put the cursor in the search field (a phone opens its keyboard)."""
        focus_search(self.app.page, self.picker.field)

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def catalog(self) -> Any:
        return self.app.services.catalog

    def _own_drafts(self) -> list[int]:
        """A seat at a shared table offers its own drafted cards as recent ones: the
        device's list is every seat's, all playing on the one host."""
        return drafted_cards(self.session.game.actions)

    def _in_game(self, card: Card) -> bool:
        return card.expansion.value in self.state.expansions

    def _drafts(self) -> dict[int, int]:
        """How often each card was drafted, as the round began: the device's count, or a
        shared seat's own game's (every seat plays on one host)."""
        key = (self.session.id, self.state.round)
        if self._likely is None or self._likely[0] != key:
            counts = (dict(game_drafts(self.session.game.actions))
                      if self.session.table is not None
                      else device_drafts(self.app.services, self.session.game.actions))
            self._likely = (key, counts)
        return self._likely[1]

    def _grid(self, kind: CardType) -> list[Choice]:
        """One type's tiles: likely first, each card no copy of which is left marked with
        the reason (at a shared table, the copies every seat holds)."""
        state = self.state
        required = {card_id for card_id, left in required_left(
            self._required(), state.built_ids()).items() if left > 0}
        return choices(self.catalog.cards, kind, state.expansions, required, self._drafts(),
                       self._copy_refusal)

    def _copy_refusal(self, card: Card) -> Rejected | None:
        """Why no copy of `card` can be in the player's hand (at a shared table, the
        copies every seat holds, as read at the last refresh), or None: the tiles and the
        search by name say it alike."""
        return copy_refusal(card, self.state, self._table_seats or None)

    # --- layout -------------------------------------------------------------------

    def build(self) -> ft.Control:
        self.refresh()
        # What the last tap did stays in sight above the search; "Start production" comes
        # after the cards under construction, away from the search results a thumb taps.
        return ft.Column(
            [self._phase, self._events, self._picker_box, self._constructions,
             self._forward, self._status],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def bottom_bar(self) -> ft.Control | None:
        labels = (self.session.undo_label(), self.session.redo_label(), language())
        return self.memo("undo", labels,
                         lambda: undo_bar(self.app, self.session, self._after_undo))

    def refresh(self) -> None:
        state = self.state
        step = (state.round, state.phase, state.step)
        if step != self._shown_step:  # a new step opens at its top, its total in sight
            if self._shown_step is not None:
                self.app.scroll_to_top()
            if state.phase is Phase.PLANNING and self.searching:
                self.focus_search()  # a round begins with the first drafted card's name
            self._shown_step = step
        self._status.content = self.memo("status", self._status_signature(), self._status_box)
        notes = self._announcements()
        self._events.content = (
            w.card_box(*[self._announced(*note) for note in notes], identifier="events")
            if notes else None
        )
        # Persistent parents with fresh lists: children unchanged since the last tap are
        # the same objects, so Flet diffs them to nothing.
        self._phase_lines.controls = self._phase_panel()
        planning = state.phase is Phase.PLANNING
        self._picker_box.visible = planning and self.pending is None
        if self._picker_box.visible:  # read once a refresh, not once a card
            self._table_seats = (self.session.seats() if self.session.seats is not None
                                 else None)
        self.types.control.visible = not self.searching
        self._by_name.visible = self.searching
        if self._picker_box.visible and self.searching:
            self.picker.follow()
        elif self._picker_box.visible:
            self.types.show(types_in_play(self.catalog.cards, state.expansions), self._grid)
        self._forward.content = (self.next_button(t("Start production"))
                                 if planning and self.pending is None else None)
        self._constructions.controls = self._construction_list()

    def _announcements(self) -> list[tuple[str, str | None, dict[str, str]]]:
        """What the last action did, less what the step's panel already says: each line
        with the rule behind it, if any, and the numbers that rule needs."""
        notes: list[tuple[str, str | None, dict[str, str]]] = []
        for event in self.session.events:
            if event.kind in SAID_BY_THE_PANEL:
                continue
            numbers = self._numbers(event.kind, event.params)
            topic = EVENT_TOPICS.get(event.kind)
            if any(topic == seen and numbers == said for _, seen, said in notes):
                topic = None  # one "?" per rule and numbers: two would say the same
            notes.append((message(event.template, event.params), topic, numbers))
        return [*notes, (self.note, None, {})] if self.note else notes

    def _numbers(self, kind: str, params: Mapping[str, object]) -> dict[str, str]:
        """What the rule of an event needs to say why: the cubes that made Krystallium,
        the card that was just built."""
        cubes, left, held = (params.get(key) for key in ("cubes", "left", "held"))
        if isinstance(cubes, int) and isinstance(left, int) and isinstance(held, int):
            return krystallium_numbers(cubes + left, held)  # all that sat there at once
        card = params.get("card")
        if kind in ("built", "bonus") and isinstance(card, str):
            return completion_numbers(self.catalog.card(card).id)
        return {}

    def _announced(self, text: str, topic: str | None, numbers: dict[str, str]) -> ft.Control:
        """One line of what happened, with a "?" to its rule."""
        found = rulebook().topic(topic) if topic else None
        if found is None:
            return ft.Text(text)
        return w.with_why(ft.Text(text), t("Rule: {topic}", topic=t(found.title)),
                          lambda: self.app.open_on_top("rules", found.id, **numbers))

    def after_action(self) -> None:
        if self.state.finished:
            self.app.reopen()
            return
        self.app.refresh()

    def _after_undo(self) -> None:
        self.forget_pending()
        self.note = None
        self.after_action()  # an undone going back, or a redone end, may end the game

    def play(self, action: Action) -> bool:
        """Give one action to the game; a refusal is explained and changes nothing."""
        self.note = None
        try:
            self.session.play(action)
        except StoreConflict as exc:  # another tab moved the game on: show it as it is
            self.app.explain(exc)
            self.app.reopen()
            return False
        except (Rejected, StoreError) as exc:
            self.app.explain(exc)
            self.app.refresh()
            return False
        self.exact_totals = False
        self.app.close_notice()  # what it said was of the game before this move
        self.after_action()
        return True

    def _phase_panel(self) -> list[ft.Control]:
        state = self.state
        if state.phase is Phase.PLANNING:
            return planning_panel(self)
        if state.phase is Phase.PRODUCTION:
            return production_panel(self)
        if state.phase is Phase.EXTRA:
            gained = ", ".join(f"{n} {resource_label(k)}" for k, n in state.extra_tokens.items())
            return [
                w.heading(t("Your cards produce tokens")),
                ft.Text(t("This round your cards gave you: {tokens}", tokens=gained)),
                self.next_button(),
            ]
        return [ft.Text(t("Game over"))]

    def next_button(self, label: str | None = None) -> ft.Control:
        state = self.state
        last = ends_game(state)
        action: Action = End() if last else NextStep()
        if label is None:
            label = self._next_label(last)
        problem = refusal(state, action, self.catalog)
        if problem is None and self.session.referee is not None:
            try:
                self.session.referee(action)
            except Rejected as refused:
                problem = refused
        controls: list[ft.Control] = [
            w.button(label, lambda: self.play(action), icon=ft.Icons.ARROW_FORWARD,
                     disabled=problem is not None)
        ]
        if problem is not None:
            controls.append(ft.Text(message(problem.template, problem.params), size=12,
                                    italic=True))
        return ft.Column(controls, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _next_label(self, last: bool) -> str:
        state = self.state
        if last:
            return t("End the game and count the score")
        if state.phase is Phase.PRODUCTION and state.step is not PRODUCTION_ORDER[-1]:
            assert state.step is not None
            following = PRODUCTION_ORDER[PRODUCTION_ORDER.index(state.step) + 1]
            return t("Next: {resource}", resource=resource_label(following))
        if state.phase is Phase.PRODUCTION and any(state.per_round_tokens().values()):
            return t("Next: tokens from your cards")
        return t("Next: round {round}", round=state.round + 1)

    # --- status -------------------------------------------------------------------

    def _status_signature(self) -> object:
        state = self.state
        return (tuple(state.production().values()), state.krystallium, state.generals,
                state.financiers, state.empire_cubes, state.round, state.phase, state.step,
                language())

    def _status_box(self) -> ft.Control:
        return status_box(self)

    # --- cards under construction ------------------------------------------------

    def _construction_list(self) -> list[ft.Control]:
        state = self.state
        boxes: list[ft.Control] = [w.heading(t("Under construction ({count})",
                                               count=len(state.under_construction)))]
        if not state.under_construction:
            boxes.append(ft.Text(t("No card under construction.")))
        k_slots = krystallium_slots(state)
        c_slots = character_slots(state)
        for card in state.under_construction:
            signature = (card.card.id, tuple(sorted(card.contents.items())),
                         tuple(s for s in k_slots if s.uid == card.uid),
                         tuple(s for s in c_slots if s.uid == card.uid), language(),
                         self._is_required(card.card.id))
            boxes.append(self.memo(("construction", card.uid), signature,
                                   lambda card=card: self._construction_box(  # type: ignore[misc]
                                       card, k_slots, c_slots)))
        built = ", ".join(card_label(c) for c in state.built) or t("none yet")
        boxes.append(w.value_text("built", t("Built: {cards}", cards=built)))
        return boxes

    def _construction_box(self, card: UnderConstruction, k_slots: list[Any],
                          c_slots: list[Any]) -> ft.Control:
        name = card_label(card.card)
        chips: list[ft.Control] = [
            w.chip(kind, f"{resource_letter(kind)} {card.filled(kind)}/{n}")
            for kind, n in card.card.cost
        ]
        actions: list[ft.Control] = []
        for slot in k_slots:
            if slot.uid == card.uid:
                actions.append(w.button(
                    t("Place a Krystallium on {card}", card=name)
                    if slot.kind is Token.KRYSTALLIUM else
                    t("Use a Krystallium as {slot} on {card}", slot=resource_label(slot.kind),
                      card=name),
                    self._spend_k(card.uid, slot.kind.value), kind="outlined"))
        for slot in c_slots:
            if slot.uid == card.uid:
                actions.append(w.button(
                    t("Place a {token} on {card}", token=resource_label(slot.kind), card=name),
                    self._place_character(card.uid, slot.kind), kind="outlined"))
        actions.append(w.button(t("Discard {card}", card=name), self._confirm_discard(card),
                                kind="text", icon=ft.Icons.DELETE_OUTLINE))
        return w.card_box(
            w.with_why(ft.Text(name, weight=ft.FontWeight.BOLD),
                       t("How does {card} score?", card=name),
                       lambda: self.app.open_on_top("cards", str(card.card.id),
                                                    game=self.session.id)),
            *self.required_mark(card.card.id),
            ft.Text(tn("{filled} of {total} slot filled", "{filled} of {total} slots filled",
                       card.slots_total, filled=card.slots_filled,
                       total=card.slots_total), size=12),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            *actions,
            identifier=f"construction-{card.uid}",
        )

    def uid_name(self, uid: int) -> str:
        card_id = self.session.card_of(uid)
        return card_name(self.catalog, card_id) if card_id is not None else t(
            "card {uid}", uid=uid)

    # --- scenario -----------------------------------------------------------------

    def _required(self) -> tuple[int, ...]:
        start = self.session.game.start
        return tuple(start.required) if self.state.scenario else ()

    def _is_required(self, card_id: int) -> bool:
        return required_left(self._required(), self.state.built_ids())[card_id] > 0

    def required_mark(self, card_id: int) -> list[ft.Control]:
        """"Required by the scenario", on the cards the scenario still needs built."""
        if not self._is_required(card_id):
            return []
        return [ft.Row([
            ft.Icon(ft.Icons.FLAG, size=16, color=ft.Colors.TERTIARY),
            ft.Text(t("Required by the scenario"), size=12, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.TERTIARY),
        ], spacing=4)]

    def _badge(self, card: Card) -> str | None:
        return t("Required") if self._is_required(card.id) else None

    # --- handlers -----------------------------------------------------------------

    def _row_actions(self, card: Card) -> list[tuple[ft.IconData, str, Callable[[], Any]]]:
        name = card_label(card)
        return [(ft.Icons.CONSTRUCTION, t("Build {card}", card=name), construct(self, card)),
                (ft.Icons.RECYCLING, t("Recycle {card}", card=name),
                 quick_recycle(self, card))]

    def _drafted(self, card: Card) -> None:
        self.pending = card
        self.recycling = False
        self.app.refresh()

    def forget_pending(self) -> None:
        self.pending = None
        self.recycling = False

    def cancel_pending(self) -> None:
        self.forget_pending()
        self.app.refresh()

    def show_exact_totals(self) -> None:
        self.exact_totals = True
        self.app.refresh()

    def _spend_k(self, uid: int, slot: str) -> Callable[[], None]:
        def spend() -> None:
            self.play(SpendKrystallium(onto=uid, slot=slot, count=1))

        return spend

    def _place_character(self, uid: int, token: Token) -> Callable[[], None]:
        code: Any = "Fin" if token is Token.FINANCIER else "Gen"

        def place() -> None:
            self.play(PlaceCharacter(onto=uid, token=code, count=1))

        return place

    def _confirm_discard(self, card: UnderConstruction) -> Callable[[], None]:
        def ask() -> None:
            name = card_label(card.card)
            state = self.state
            lost = discard_loses_scenario(
                card.card.id, self._required(), state.built_ids(),
                [c.card.id for c in state.under_construction])

            def discard() -> None:
                self.app.page.pop_dialog()
                self.play(Discard(card.uid))

            text: list[ft.Control] = [ft.Text(t(
                "Its cubes are lost; its recycling cube ({resource}) goes to your Empire.",
                resource=resource_label(card.card.recycle)))]
            if lost:
                text.insert(0, ft.Text(
                    t("{card} is required by the scenario: unless you build another one "
                      "by the end, the scenario is lost.", card=name),
                    weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR))
            self.app.page.show_dialog(
                ft.AlertDialog(
                    title=ft.Text(t("Discard {card}?", card=name)),
                    content=ft.Column(text, tight=True),
                    actions=[
                        w.button(t("Keep it"), lambda: self.app.page.pop_dialog(), kind="text"),
                        w.button(t("Discard it and lose the scenario") if lost
                                 else t("Yes, discard it"), discard),
                    ],
                )
            )

        return ask
