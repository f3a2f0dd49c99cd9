"""Every handler goes through one guard: an error is a message, the screen stays."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from builders import memory_services
from flet.messaging.protocol import MessageAction
from harness import Ui

from companion.store import StoreError
from companion.usecases.services import MemoryBackend


class FullDisk(MemoryBackend):
    """Settings cannot be written: the disk is full."""

    def set_setting(self, key: str, value: Any) -> None:
        raise StoreError("Could not save {what}: {reason}. What was saved before is intact.",
                         what="the settings", reason="No space left on device")


class Broken(MemoryBackend):
    """A bug, not a refusal: something the app did not expect."""

    def set_setting(self, key: str, value: Any) -> None:
        raise KeyError("theme")


def _crashes(ui: Ui) -> int:
    sent = ui.client.sent_actions
    return sum(1 for action in sent if action == MessageAction.SESSION_CRASHED)


@pytest.mark.parametrize("backend", [FullDisk, Broken])
def test_a_failing_handler_leaves_a_message_and_the_screen(
        open_ui: Callable[..., Ui], backend: type[MemoryBackend]) -> None:
    ui = open_ui(memory_services(backend()),
                 route="/settings")
    ui.click("Dark")
    assert _crashes(ui) == 0  # not Flet's "Error running app"
    assert ui.route == "/settings" and "Language" in ui.screen_text()
    said = ui.last_message()
    assert ("No space left on device" in said if backend is FullDisk
            else said == "Something went wrong. Nothing else was changed; you can go on.")
    ui.click("Light")  # the screen still answers


def test_a_bug_is_told_in_the_players_language_and_logged_in_one_line(
        open_ui: Callable[..., Ui], caplog: pytest.LogCaptureFixture) -> None:
    ui = open_ui(memory_services(Broken(settings={"language": "fr"})), route="/settings")
    with caplog.at_level(logging.ERROR):
        ui.click("Sombre")
    said = ui.last_message()
    assert said == ("Un problème est survenu. Rien d'autre n'a été modifié ; vous pouvez "
                    "continuer.")
    assert "theme" not in said  # the bug's English text stays out of the message
    (logged,) = [r for r in caplog.records if r.getMessage().startswith("A handler failed")]
    line = logged.getMessage()
    assert "KeyError: 'theme' at test_guard.py:" in line
    assert "\n" not in line and logged.exc_info is None  # no traceback



def _gone(ui: Ui) -> None:
    """The tab reloads or closes: Flet has put its connection's send queue away, and
    every send to it fails, until Flet lets go of the session a moment later."""

    def send(message: Any) -> None:
        raise AttributeError("'NoneType' object has no attribute 'put_nowait'")

    ui.client.send_message = send  # type: ignore[method-assign]


@pytest.mark.parametrize("state", ["hide", "pause", "detach", "resume"])
def test_a_tab_coming_or_going_draws_nothing(
        open_ui: Callable[..., Ui], caplog: pytest.LogCaptureFixture, state: str) -> None:
    """A reloading tab says it is hidden as it goes; drawing then would send to a
    connection that is gone (Flet printed a traceback for it). Nothing on screen depends
    on it, so nothing is drawn."""
    ui = open_ui(memory_services(), route="/settings")
    sent = ui.client.messages
    ui.run(ui.session.dispatch_event(ui.page._i, "app_lifecycle_state_change",
                                     {"state": state}))
    assert ui.client.messages == sent
    _gone(ui)
    with caplog.at_level(logging.DEBUG):
        ui.run(ui.session.dispatch_event(ui.page._i, "app_lifecycle_state_change",
                                         {"state": state}))
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_handler_failing_for_a_tab_that_has_gone_is_no_error(
        open_ui: Callable[..., Ui], caplog: pytest.LogCaptureFixture) -> None:
    """The guard's message cannot reach a tab that has gone: the failure is that tab's
    going, one debug line, and the guard itself raises nothing."""
    ui = open_ui(memory_services(), route="/settings")
    app = ui.page.on_route_change.__self__  # type: ignore[union-attr]
    _gone(ui)
    with caplog.at_level(logging.DEBUG):
        app.handler_failed(AttributeError("'NoneType' object has no attribute 'put_nowait'"))
        app.handler_failed(StoreError("Could not save {what}.", what="the settings"))
    ours = [r for r in caplog.records if r.name.startswith("companion")]
    assert [r.getMessage() for r in ours if r.levelno >= logging.WARNING] == []
    assert [r.getMessage().split(":")[0] for r in ours] == [
        "A handler of a tab that has gone failed"] * 2
