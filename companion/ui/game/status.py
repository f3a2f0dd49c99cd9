"""The Empire's status on the game screen: production by resource (tap: where it comes
from), tokens, cubes toward the next Krystallium. Shown under what the player acts on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import PRODUCTION_ORDER, Resource
from companion.rules.production import sources
from companion.ui.kit import widgets as w
from companion.usecases.labels import card_name, resource_label
from companion.usecases.session import phase_label
from companion.usecases.why import krystallium_numbers

if TYPE_CHECKING:
    from companion.ui.game.board import GameBoard


def status_box(screen: GameBoard) -> ft.Control:
    state = screen.state
    production = state.production()
    chips: list[ft.Control] = []
    for resource in PRODUCTION_ORDER:
        amount = production[resource]
        chips.append(
            ft.Semantics(
                content=ft.Container(
                    content=w.chip(resource, f"{resource_label(resource)} {amount}"),
                    on_click=_sources(screen, resource),
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
    numbers = krystallium_numbers(state.empire_cubes, state.krystallium)
    cubes = w.with_why(cubes, t("How do cubes become Krystallium?"),
                       lambda: screen.app.open_on_top("rules", "krystallium", **numbers))
    lines: list[ft.Control] = [
        w.value_text("phase", phase_label(state), bold=True),
        ft.Text(screen.session.empire_line(), size=12),
        ft.Text(t("Production of your Empire (tap for details)"), size=12),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        tokens,
        cubes,
    ]
    if state.scenario:
        scenario = screen.app.services.scenarios.get(state.scenario)
        if scenario is not None:
            lines.insert(1, ft.Text(t("Scenario: {name}", name=scenario.name_in(language())),
                                    italic=True))
    return w.card_box(*lines, identifier="status")

def _sources(screen: GameBoard, resource: Resource) -> Callable[[], None]:
    def show() -> None:
        state = screen.state
        found = sources(resource, state.empire, state.built)
        lines: list[ft.Control] = [
            ft.Text(t("{amount} from {source}", amount=s.amount,
                      source=card_name(screen.catalog, s.card_id) if s.card_id is not None
                      else t("your Empire card")))
            for s in found
        ]
        if not lines:
            lines = [ft.Text(t("Nothing produces {resource} yet.",
                               resource=resource_label(resource)))]
        screen.app.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(t("{resource}: where it comes from",
                                resource=resource_label(resource))),
                content=ft.Column(lines, tight=True),
                actions=[w.button(t("Close"), lambda: screen.app.page.pop_dialog(),
                                  kind="text")],
            )
        )

    return show
