"""Every handler goes through one guard: an error is a message, the screen stays."""

from __future__ import annotations

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
            else said.startswith("Something went wrong: 'theme'."))
    ui.click("Light")  # the screen still answers
