"""The numbers a "?" carries to a rule's page: turned back into the rules' reason, and
anything that makes no sense (typed by hand, a hostile link) gives the rule alone."""

from __future__ import annotations

import pytest

from companion.rules.cards import Resource
from companion.rules.scenarios import Scenario, Thresholds
from companion.usecases.why import (
    krystallium_numbers,
    medal_numbers,
    rank_numbers,
    reason_for,
    supremacy_numbers,
)

SCENARIOS = {"base-1": Scenario(id="base-1", expansion="base", names={"en": "To the Center"},
                                required=(), thresholds=Thresholds(70, 95, 115))}


def english(topic: str, numbers: dict[str, str]) -> str:
    reason = reason_for(topic, numbers, SCENARIOS)
    assert reason is not None and reason.topic == topic
    return reason.template.format(**reason.params)


def test_the_numbers_come_back_as_the_rules_reason() -> None:
    assert english("supremacy", supremacy_numbers(
        Resource.SCIENCE, [("Zoé: 1|2", 4), ("Bob", 4)])) == (
        "Zoé: 1|2 4, Bob 4 Science: a tie at the top (Zoé: 1|2, Bob), so nobody takes the"
        " supremacy bonus (2 to 5 players).")
    assert english("solo-rank", rank_numbers(80, "B")) == (
        "80 points on face B: 80 or more, so Emperor.")
    assert english("solo-scenarios", medal_numbers(93, "base-1", True)) == (
        "You have 93: silver needs 95, 2 points short.")
    assert english("krystallium", krystallium_numbers(6)).startswith("6 cubes on your Empire")


@pytest.mark.parametrize(("topic", "numbers"), [
    ("supremacy", {}),
    ("supremacy", {"resource": "Gold", "totals": "not json"}),
    ("supremacy", {"resource": "Gold", "totals": "[]"}),
    ("supremacy", {"resource": "Gold", "totals": '[["A", -1]]'}),
    ("supremacy", {"resource": "Gold", "totals": '[["A", true]]'}),
    ("supremacy", {"resource": "Gold", "totals": '[["A", 1.5]]'}),
    ("supremacy", {"resource": "Gold", "totals": '[["' + "x" * 41 + '", 1]]'}),
    ("supremacy", {"resource": "Gold", "totals": "[" + ",".join(['["A",1]'] * 8) + "]"}),
    ("supremacy", {"resource": "Krystallium", "totals": '[["A", 1]]'}),
    ("solo-rank", {"total": "62", "face": "Z"}),
    ("solo-rank", {"total": "-5", "face": "A"}),
    ("solo-rank", {"total": "9" * 5000, "face": "A"}),
    ("solo-scenarios", {"total": "90", "scenario": "nope", "won": "1"}),
    ("solo-scenarios", {"total": "90", "scenario": "base-1", "won": "maybe"}),
    ("krystallium", {"cubes": "five"}),
    ("draft", {"total": "5"}),
])
def test_nonsense_gives_the_rule_alone(topic: str, numbers: dict[str, str]) -> None:
    assert reason_for(topic, numbers, SCENARIOS) is None
