"""The app's sections: the navigation bar on a phone, the rail on a wide window.

Five destinations at most, so the labels fit a phone (`routes.SECTIONS`); the rules and
the settings are in every screen's top bar instead, opened on top of what is in use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.ui import routes

Destination = tuple[str, str, ft.IconData, ft.IconData]
"""(route, label, icon, icon when selected)."""


def destinations() -> list[Destination]:
    names = {
        "home": (t("Play"), ft.Icons.CASINO_OUTLINED, ft.Icons.CASINO),
        "scenarios": (t("Medals"), ft.Icons.MILITARY_TECH_OUTLINED, ft.Icons.MILITARY_TECH),
        "campaigns": (t("Campaigns"), ft.Icons.MAP_OUTLINED, ft.Icons.MAP),
        "history": (t("History"), ft.Icons.HISTORY, ft.Icons.HISTORY),
        "stats": (t("Statistics"), ft.Icons.INSIGHTS_OUTLINED, ft.Icons.INSIGHTS),
        "cards": (t("Cards"), ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE),
    }
    return [(route, *names[section]) for section, route in routes.SECTIONS
            if section in names and routes.parse(route).route is not None]


def _selected(route: str) -> int:
    section = routes.section_of(route)
    for index, (target, *_) in enumerate(destinations()):
        if routes.section_of(target) == section:
            return index
    return 0


def navigation_bar(route: str, navigate: Callable[[str], None]) -> ft.NavigationBar:
    return ft.NavigationBar(
        destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=selected,
                                                  label=label)
                      for _, label, icon, selected in destinations()],
        label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
        **_choice(route, navigate),
    )


def rail(route: str, navigate: Callable[[str], None]) -> ft.NavigationRail:
    return ft.NavigationRail(
        destinations=[ft.NavigationRailDestination(icon=icon, selected_icon=selected,
                                                   label=label)
                      for _, label, icon, selected in destinations()],
        label_type=ft.NavigationRailLabelType.ALL,
        **_choice(route, navigate),
    )


def _choice(route: str, navigate: Callable[[str], None]) -> dict[str, Any]:
    """What the bar and the rail share: the section shown, and where a tap goes."""

    def go(event: Any) -> None:
        found = destinations()
        index = int(event.control.selected_index or 0)
        if 0 <= index < len(found):
            navigate(found[index][0])

    return {"selected_index": _selected(route), "on_change": go}
