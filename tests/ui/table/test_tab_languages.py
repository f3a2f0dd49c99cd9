"""Each tab (each phone at the table) reads its own language, never a process-wide one."""

from __future__ import annotations

from collections.abc import Callable

from builders import memory_services
from harness import Ui
from test_game_flow import draft, start_solo

from companion.i18n import language


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
