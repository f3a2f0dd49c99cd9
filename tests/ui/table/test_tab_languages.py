"""Each tab (each phone at the table) reads its own language, never a process-wide one."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
from builders import memory_services
from harness import Ui
from test_game_flow import draft, start_solo

from companion.i18n import language, t
from companion.ui.app import CompanionApp


def test_two_tabs_in_two_languages_at_once(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    french = open_ui(services)
    portuguese = open_ui(services, beside=french)
    french.click("Settings")
    french.click("Français")
    portuguese.click("Settings")
    portuguese.click("Português")
    french.click("Retour")
    assert "Nouvelle partie solo" in french.names()
    portuguese.click("Voltar")
    assert "Nouvelle partie solo" not in portuguese.names()
    assert "Novo jogo solo" in portuguese.names()
    assert language() == "en"  # the process (and the command line) keep theirs


def test_a_move_told_by_another_tab_is_drawn_in_this_tabs_language(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    english = open_ui(services)
    start_solo(english)
    draft(english, "Wind Turbines")
    french = open_ui(services, route=english.route, beside=english)
    french.click("Settings")
    french.click("Français")
    french.go(english.route)
    english.click("Start production")  # the French tab redraws, told by the English one
    assert "Production" in french.screen_text() and "Planification" not in french.screen_text()
    assert "Matériaux" in french.screen_text()
    assert "Materials" in english.screen_text()


def test_a_phone_asleep_is_told_too_and_wakes_up_to_the_move_in_its_language(
        open_ui: Callable[..., Ui]) -> None:
    """Flet keeps the session of a tab whose connection dropped (a phone asleep): the
    move is drawn for it while away, in its language, so it wakes up to the game as it
    is. Acting as the tab must not need its connection."""
    services = memory_services()
    english = open_ui(services)
    start_solo(english)
    draft(english, "Wind Turbines")
    french = open_ui(services, route=english.route, beside=english)
    french.click("Settings")
    french.click("Français")
    french.go(english.route)
    french.disconnect()
    english.click("Start production")
    assert "Production" in french.screen_text() and "Planification" not in french.screen_text()
    assert "Matériaux" in french.screen_text()


def test_what_another_tab_tells_runs_for_this_tabs_page(open_ui: Callable[..., Ui]) -> None:
    """As in Flet's own handlers, `ft.context.page` is the tab's page: `t` speaks its
    language and a Flet service made then (the wakelock) joins its page, not the
    sender's. Outside, the test's context keeps no page."""
    services = memory_services()
    english = open_ui(services)
    french = open_ui(services, beside=english)
    french.click("Settings")
    french.click("Français")
    app = getattr(french.page.on_route_change, "__self__", None)
    assert isinstance(app, CompanionApp)
    seen: list[tuple[ft.Page, str]] = []
    app.run_as_tab(lambda: seen.append((ft.context.page, t("Back"))))
    assert seen == [(french.page, "Retour")]
    assert t("Back") == "Back"
