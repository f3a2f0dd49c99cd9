"""Setting up a game: solo, solo scenario or table; Empire, face, expansions, checklist."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import language, t
from companion.rules.actions import Start
from companion.rules.cards import Expansion
from companion.rules.errors import Refusal, Rejected
from companion.rules.players import groups
from companion.rules.scenarios import Scenario, start_for
from companion.rules.supremacy import MAX_PLAYERS, max_players
from companion.rules.table import deal
from companion.store import StoreError
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import VARIANT_KEY, icon_text, points_text, variants_wanted
from companion.ui.kit.card_picker import card_label
from companion.ui.kit.fields import limited_field
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.labels import empire_label
from companion.usecases.people import games_of

MODES = ("solo", "scenario", "table")


def expansion_label(code: str) -> str:
    return {
        Expansion.BASE.value: t("Base game"),
        Expansion.CORRUPTION_ASCENSION.value: t("Corruption & Ascension"),
        Expansion.WAR_OR_PEACE.value: t("War or Peace bonus cards"),
    }.get(code, code)


def switch_row(label: str, value: bool, on_change: Callable[[ft.Event[ft.Switch]], None],
               *, disabled: bool = False) -> ft.Control:
    """A switch with its words in the page's own text style: a Switch's built-in label
    came out in another font in the browser. The row is named for screen readers."""
    return ft.Semantics(
        content=ft.Row([
            ft.Text(label, expand=True),
            ft.Switch(value=value, on_change=on_change, disabled=disabled, height=w.TOUCH),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        label=label,
        container=True,
    )


def table_checklist(players: int, ca: bool) -> list[str]:
    """The draft as RULES.md §1 describes it (`rules.table.deal`), for the table's setup."""
    steps = [
        t("Each player takes an Empire card and shows the face agreed for this game."),
        t("Shuffle the development cards into one draw pile."),
    ]
    dealt = deal(players, ("base", "ca") if ca else ("base",))
    if dealt.corruption_ascension:
        steps.append(t("Draft with Corruption & Ascension: deal {base} base cards and {extra} "
                       "expansion cards to each player; everyone drafts 7 and discards the "
                       "rest.", base=dealt.base, extra=dealt.corruption_ascension))
    elif dealt.discarded:
        steps.append(t("Draft: deal 10 cards to each player; after the draft the last 3 are "
                       "discarded without recycling bonus."))
    else:
        steps.append(t("Draft: deal 7 cards to each player."))
    steps.append(t("Pass the cards left in rounds 1 and 3, right in rounds 2 and 4."))
    return steps


MAX_GROUPS = 5
"""Groups offered at setup: the most recent ones."""
RULEBOOK_FACES = ("A", "B")
VARIANT_FACES = ("C", "D", "E", "F")
"""Printed faces whose boxed product is not confirmed: offered only when asked for."""


class SetupScreen(Screen):
    def __init__(self, app: Shell, mode: str) -> None:
        super().__init__(app)
        assert mode in MODES
        self.mode = mode
        self.empire = self._default_empire()
        self.face = str(app.services.setting("default_face", "A"))
        if self.face not in RULEBOOK_FACES + VARIANT_FACES:
            self.face = "A"
        self.variants = variants_wanted(app)  # one switch per tab: cards, Empires, setup
        owned = app.services.setting("expansions", ["base"])
        self.expansions: set[str] = {e for e in owned if isinstance(e, str)} | {"base"}
        self.players = 4
        self.scenario: Scenario | None = None
        self._name_fields: dict[int, ft.TextField] = {}
        self._groups: list[tuple[str, ...]] | None = None
        self._content = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> SetupScreen:
        """`/new/solo`, `/new/table`, `/new/scenario` (`?scenario=<id>` chooses it)."""
        mode = values.get("mode", "")
        if mode not in MODES:
            raise ScreenMissing(t("There is no page at {route}.", route=f"/new/{mode}"))
        screen = cls(app, mode)
        wanted = values.get("scenario")
        if mode == "scenario" and wanted:
            scenario = app.services.scenarios.get(wanted)
            screen.scenario = scenario
            if scenario is not None:
                screen.expansions.update(scenario.expansions)
        return screen

    def _default_empire(self) -> str:
        names = self.app.services.catalog.empire_names()
        return "Noram States" if "Noram States" in names else names[0]

    @property
    def title(self) -> str:
        return {"solo": t("New solo game"), "scenario": t("Solo scenario"),
                "table": t("Table game")}[self.mode]

    def build(self) -> ft.Control:
        self.refresh()
        return self._content

    def refresh(self) -> None:
        rows: list[ft.Control] = []
        if self.mode == "scenario":
            rows += self._scenario_rows()
        if self.mode == "table":
            top = max_players(self.expansions)
            rows.append(w.stepper(t("Players"), self.players, self._set_players, minimum=2,
                                  maximum=top, more_label=t("One more player"),
                                  less_label=t("One player fewer"),
                                  identifier="player-count"))
            if top < MAX_PLAYERS:
                rows.append(ft.Text(t("6 or 7 players need Corruption & Ascension."),
                                    size=12, italic=True))
            rows += self._group_rows(top)
            rows.append(ft.Text(t("The others' names (optional): the app asks their totals "
                                  "at each production step."), size=12))
            rows += [self._name_row(n) for n in range(2, self.players + 1)]
        rows.append(w.heading(t("Your Empire")))
        rows.append(w.button(t("Empire: {empire}",
                               empire=empire_label(self.app.services.catalog, self.empire)),
                             self._choose_empire, kind="tonal", icon=ft.Icons.PUBLIC))
        forced = self.mode == "scenario"
        rows.append(w.toggle_row([(t("Face A"), "A"), (t("Face B"), "B")],
                                 "B" if forced else self.face, self._set_face,
                                 disabled=forced))
        if forced:
            rows.append(ft.Text(t("Scenarios are played with face B."), size=12, italic=True))
        else:
            rows.append(switch_row(t("Variant faces C to F (not in the rulebooks)"),
                                   self.variants, self._variant_switch))
            if self.variants:
                rows.append(w.toggle_row([(t("Face {face}", face=f), f) for f in VARIANT_FACES],
                                         self.face, self._set_face))
        rows.append(w.heading(t("Expansions in play")))
        for code in (Expansion.CORRUPTION_ASCENSION.value, Expansion.WAR_OR_PEACE.value):
            locked = self.scenario is not None and code in self.scenario.expansions
            rows.append(switch_row(expansion_label(code), code in self.expansions or locked,
                                   self._expansion_switch(code), disabled=locked))
        rows.append(self._checklist())
        rows.append(w.button(t("Start the game"), self._start, icon=ft.Icons.PLAY_ARROW,
                             disabled=self.mode == "scenario" and self.scenario is None))
        self._content.controls = rows

    def _name_field(self, number: int) -> ft.TextField:
        """Kept across refreshes, so what was typed stays while the player count changes."""
        if number not in self._name_fields:
            self._name_fields[number] = limited_field(
                t("Name of player {number}", number=number), 40,
                hint_text=t("Player {number}", number=number))
        return self._name_fields[number]

    def _name_row(self, number: int) -> ft.Control:
        """A name, and a way to leave that player out (the others move up a seat)."""
        field = self._name_field(number)
        if self.players <= 2:
            return field
        name = (field.value or "").strip() or t("Player {number}", number=number)
        return ft.Row([ft.Container(field, expand=True),
                       w.icon_button(ft.Icons.PERSON_REMOVE,
                                     t("Leave {name} out", name=name),
                                     lambda: self._leave_out(number))],
                      vertical_alignment=ft.CrossAxisAlignment.START)

    def _leave_out(self, number: int) -> None:
        for seat in range(number, self.players):
            self._name_field(seat).value = self._name_field(seat + 1).value
        self._name_field(self.players).value = ""
        self._set_players(max(2, self.players - 1))

    def _group_rows(self, most: int) -> list[ft.Control]:
        """The groups already played with, most recent first: one tap fills the table."""
        if self._groups is None:
            self._groups = groups(games_of(self.app.services.backend.finished_games(),
                                           self.app.services))
        found = [group for group in self._groups if len(group) < most][:MAX_GROUPS]
        if not found:
            return []
        return [ft.Text(t("Played with before (one tap sets the table):"), size=12),
                ft.Semantics(content=ft.Row(
                    [w.button(", ".join(group), self._use_group(group), kind="outlined",
                              icon=ft.Icons.GROUPS) for group in found],
                    wrap=True, spacing=8, run_spacing=8), identifier="groups", container=True)]

    def _use_group(self, names: tuple[str, ...]) -> w.Handler:
        def use() -> None:
            for number, name in enumerate(names, start=2):
                self._name_field(number).value = name
            self._set_players(max(2, len(names) + 1))
        return use

    def player_names(self) -> list[str]:
        return [
            (self._name_field(n).value or "").strip() or t("Player {number}", number=n)
            for n in range(2, self.players + 1)
        ]

    def _scenario_rows(self) -> list[ft.Control]:
        every = sorted(self.app.services.scenarios.values(),
                       key=lambda s: (s.expansion != "base", s.number or 0, s.id))
        if not every:
            return [ft.Text(t("No scenario could be loaded."))]
        rows: list[ft.Control] = [w.heading(t("Scenario"))]
        if self.scenario is None:
            scenarios = [s for s in every if set(s.expansions) <= self.expansions | {"base"}]
            for scenario in scenarios:
                rows.append(w.card_box(
                    w.button(self._scenario_title(scenario), self._pick(scenario),
                             kind="outlined"),
                    ft.Text(self._scenario_terms(scenario), size=12),
                    identifier=f"offer-{scenario.id}"))
            if len(scenarios) < len(every):
                rows.append(ft.Text(t("The scenarios of an expansion appear when it is on, "
                                      "under Expansions in play."), size=12, italic=True))
            return rows
        scenario = self.scenario
        cards = self.app.services.catalog
        required = ", ".join(
            card_label(cards.card(card_id)) + (f" ×{n}" if n > 1 else "")
            for card_id, n in scenario.required_counts())
        rows.append(
            w.card_box(
                ft.Text(self._scenario_title(scenario), weight=ft.FontWeight.BOLD),
                ft.Text(scenario.summary_in(language()), italic=True),
                ft.Text(t("Cards to build: {cards}", cards=required)),
                ft.Text(t("Medals: bronze {bronze}, silver {silver}, gold {gold}",
                          bronze=scenario.thresholds.bronze, silver=scenario.thresholds.silver,
                          gold=scenario.thresholds.gold)),
                w.button(t("Choose another scenario"), self._pick(None), kind="text"),
                identifier="scenario",
            )
        )
        return rows

    def _scenario_terms(self, scenario: Scenario) -> str:
        """What a scenario asks, in one line: its cards and its medals."""
        cards = self.app.services.catalog
        required = ", ".join(
            card_label(cards.card(card_id)) + (f" ×{n}" if n > 1 else "")
            for card_id, n in scenario.required_counts())
        return t("{cards} · bronze {bronze}, silver {silver}, gold {gold}", cards=required,
                 bronze=scenario.thresholds.bronze, silver=scenario.thresholds.silver,
                 gold=scenario.thresholds.gold)

    def _scenario_title(self, scenario: Scenario) -> str:
        prefix = expansion_label(scenario.expansion) if scenario.expansion != "base" else ""
        number = f"{scenario.number}. " if scenario.number else ""
        name = scenario.name_in(language())
        return f"{prefix} {number}{name}".strip() if prefix else f"{number}{name}"

    def _checklist(self) -> ft.Control:
        lines: list[str] = []
        title = t("Setup checklist")
        try:
            from companion.shipped.scenarios import solo_setup

            setup = solo_setup()
        except Exception:
            setup = None
        if self.mode == "table":
            lines = table_checklist(self.players, "ca" in self.expansions)
        elif setup is not None:
            lines = list(setup.free_solo.steps_in(language()))
            if "ca" in self.expansions:
                lines += setup.ca_variant.steps_in(language())
            if self.mode == "scenario":
                lines += setup.scenario_rules.steps_in(language())
        return w.card_box(
            w.heading(title),
            *[ft.Text(f"• {line}") for line in lines],
            identifier="checklist",
        )

    # --- handlers -----------------------------------------------------------------

    def _set_players(self, count: int) -> None:
        self.players = count
        self.app.refresh()

    def _choose_empire(self) -> None:
        """The Empires of the expansions in play, each with what its face produces and
        scores, so the choice can be made from the dialog alone."""
        catalog = self.app.services.catalog
        face = "B" if self.mode == "scenario" else self.face
        options = []
        for name in catalog.empire_names():
            shown = catalog.empire(name, face)
            if shown.expansion.value not in self.expansions | {"base"}:
                continue
            options.append((t("{empire}: {production}; points: {points}", empire=empire_label(
                catalog, name), production=", ".join(icon_text(i) for i in shown.production),
                points=points_text(shown.points)), name))
        w.choice_dialog(self.app.page, t("Choose the Empire"), options, self._set_empire)

    def _set_empire(self, name: str) -> None:
        self.empire = name
        faces = [f for f in self.app.services.catalog.empires if f.name == name]
        if faces and faces[0].expansion.value != "base":
            self.expansions.add(faces[0].expansion.value)
        self.app.refresh()

    def _set_face(self, face: str) -> None:
        self.face = face
        self.app.refresh()

    def _variant_switch(self, event: ft.Event[ft.Switch]) -> None:
        self.variants = bool(event.control.value)
        self.app.memory[VARIANT_KEY] = self.variants
        if not self.variants and self.face in VARIANT_FACES:
            self.face = "A"
        self.app.refresh()

    def _expansion_switch(self, code: str) -> Callable[[ft.Event[ft.Switch]], None]:
        def change(event: ft.Event[ft.Switch]) -> None:
            if event.control.value:
                self.expansions.add(code)
            else:
                self.expansions.discard(code)
                if code == "ca":
                    self.players = min(self.players, max_players(self.expansions))
            self.app.refresh()

        return change

    def _pick(self, scenario: Scenario | None) -> Callable[[], None]:
        def pick() -> None:
            self.scenario = scenario
            if scenario is not None:
                self.expansions.update(scenario.expansions)
            self.app.refresh()

        return pick

    def start_action(self) -> Start:
        expansions = tuple(e.value for e in Expansion if e.value in self.expansions)
        if self.mode == "scenario":
            if self.scenario is None:
                raise Rejected(Refusal.SETUP, "Choose a scenario first")
            return start_for(self.scenario, self.empire, expansions)
        return Start(
            empire=self.empire,
            face=self.face,
            mode="table" if self.mode == "table" else "solo",
            players=self.players if self.mode == "table" else 1,
            expansions=expansions,
            variant_faces=self.face in VARIANT_FACES,
        )

    def _start(self) -> None:
        from companion.ui.open_games import keep_session
        from companion.usecases.session import GameSession

        names = self.player_names() if self.mode == "table" else []
        try:
            session = GameSession.new(self.app.services, self.start_action(), names)
        except (Rejected, StoreError) as exc:
            self.app.explain(exc)
            return
        keep_session(self.app, session)
        self.app.navigate(address.path("play", session.id))
