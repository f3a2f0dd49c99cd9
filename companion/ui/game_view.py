"""The game at the table: round and phase, production, supremacy, placing cubes, undo.

Everything shown is read from the game state or asked of the rules (`suggest`,
`refusal`, `production.sources`); every tap becomes one action given to the game, which
accepts it or explains why not. The session saves after each action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import language, t, tn
from companion.rules.actions import (
    Action,
    ChooseScience,
    Construct,
    Discard,
    End,
    NextStep,
    Opponents,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
)
from companion.rules.cards import (
    PRODUCTION_ORDER,
    SUPREMACY_BONUS,
    Card,
    Resource,
    Token,
)
from companion.rules.construction import UnderConstruction
from companion.rules.errors import Rejected
from companion.rules.production import sources
from companion.rules.state import GameState, Phase
from companion.rules.suggest import (
    Placement,
    character_slots,
    check_placement,
    ends_game,
    krystallium_slots,
    placement_targets,
    recycle_targets,
    refusal,
    suggest_placement,
)
from companion.rules.supremacy import SOLO_THRESHOLD
from companion.store import StoreError
from companion.store.errors import StoreConflict
from companion.ui import widgets as w
from companion.ui.app import CompanionApp, Screen
from companion.ui.card_picker import CardPicker, card_label
from companion.ui.labels import card_name, message, resource_label, resource_letter
from companion.ui.session import GameSession, phase_label
from companion.ui.undo import undo_bar

MAX_TOTAL = 99


class GameScreen(Screen):
    def __init__(self, app: CompanionApp, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.pending: Card | None = None
        """A drafted card waiting for 'build' or 'recycle'."""
        self.recycling = False
        self.plan: dict[int | None, int] = {}
        self.plan_key: tuple[int, int, str | None, int] | None = None
        self.opponent_fields: list[ft.TextField] = []
        self.opponents_key: tuple[int, str | None] | None = None
        self.picker = CardPicker(
            app.services,
            self._drafted,
            label=t("Search a drafted card"),
            allowed=self._in_game,
        )
        self._status = ft.Container()
        self._events = ft.Container()
        self._phase_lines = ft.Column(spacing=8,
                                      horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._phase = w.card_box(self._phase_lines, identifier="phase-panel")
        self._picker_box = ft.Container(content=self.picker.control)
        self._constructions = ft.Column(spacing=8,
                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._memo: dict[object, tuple[object, ft.Control]] = {}

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
        return phase_label(self.state)

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def catalog(self) -> Any:
        return self.app.services.catalog

    def _in_game(self, card: Card) -> bool:
        return card.expansion.value in self.state.expansions

    # --- layout -------------------------------------------------------------------

    def build(self) -> ft.Control:
        self.refresh()
        return ft.Column(
            [self._status, self._events, self._phase, self._picker_box, self._constructions],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def bottom_bar(self) -> ft.Control | None:
        labels = (self.session.undo_label(), self.session.redo_label(), language())
        return self.memo("undo", labels,
                         lambda: undo_bar(self.app, self.session, self._after_undo))

    def refresh(self) -> None:
        state = self.state
        self._status.content = self.memo("status", self._status_signature(), self._status_box)
        notes = self.session.announcements()
        self._events.content = (
            w.card_box(*[ft.Text(n) for n in notes], identifier="events") if notes else None
        )
        # Persistent parents with fresh lists: children unchanged since the last tap are
        # the same objects, so Flet diffs them to nothing.
        self._phase_lines.controls = self._phase_panel()
        self._picker_box.visible = state.phase is Phase.PLANNING and self.pending is None
        self._constructions.controls = self._construction_list()

    def _after_action(self) -> None:
        if self.state.finished:
            self.app.reopen()
            return
        self.app.refresh()

    def _after_undo(self) -> None:
        self.pending = None
        self.recycling = False
        self.app.refresh()

    def play(self, action: Action) -> bool:
        """Give one action to the game; a refusal is explained and changes nothing."""
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
        self._after_action()
        return True

    # --- status -------------------------------------------------------------------

    def _status_signature(self) -> object:
        state = self.state
        return (tuple(state.production().values()), state.krystallium, state.generals,
                state.financiers, state.empire_cubes, state.round, state.phase, state.step,
                language())

    def _status_box(self) -> ft.Control:
        state = self.state
        production = state.production()
        chips: list[ft.Control] = []
        for resource in PRODUCTION_ORDER:
            amount = production[resource]
            chips.append(
                ft.Semantics(
                    content=ft.Container(
                        content=w.chip(resource, f"{resource_label(resource)} {amount}"),
                        on_click=self._sources(resource),
                        height=w.TOUCH,
                        padding=ft.Padding.symmetric(vertical=8),
                    ),
                    label=t("{resource}: {amount}, tap to see where it comes from",
                            resource=resource_label(resource), amount=amount),
                    identifier=f"production-{resource.value}",
                    button=True,
                    container=True,
                )
            )
        tokens = ft.Row(
            [
                w.value_text("krystallium", t("Krystallium: {n}", n=state.krystallium)),
                w.value_text("generals", t("Generals: {n}", n=state.generals)),
                w.value_text("financiers", t("Financiers: {n}", n=state.financiers)),
            ],
            wrap=True,
            spacing=16,
        )
        cubes = w.value_text(
            "empire-cubes",
            t("Cubes on your Empire: {cubes}/5 toward the next Krystallium ({left} to go)",
              cubes=state.empire_cubes, left=state.cubes_to_next_krystallium),
        )
        lines: list[ft.Control] = [
            w.value_text("phase", phase_label(state), bold=True),
            ft.Text(self.session.empire_line(), size=12),
            ft.Text(t("Production of your Empire (tap for details)"), size=12),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            tokens,
            cubes,
        ]
        if state.scenario:
            scenario = self.app.services.scenarios.get(state.scenario)
            if scenario is not None:
                lines.insert(1, ft.Text(t("Scenario: {name}", name=scenario.name_in(language())),
                                        italic=True))
        return w.card_box(*lines, identifier="status")

    def _sources(self, resource: Resource) -> Callable[[], None]:
        def show() -> None:
            state = self.state
            found = sources(resource, state.empire, state.built)
            lines: list[ft.Control] = [
                ft.Text(t("{amount} from {source}", amount=s.amount,
                          source=card_name(self.catalog, s.card_id) if s.card_id is not None
                          else t("your Empire card")))
                for s in found
            ]
            if not lines:
                lines = [ft.Text(t("Nothing produces {resource} yet.",
                                   resource=resource_label(resource)))]
            self.app.page.show_dialog(
                ft.AlertDialog(
                    title=ft.Text(t("{resource}: where it comes from",
                                    resource=resource_label(resource))),
                    content=ft.Column(lines, tight=True),
                    actions=[w.button(t("Close"), lambda: self.app.page.pop_dialog(),
                                      kind="text")],
                )
            )

        return show

PHASE_PANELS_MARK
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
                         tuple(s for s in c_slots if s.uid == card.uid), language())
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
                    t("Krystallium on {slot} of {card}", slot=resource_label(slot.kind),
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
            ft.Text(name, weight=ft.FontWeight.BOLD),
            ft.Text(t("{filled} of {total} slots filled", filled=card.slots_filled,
                      total=card.slots_total), size=12),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            *actions,
            identifier=f"construction-{card.uid}",
        )

    def _uid_name(self, uid: int) -> str:
        card_id = self.session.card_of(uid)
        return card_name(self.catalog, card_id) if card_id is not None else t(
            "card {uid}", uid=uid)

    # --- handlers -----------------------------------------------------------------

    def _drafted(self, card: Card) -> None:
        self.pending = card
        self.recycling = False
        self.app.refresh()

    def _cancel_pending(self) -> None:
        self.pending = None
        self.recycling = False
        self.app.refresh()

    def _start_recycling(self) -> None:
        self.recycling = True
        self.app.refresh()

    def _construct(self, card: Card) -> Callable[[], None]:
        def construct() -> None:
            self.pending = None
            self.play(Construct(card.id))

        return construct

    def _recycle(self, card: Card, onto: int | None) -> Callable[[], None]:
        def recycle() -> None:
            self.pending = None
            self.recycling = False
            self.play(Recycle(card.id, onto))

        return recycle

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

            def discard() -> None:
                self.app.page.pop_dialog()
                self.play(Discard(card.uid))

            self.app.page.show_dialog(
                ft.AlertDialog(
                    title=ft.Text(t("Discard {card}?", card=name)),
                    content=ft.Text(t("Its cubes are lost; its recycling cube ({resource}) "
                                      "goes to your Empire.",
                                      resource=resource_label(card.card.recycle))),
                    actions=[
                        w.button(t("Keep it"), lambda: self.app.page.pop_dialog(), kind="text"),
                        w.button(t("Yes, discard it"), discard),
                    ],
                )
            )

        return ask
