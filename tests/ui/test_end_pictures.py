"""The end screen draws the solo rank (or the scenario's medal) as the game does."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from builders import memory_services
from story_samples import benjamin_game, record

from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend


def test_a_finished_solo_game_shows_its_rank_as_a_picture(open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()
    backend.save_game(record(benjamin_game(catalog()), "benjamin", 0))
    ui = open_ui(memory_services(backend),
                 route="/play/benjamin")
    # 2 points on face A: 2 − 15 is below 60, the lowest rank (RULES.md solo ranks).
    assert ui.has_id("final-rank") and not ui.has_id("final-medal")
    assert ui.by_id("final-rank").label == ui.text("verdict-0").split(": ")[-1].rstrip(".")


def test_the_rank_has_a_why_that_opens_its_rule_with_the_score(
        open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()
    backend.save_game(record(benjamin_game(catalog()), "benjamin", 0))
    ui = open_ui(memory_services(backend), route="/play/benjamin")
    ui.click("Why this result?")
    assert ui.route.startswith("/rules/solo-rank?")
    # 2 points on face A: 2 − 15 = −13, under 60 (RULES.md solo ranks), written by hand.
    assert ui.text("why") == ("2 points on face A: -13 once the 15 of face A are taken off,"
                              " under 60, so Apprentice.")
    ui.click("Back")
    assert ui.route == "/play/benjamin"
