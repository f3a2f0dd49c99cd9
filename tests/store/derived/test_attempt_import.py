"""An imported scenario attempt gets its result from the scenario's rules
(`derive.derive_attempt`): from the game it names when that game is a finished game of
its scenario, else the medal its score earns if it says it was won.

base-1 is played on face B, must build cards 51, 14, 34 and 68, and gives bronze from
70 points, silver from 95, gold from 115 (its shipped file).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.shipped.scenarios import shipped_scenarios
from companion.store.derive import Played, derive_attempt
from companion.store.errors import Invalid

REQUIRED = (51, 14, 34, 68)


def attempt(**claims: Any) -> dict[str, Any]:
    return {"id": "a-1", "scenario": "base-1", "date": "2025-06-08T12:00:00+00:00",
            "score": 0, "won": False, "medal": None, "game": "g"} | claims


def played(total: int | None = 100, built: tuple[int, ...] = REQUIRED, *,
           finished: bool = True, face: str = "B", scenario: str = "base-1") -> Played:
    return Played(finished, total, built, face, scenario)


@pytest.mark.parametrize(("game", "result"), [
    (played(100), {"score": 100, "won": True, "medal": "silver"}),
    (played(115, (68, 34, 14, 51, 7)), {"score": 115, "won": True, "medal": "gold"}),
    (played(69), {"score": 69, "won": True, "medal": None}),
    (played(130, REQUIRED[:3]), {"score": 130, "won": False, "medal": None}),
    (played(130, ()), {"score": 130, "won": False, "medal": None}),
], ids=["silver", "gold, cards in any order", "won below bronze", "a card missing",
        "nothing built"])
def test_an_attempt_takes_its_result_from_its_finished_game(game: Played,
                                                            result: dict[str, Any]) -> None:
    claimed = attempt(score=1, won=False, medal="bronze")
    assert derive_attempt(claimed, game, shipped_scenarios(), "attempts[0]") is True
    assert claimed == attempt(**result)


@pytest.mark.parametrize("game", [
    None, played(finished=False), played(total=None), played(scenario="base-2"),
], ids=["no game", "unfinished", "no total", "another scenario"])
def test_an_attempt_without_its_finished_game_keeps_its_score_and_word(
        game: Played | None) -> None:
    """It says it was won with 96 points: silver, whatever it said of its medal."""
    claimed = attempt(score=96, won=True, medal="gold")
    assert derive_attempt(claimed, game, shipped_scenarios(), "attempts[0]") is True
    assert claimed == attempt(score=96, won=True, medal="silver")
    lost = attempt(score=120, won=False, medal="gold")
    assert derive_attempt(lost, game, shipped_scenarios(), "attempts[0]") is True
    assert lost == attempt(score=120, won=False, medal=None)


@pytest.mark.parametrize(("claims", "game"), [
    ({"score": 100, "won": True, "medal": "silver"}, played(100)),
    ({"score": 96, "won": True, "medal": "silver"}, None),
    ({"score": 120, "won": False, "medal": None}, None),
    ({"score": 60, "won": True, "medal": None}, None),
])
def test_an_honest_attempt_is_not_counted_as_corrected(claims: dict[str, Any],
                                                       game: Played | None) -> None:
    claimed = attempt(**claims)
    assert derive_attempt(claimed, game, shipped_scenarios(), "attempts[0]") is False
    assert claimed == attempt(**claims)


def test_an_attempt_of_a_scenario_this_app_does_not_know_is_kept_as_it_is() -> None:
    claimed = attempt(scenario="home-made-1", score=10, won=True, medal="gold")
    assert derive_attempt(claimed, played(scenario="home-made-1"), shipped_scenarios(),
                          "attempts[0]") is False
    assert claimed == attempt(scenario="home-made-1", score=10, won=True, medal="gold")


def test_an_attempt_whose_game_is_on_the_wrong_face_is_refused() -> None:
    with pytest.raises(Invalid) as refused:
        derive_attempt(attempt(), played(face="A"), shipped_scenarios(), "attempts[3]")
    assert str(refused.value) == (
        "attempts[3].game: Scenario base-1 is played with Empire face B, not face A")
