"""Every sentence the app says about a move carries the numbers of the state it
describes, in every language: random whole games are replayed, and each event's text,
as the player reads it, must show each number its sentence names ("10 cubes on your Empire
became 2 Krystallium", never "5 cubes ... became 2")."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from companion.i18n import SUPPORTED, set_language
from companion.rules.engine import Event
from companion.usecases.labels import message

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(12)


def _properties() -> ModuleType:
    """The random games of the rules' property tests (tests/rules/random_play.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "rules"))
    return importlib.import_module("random_play")


@pytest.fixture(scope="module")
def events() -> list[Event]:
    properties = _properties()
    said: list[Event] = []
    for seed in SEEDS:
        pick = properties.RandomPicker(seed)
        run = properties.play_game(pick, properties.valid_start(pick), 600, 0, 0,
                                   each=lambda run: None)
        said += run.all_events()
    return said


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def test_the_games_say_many_kinds_of_things(events: list[Event]) -> None:
    kinds = {event.kind for event in events}
    assert {"built", "krystallium", "recycle", "bonus", "finished"} <= kinds, kinds


@pytest.mark.parametrize("language", SUPPORTED)
def test_every_event_shows_its_own_numbers(events: list[Event], language: str) -> None:
    set_language(language)
    wrong: list[str] = []
    for event in events:
        text = message(event.template, event.params)
        shown = re.findall(r"\d+", text)
        said = set(re.findall(r"\{(\w+)", event.template))  # the numbers the sentence says
        for name, value in event.params.items():
            number = isinstance(value, int) and not isinstance(value, bool)
            if number and name in said and str(value) not in shown:
                wrong.append(f"{event.kind}: {name}={value} not in {text!r}")
        if "{" in text:
            wrong.append(f"{event.kind}: unfilled {text!r}")
    assert wrong == []
