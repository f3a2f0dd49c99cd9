"""The browser reports every address the app pushes back to it, sometimes late, after
the player has already tapped on: such a report is the app's own step, not the player's,
and never takes them back to the screen they left. What the player does in the browser
(back, forward, a typed address) is still followed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from harness import Ui

from companion.rules.actions import Start
from companion.ui import browser_history as shell
from companion.usecases.services import Services
from companion.usecases.session import GameSession


def test_reports_that_come_at_once_change_nothing(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services)
    ui.click("Settings")
    ui.click("Back")
    assert ui.pushed_routes() == ["/settings", "/"]
    assert not ui.client.reports and ui.route == "/"
    ui.go("/settings")  # the browser's forward button
    assert ui.route == "/settings"


def test_a_late_report_of_an_earlier_tap_does_not_take_the_player_back(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services, hold_reports=True)
    ui.click("Settings")
    ui.click("Back")
    assert ui.pushed_routes() == ["/settings", "/"]
    ui.report()  # the browser reports the first tap only now
    assert ui.route == "/"
    ui.report()
    assert ui.route == "/"
    ui.go("/settings")  # now the player's own step: the browser's forward button
    assert ui.route == "/settings"


def test_a_report_the_browser_never_sends_is_passed_over(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services, hold_reports=True)
    ui.click("Settings")
    ui.click("Back")
    ui.client.reports.pop(0)  # the report of "/settings" never comes
    ui.report()
    assert ui.route == "/"
    ui.go("/settings")  # so this is the player's forward button, not a report
    assert ui.route == "/settings"


def test_a_report_after_its_time_is_the_players_own(
        open_ui: Callable[..., Ui], services: Services,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shell, "OWN_PUSHES_SECONDS", -1.0)
    ui = open_ui(services, hold_reports=True)
    ui.click("Settings")
    ui.click("Back")
    ui.report()
    assert ui.route == "/settings"


def test_an_address_the_player_types_forgets_the_reports_awaited(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services, hold_reports=True)
    ui.click("Settings")
    ui.go("/cards")  # typed before the browser reported "/settings"
    assert ui.route == "/cards"
    ui.go("/settings")  # the back button now, not a report
    assert ui.route == "/settings"


def test_a_tap_while_home_is_put_under_a_deep_address_keeps_its_screen(
        open_ui: Callable[..., Ui], services: Services,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Opened on a game's address, the app puts home under it in the browser's
    history. A tap between its two pushes (the player opened the log) must not be
    followed by the game's address, nor the log be replaced by the game."""
    monkeypatch.setattr(shell, "HISTORY_DELAY", 0.0)
    monkeypatch.setattr(shell, "NEXT_FRAME", 0.0)
    game = GameSession.new(services, Start(empire="Noram States")).id
    ui = open_ui(services, route=f"/play/{game}", hold_reports=True)
    ui.wait_for(lambda: ui.pushed_routes() == ["/"], "home pushed under the game")
    ui.click("Moves so far")  # the game's address still waits for home's report
    log = ui.route
    assert log.startswith(f"/play/{game}/log")
    ui.report()  # the browser reports home
    ui.settle()  # home put under the game, as far as it goes
    ui.report()  # then the log
    assert ui.pushed_routes() == ["/", log]
    assert ui.route == log
    assert ui.text("log-count") == "1 move so far, latest first"


def test_home_goes_under_a_deep_address_when_the_player_waits(
        open_ui: Callable[..., Ui], services: Services,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shell, "HISTORY_DELAY", 0.0)
    monkeypatch.setattr(shell, "NEXT_FRAME", 0.0)
    game = GameSession.new(services, Start(empire="Noram States")).id
    ui = open_ui(services, route=f"/play/{game}", hold_reports=True)
    ui.wait_for(lambda: ui.pushed_routes() == ["/"], "home pushed under the game")
    ui.report()  # home: the app does not show it
    ui.settle()
    assert ui.route == f"/play/{game}"
    assert ui.pushed_routes() == ["/", f"/play/{game}"]
    ui.report()
    assert ui.route == f"/play/{game}"
    ui.go("/")  # the back button: home, as the history now says
    assert ui.route == "/"
