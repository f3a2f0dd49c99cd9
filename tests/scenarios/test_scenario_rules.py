"""Scenario results, medals, setup and progress (companion.rules.scenarios)."""

from __future__ import annotations

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.scenarios import (
    Attempt,
    Medal,
    Scenario,
    Thresholds,
    medal_for,
    missing_cards,
    progress,
    scenario_result,
    setup_for,
    start_for,
)
from companion.shipped.catalog import Catalog
from companion.shipped.scenarios import shipped_scenarios

SCENARIOS = shipped_scenarios()


def _won(scenario: Scenario, total: int) -> Medal | None:
    result = scenario_result(scenario, scenario.required, total, "B")
    assert result.won
    return result.medal


def test_base_1_medal_boundaries() -> None:
    base1 = SCENARIOS["base-1"]
    assert [_won(base1, t) for t in (69, 70, 94, 95, 114, 115)] == [
        None, Medal.BRONZE, Medal.BRONZE, Medal.SILVER, Medal.SILVER, Medal.GOLD]


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_each_scenario_medal_boundaries(sid: str) -> None:
    scenario = SCENARIOS[sid]
    t = scenario.thresholds
    expected = {
        t.bronze - 1: None, t.bronze: Medal.BRONZE,
        t.silver - 1: Medal.BRONZE, t.silver: Medal.SILVER,
        t.gold - 1: Medal.SILVER, t.gold: Medal.GOLD, t.gold + 40: Medal.GOLD,
    }
    for total, medal in expected.items():
        assert _won(scenario, total) is medal, (sid, total)
        assert medal_for(total, t) is medal


def test_points_short_of_next_medal() -> None:
    base4 = SCENARIOS["base-4"]  # 65 / 85 / 105
    cases = {0: (Medal.BRONZE, 65), 64: (Medal.BRONZE, 1), 65: (Medal.SILVER, 20),
             104: (Medal.GOLD, 1), 105: (None, None)}
    for total, (medal, short) in cases.items():
        result = scenario_result(base4, base4.required, total, "B")
        assert (result.next_medal, result.points_to_next) == (medal, short), total


def test_lost_scenario_earns_no_medal_whatever_the_score(cards: Catalog) -> None:
    base1 = SCENARIOS["base-1"]
    built = [cards.card(n).id for n in ("Polar Base", "Mega-Drill", "Super-Sonar")]
    result = scenario_result(base1, [*built, cards.card("Wind Turbines").id], 180, "B")
    assert not result.won
    assert result.medal is None
    assert result.missing == (cards.card("Center of the Earth").id,)


def test_icebreaker_must_be_built_three_times(cards: Catalog) -> None:
    ca5 = SCENARIOS["ca-5"]
    ice = cards.card("Icebreaker").id
    assert ca5.required.count(ice) == 3
    assert (ice, 3) in ca5.required_counts()
    others = [i for i in ca5.required if i != ice]
    two = scenario_result(ca5, [*others, ice, ice], 130, "B")
    assert (two.won, two.missing, two.medal) == (False, (ice,), None)
    three = scenario_result(ca5, [*others, ice, ice, ice], 130, "B")
    assert (three.won, three.medal) == (True, Medal.GOLD)
    assert missing_cards(ca5.required, [ice]) == tuple(
        [cards.card("Hyperborea").id, ice, ice, cards.card("Quantum Generator").id,
         cards.card("Underwater City").id])


def test_scenarios_are_face_b_only() -> None:
    with pytest.raises(Rejected) as refused:
        scenario_result(SCENARIOS["base-2"], SCENARIOS["base-2"].required, 100, "A")
    assert refused.value.kind is Refusal.EMPIRE_FACE
    assert (refused.value.params["required"], refused.value.params["face"]) == ("B", "A")


def test_thresholds_must_rise() -> None:
    with pytest.raises(ValueError, match="must rise"):
        Thresholds(70, 70, 115)


def test_setup_puts_required_cards_under_construction(cards: Catalog) -> None:
    ca5 = SCENARIOS["ca-5"]
    setup = setup_for(ca5)
    assert setup.required == ca5.required and setup.face == "B"
    assert setup.expansions == ("base", "ca")
    game = Game.new(start_for(ca5, "Noram States"), cards)
    under = sorted(u.card.id for u in game.state.under_construction)
    assert under == sorted(ca5.required)
    assert game.state.scenario == "ca-5"
    assert missing_cards(ca5.required, [c.id for c in game.state.built]) == ca5.required
    assert start_for(SCENARIOS["base-1"], "Noram States", ["ca"]).expansions == ("base", "ca")


def test_progress_over_attempts() -> None:
    base1 = SCENARIOS["base-1"]
    attempts = [
        {"total": 150, "won": False, "date": "2024-01-01"},
        {"total": 80, "won": True, "medal": "bronze", "date": "2024-02-01"},
        {"score": 120, "won": True, "date": "2024-05-01T10:00:00"},
        {"total": 116, "won": True, "date": "2024-03-01"},
        Attempt(total=100, won=True, date="2024-04-01"),
    ]
    summary = progress(attempts, base1)
    assert summary.attempts == 5 and summary.wins == 4
    assert summary.best_score == 150
    assert summary.best_medal is Medal.GOLD
    assert summary.first_gold == "2024-03-01"
    # Without the scenario the stored medals are trusted (none stored for the golds here).
    assert progress(attempts).best_medal is Medal.BRONZE
    empty = progress([], base1)
    assert (empty.attempts, empty.best_score, empty.best_medal, empty.first_gold) == (
        0, None, None, None)


def test_progress_of_lost_attempts_has_no_medal() -> None:
    summary = progress([{"total": 200, "won": False, "medal": "gold"}], SCENARIOS["base-1"])
    assert summary.best_medal is None and summary.best_score == 200 and summary.wins == 0
    by_missing = progress([{"total": 99, "missing": [51]}, {"total": 71, "missing": []}],
                          SCENARIOS["base-1"])
    assert by_missing.wins == 1 and by_missing.best_medal is Medal.BRONZE


@pytest.mark.parametrize("record, kind, value", [
    ({"won": True}, Refusal.BAD_NUMBER, None),  # no total
    ({"total": "90", "won": True}, Refusal.BAD_NUMBER, "90"),
    ({"total": 90, "won": "yes"}, Refusal.MALFORMED, "yes"),
    ({"total": 90, "won": True, "medal": "platinum"}, Refusal.NOT_AN_OPTION, "platinum"),
])
def test_unusable_attempt_records_are_named(record: dict[str, object], kind: Refusal,
                                            value: object) -> None:
    with pytest.raises(Rejected) as refused:
        progress([record])
    assert (refused.value.kind, refused.value.params["value"]) == (kind, value)
