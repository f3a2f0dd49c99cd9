"""The game at the table: round and phase, production, supremacy, placing cubes, undo.

Everything shown is read from the game state or asked of the rules (`suggest`,
`refusal`, `production.sources`); every tap becomes one action given to the game, which
accepts it or explains why not. The session saves after each action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import language, t
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
from companion.ui.labels import card_name, message, resource_label
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

    # --- phase panels -------------------------------------------------------------

    def _phase_panel(self) -> list[ft.Control]:
        state = self.state
        if state.phase is Phase.PLANNING:
            return self._planning_panel()
        if state.phase is Phase.PRODUCTION:
            return self._production_panel()
        if state.phase is Phase.EXTRA:
            gained = ", ".join(f"{n} {resource_label(k)}" for k, n in state.extra_tokens.items())
            return [
                w.heading(t("Your cards produce tokens")),
                ft.Text(t("This round your cards gave you: {tokens}", tokens=gained)),
                self._next_button(),
            ]
        return [ft.Text(t("Game over"))]

    def _planning_panel(self) -> list[ft.Control]:
        state = self.state
        lines: list[ft.Control] = [w.heading(t("Planning"))]
        if state.solo:
            lines.append(ft.Text(t("Two sequences this round: each time, take a pool of 5 "
                                   "cards and build or recycle every one of them.")))
            if "ca" in state.expansions:
                reminder = t("Reminder: at any time you may discard 2 cards from your hand to "
                             "draw either 5 base cards or 3 Corruption & Ascension cards, and "
                             "keep 1 (never a mix).")
            else:
                reminder = t("Reminder: at any time you may discard 2 cards from your hand to "
                             "draw 5 and keep 1.")
            lines.append(ft.Text(reminder, size=12, italic=True))
        else:
            lines.append(ft.Text(t("Draft your cards, then for each one: build it or "
                                   "recycle it.")))
        if self.pending is not None:
            lines.append(self._pending_box(self.pending))
        else:
            lines.append(ft.Text(t("Add each drafted card below.")))
            lines.append(self._next_button(t("Start production")))
        return lines

    def _pending_box(self, card: Card) -> ft.Control:
        name = card_label(card)
        if not self.recycling:
            return w.card_box(
                ft.Text(name, weight=ft.FontWeight.BOLD),
                ft.Text(t("Recycling gives 1 {resource}", resource=resource_label(card.recycle)),
                        size=12),
                ft.Row(
                    [
                        w.button(t("Build {card}", card=name), self._construct(card),
                                 icon=ft.Icons.CONSTRUCTION, expand=True),
                        w.button(t("Recycle {card}", card=name), self._start_recycling,
                                 icon=ft.Icons.RECYCLING, kind="tonal", expand=True),
                    ],
                    spacing=8,
                ),
                w.button(t("Cancel"), self._cancel_pending, kind="text"),
                identifier="pending",
            )
        targets = recycle_targets(self.state, card)
        buttons = [
            w.button(t("Put it on {card}", card=self._uid_name(uid)),
                     self._recycle(card, uid), kind="outlined")
            for uid in targets
        ]
        buttons.append(w.button(t("Put it on your Empire"), self._recycle(card, None),
                                kind="outlined"))
        return w.card_box(
            ft.Text(t("Recycle {card}: where does the {resource} cube go?", card=name,
                      resource=resource_label(card.recycle))),
            *buttons,
            w.button(t("Cancel"), self._cancel_pending, kind="text"),
            identifier="pending",
        )

    def _production_panel(self) -> list[ft.Control]:
        state = self.state
        assert state.step is not None
        resource = state.step
        lines: list[ft.Control] = [
            w.heading(t("Production: {resource}", resource=resource_label(resource))),
            w.value_text("produced", t("You produce {total} {resource}", total=state.produced,
                                        resource=resource_label(resource)),
                         size=18, bold=True),
        ]
        if not state.solo and state.opponents is None:
            lines += self._opponents_rows()
            return lines
        lines.append(w.value_text("supremacy", self._supremacy_text()))
        if state.science_pending:
            lines.append(ft.Text(t("Science supremacy: choose your character")))
            lines.append(ft.Row([
                w.button(t("Take a Financier"), lambda: self.play(ChooseScience("Fin")),
                         expand=True),
                w.button(t("Take a General"), lambda: self.play(ChooseScience("Gen")),
                         expand=True),
            ], spacing=8))
        if state.to_place > 0:
            lines += self._placement_rows()
        lines.append(self._next_button())
        return lines

    def _supremacy_text(self) -> str:
        state = self.state
        assert state.step is not None
        bonus = SUPREMACY_BONUS[state.step]
        token = (resource_label(bonus) if bonus is not None
                 else t("General or Financier"))
        if state.solo:
            if state.supremacy:
                return t("{total} — supremacy: you take 1 {token}", total=state.produced,
                         token=token) if bonus is not None else t(
                    "{total} — supremacy: choose a General or a Financier",
                    total=state.produced)
            short = SOLO_THRESHOLD - state.produced
            return t("{total} — {short} short of a {token} (solo needs {needed})",
                     total=state.produced, short=short, token=token, needed=SOLO_THRESHOLD)
        others = ", ".join(str(x) for x in state.opponents or ())
        if state.supremacy:
            return t("Supremacy is yours (others: {others}): +1 {token}", others=others,
                     token=token)
        return t("No supremacy for you (others: {others})", others=others)

    def _opponents_rows(self) -> list[ft.Control]:
        state = self.state
        key = (state.round, state.step.value if state.step else None)
        if self.opponents_key != key:
            self.opponents_key = key
            names = self.session.names or [t("Player {number}", number=n)
                                           for n in range(2, state.players + 1)]
            self.opponent_fields = [
                ft.TextField(
                    label=t("{name}'s total", name=name),
                    value="",
                    keyboard_type=ft.KeyboardType.NUMBER,
                    input_filter=ft.NumbersOnlyInputFilter(),  # type: ignore[no-untyped-call]
                    width=160,
                )
                for name in names[: state.players - 1]
            ]
        return [
            ft.Text(t("Ask the other players what they produce, for supremacy:")),
            ft.Row(list(self.opponent_fields), wrap=True, spacing=8, run_spacing=8),
            w.button(t("Confirm the totals"), self._confirm_opponents, icon=ft.Icons.CHECK),
        ]

    def _confirm_opponents(self) -> None:
        totals: list[int] = []
        for field in self.opponent_fields:
            text = (field.value or "").strip()
            if not text.isdigit() or int(text) > MAX_TOTAL:
                self.app.notify(t("Enter each player's total as a number from 0 to {top} "
                                  "({name} is missing).", top=MAX_TOTAL, name=field.label))
                return
            totals.append(int(text))
        self.play(Opponents(tuple(totals)))

    def _placement_rows(self) -> list[ft.Control]:
        state = self.state
        assert state.step is not None
        key = (state.round, len(self.session.game.actions), state.step.value, state.to_place)
        if self.plan_key != key:
            self.plan_key = key
            self.plan = dict(suggest_placement(state))
        targets = placement_targets(state)
        on_empire = state.to_place - sum(n for uid, n in self.plan.items() if uid is not None)
        rows: list[ft.Control] = [
            ft.Text(t("Place your {count} {resource} cube(s): suggested below, adjust with − "
                      "and +.", count=state.to_place, resource=resource_label(state.step))),
        ]
        for uid, free in targets.items():
            count = self.plan.get(uid, 0)
            name = self._uid_name(uid)
            top = min(free, count + on_empire)
            rows.append(self.memo(("plan", uid), (count, free, top, name), lambda uid=uid,  # type: ignore[misc]
                                  name=name, free=free, count=count, top=top: w.stepper(
                t("{card} ({free} free)", card=name, free=free), count,
                self._plan_setter(uid), maximum=top,
                more_label=t("One more cube on {card}", card=name),
                less_label=t("One cube fewer on {card}", card=name),
                identifier=f"plan-{uid}",
            )))
        rows.append(ft.Row([ft.Text(t("On your Empire"), expand=True),
                            w.value_text("plan-empire", str(on_empire), bold=True)]))
        rows.append(w.button(t("Place the cubes"), self._accept_plan, icon=ft.Icons.CHECK))
        return rows

    def _plan_setter(self, uid: int) -> Callable[[int], None]:
        def change(count: int) -> None:
            self.plan[uid] = count
            self.app.refresh()

        return change

    def _accept_plan(self) -> None:
        state = self.state
        placement: Placement = tuple(
            [(uid, n) for uid, n in self.plan.items() if uid is not None and n > 0]
            + [(None, state.to_place - sum(n for uid, n in self.plan.items()
                                           if uid is not None))]
        )
        problem = check_placement(state, placement)
        if problem is not None:
            self.app.explain(problem)
            return
        events: list[Any] = []
        for uid, count in placement:
            if count <= 0:
                continue
            try:
                events += self.session.play(Place(onto=uid, count=count))
            except (Rejected, StoreError) as exc:
                self.app.explain(exc)
                break
        self.session.events = events  # announce what all of the placing did
        self.plan_key = None
        self._after_action()

    def _next_button(self, label: str | None = None) -> ft.Control:
        state = self.state
        last = ends_game(state)
        action: Action = End() if last else NextStep()
        if label is None:
            label = self._next_label(last)
        problem = refusal(state, action, self.catalog)
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
            w.chip(kind, f"{kind.value} {card.filled(kind)}/{n}") for kind, n in card.card.cost
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
