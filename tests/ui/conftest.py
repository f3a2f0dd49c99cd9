"""Fixtures for the in-process view tests: the app on a fake client, with its services."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builders import memory_services
from harness import Ui

from companion.i18n import set_language
from companion.ui.app import make_main
from companion.usecases.services import Services


@pytest.fixture
def services() -> Services:
    return memory_services()


@pytest.fixture
def open_ui() -> Iterator[Callable[..., Ui]]:
    """Start the app for `services` in a new simulated tab (several per test allowed)."""
    opened: list[Ui] = []

    def start(services: Services, width: float = 390, height: float = 844,
              route: str = "/", beside: Ui | None = None, hold_reports: bool = False) -> Ui:
        ui = Ui(make_main(services), width=width, height=height, route=route, beside=beside,
                hold_reports=hold_reports)
        opened.append(ui)
        return ui

    yield start
    for ui in reversed(opened):  # tabs opened beside another close before it
        ui.close()
    set_language("en")


@pytest.fixture
def ui(open_ui: Callable[..., Ui], services: Services) -> Ui:
    return open_ui(services)
