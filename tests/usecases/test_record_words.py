"""How a game of the history is named (`companion.usecases.record_labels`): the same words on
the history's list and on the game's page, in English and in French."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.i18n import set_language
from companion.shipped.catalog import catalog
from companion.shipped.scenarios import shipped_scenarios
from companion.usecases.record_labels import (
    mode_label,
    record_date,
    record_empire_line,
    record_heading,
    scenario_name,
)
from companion.usecases.services import MemoryBackend, Services


@pytest.fixture(scope="module")
def services() -> Services:
    return Services(catalog=catalog(), backend=MemoryBackend(), scenarios=shipped_scenarios())


QUICK = "quick-score"
"""A quick score's `kind` (`companion.rules.players.QUICK`)."""

RECORDS: list[tuple[dict[str, Any], tuple[str, str], tuple[str, str]]] = [
    ({"mode": "solo", "empires": ["Noram States"], "face": "B"},
     ("Solo game", "Noram States (face B)"), ("Partie solo", "États du Noram (face B)")),
    ({"mode": "solo", "empires": ["Noram States"]}, ("Solo game", "Noram States"),
     ("Partie solo", "États du Noram")),
    ({"mode": "solo", "empires": ["Zebra"], "face": "A"}, ("Solo game", "Zebra (face A)"),
     ("Partie solo", "Zebra (face A)")),
    ({"mode": "table", "players": 3}, ("Table game, 3 players", ""),
     ("Partie à 3 joueurs", "")),
    ({"mode": "table", "players": ["Ann", "Bob"]}, ("Table game, 2 players", ""),
     ("Partie à 2 joueurs", "")),
    ({"mode": "table"}, ("Table game", ""), ("Partie à plusieurs", "")),
    ({"mode": "table", "players": "3"}, ("Table game", ""), ("Partie à plusieurs", "")),
    ({"scenario": "base-1", "empires": ["Aztec Empire"]},
     ("Solo scenario: To the Center of the Earth", "Aztec Empire"),
     ("Scénario solo : Vers le centre de la Terre", "Empire d’Azteca")),
    ({"scenario": "base-99"}, ("Solo scenario: base-99", ""), ("Scénario solo : base-99", "")),
    ({"kind": QUICK, "players": 1}, ("Quick score", ""), ("Score rapide", "")),
    ({"kind": QUICK, "players": 2}, ("Quick score, 2 players", ""),
     ("Score rapide, 2 joueurs", "")),
    ({"kind": QUICK, "players": ["Ann", "Bob", "Eve"],
      "tableaux": [{"empire": "Aztec Empire", "face": "B"}]},
     ("Quick score, 3 players", "Aztec Empire (face B)"),
     ("Score rapide, 3 joueurs", "Empire d’Azteca (face B)")),
    ({}, ("Solo game", ""), ("Partie solo", "")),
]


@pytest.mark.parametrize(("record", "english", "french"), RECORDS)
def test_a_game_s_heading_and_empire(services: Services, record: dict[str, Any],
                                     english: tuple[str, str], french: tuple[str, str]) -> None:
    assert (record_heading(services, record), record_empire_line(services, record)) == english
    set_language("fr")
    assert (record_heading(services, record), record_empire_line(services, record)) == french


def test_modes_and_scenarios_by_name(services: Services) -> None:
    modes = ("solo", "table", "scenario", "quick", "league")
    assert [mode_label(mode) for mode in modes] == [
        "Solo game", "Table game", "Solo scenario", "Quick score", "league"]
    assert scenario_name(services, "ca-1") == services.scenarios["ca-1"].name_in("en")
    set_language("fr")
    assert [mode_label(mode) for mode in modes] == [
        "Partie solo", "Partie à plusieurs", "Scénario solo", "Score rapide", "league"]
    assert scenario_name(services, "base-1") == "Vers le centre de la Terre"
    assert scenario_name(services, "nope") == "nope"


@pytest.fixture
def in_paris() -> Iterator[None]:
    """The device's clock in Paris (UTC+1 in March): a stored time in UTC is shown in it."""
    saved = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Paris"
    time.tzset()
    yield
    if saved is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = saved
    time.tzset()


@pytest.mark.usefixtures("in_paris")
@pytest.mark.parametrize(("record", "shown"), [
    ({"updated": "2025-03-01T18:42:00+00:00", "created": "2025-02-01T10:00:00+00:00"},
     "2025-03-01 19:42"),
    ({"created": "2025-03-01T18:42:59+00:00"}, "2025-03-01 19:42"),
    ({"updated": None, "created": "2024-01-02 03:04"}, "2024-01-02 03:04"),  # no zone: as is
    ({"updated": "", "created": "2024-01-02T03:04:05"}, "2024-01-02 03:04"),
    ({"updated": "last Tuesday"}, "last Tuesday"),
    ({}, ""),
    ({"created": None}, ""),
])
def test_when_a_game_was_played(record: dict[str, Any], shown: str) -> None:
    assert record_date(record) == shown
