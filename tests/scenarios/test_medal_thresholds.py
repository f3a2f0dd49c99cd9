"""A medal is earned at its threshold, not above it: "the score earns bronze, silver or
gold" at the scores the scenario prints (RULES.md, solo scenarios: base-1 is 70 / 95 /
115). Every place that compares a score with a threshold is pinned at the threshold
itself, and one point below it; and the thresholds themselves rise, from one point."""

from __future__ import annotations

import pytest

from companion.rules.scenarios import (
    Attempt,
    Medal,
    Thresholds,
    medal_for,
    points_short,
    scenario_result,
)
from companion.shipped.scenarios import shipped_scenarios

BASE_1 = shipped_scenarios()["base-1"]
AT = {Medal.BRONZE: 70, Medal.SILVER: 95, Medal.GOLD: 115}
BELOW = {Medal.BRONZE: None, Medal.SILVER: Medal.BRONZE, Medal.GOLD: Medal.SILVER}
NEXT = {Medal.BRONZE: Medal.SILVER, Medal.SILVER: Medal.GOLD, Medal.GOLD: None}


def won_attempt(total: int) -> Attempt:
    return Attempt.from_mapping({"scenario": "base-1", "total": total, "won": True,
                                 "date": "2026-11-24"})


@pytest.mark.parametrize("medal", list(AT))
def test_the_threshold_itself_earns_the_medal(medal: Medal) -> None:
    total = AT[medal]
    assert BASE_1.thresholds.of(medal) == total  # as printed
    assert medal_for(total, BASE_1.thresholds) is medal
    assert medal_for(total - 1, BASE_1.thresholds) is BELOW[medal]
    result = scenario_result(BASE_1, BASE_1.required, total, "B")
    assert result.medal is medal
    assert result.next_medal is NEXT[medal]
    following = NEXT[medal]
    assert result.points_to_next == (AT[following] - total if following else None)
    one_short = scenario_result(BASE_1, BASE_1.required, total - 1, "B")
    assert (one_short.next_medal, one_short.points_to_next) == (medal, 1)


@pytest.mark.parametrize("medal", list(AT))
def test_a_best_score_at_the_threshold_is_not_short_of_that_medal(medal: Medal) -> None:
    total = AT[medal]
    following = NEXT[medal]
    expected = (following, AT[following] - total) if following else None
    assert points_short(BASE_1, [won_attempt(total)]) == expected
    assert points_short(BASE_1, [won_attempt(total - 1)]) == (medal, 1)


@pytest.mark.parametrize(("bronze", "silver", "gold"), [(1, 2, 3), (70, 95, 115)])
def test_thresholds_that_rise_from_one_point_are_a_scenarios(
        bronze: int, silver: int, gold: int) -> None:
    assert Thresholds(bronze, silver, gold).of(Medal.BRONZE) == bronze


@pytest.mark.parametrize(("bronze", "silver", "gold"), [
    (0, 1, 2),      # a bronze for no points is no goal
    (-5, 95, 115),
    (70, 95, 95),   # gold must ask more than silver
    (70, 70, 115),
    (95, 70, 115),
])
def test_thresholds_that_do_not_rise_are_a_mistake_in_the_scenario(
        bronze: int, silver: int, gold: int) -> None:
    with pytest.raises(ValueError) as refused:
        Thresholds(bronze, silver, gold)
    assert str(refused.value) == (
        f"medal thresholds must rise: bronze {bronze} < silver {silver} < gold {gold}")
