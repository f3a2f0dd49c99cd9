"""What a "?" puts in its rule's address (`companion.usecases.why`), character for
character, and where a hand-typed or hostile address stops being read: the longest
list, the most players, the longest name and the largest number still read."""

from __future__ import annotations

import json

import pytest

from companion.i18n import set_language
from companion.rules.cards import Resource
from companion.rules.reasons import (
    medal_reason,
    solo_rank_reason,
    supremacy_reason,
    victory_reason,
)
from companion.rules.scenarios import Scenario, Thresholds
from companion.rules.scoring import Standing
from companion.usecases.why import (
    MAX_ROWS_TEXT,
    medal_numbers,
    numbers_given,
    reason_for,
    standings_numbers,
    step_numbers,
    supremacy_numbers,
)

BASE_1 = Scenario(id="base-1", expansion="base", names={"en": "To the Center"}, required=(),
                  thresholds=Thresholds(70, 95, 115))
SCENARIOS = {"base-1": BASE_1}


def test_the_numbers_as_the_address_carries_them() -> None:
    """Compact JSON, names as they are written (an address quotes them itself)."""
    assert supremacy_numbers(Resource.SCIENCE, [("Zoé", 4), ("Bob", 3)]) == {
        "resource": "Science", "totals": '[["Zoé",4],["Bob",3]]'}
    assert standings_numbers([("Zoé", Standing(70, 9, 2)), ("Bob", Standing(68, 10, 0))]) == {
        "standings": '[["Zoé",70,9,2],["Bob",68,10,0]]'}
    assert medal_numbers(93, "base-1", True) == {"total": "93", "scenario": "base-1",
                                                 "won": "1"}
    assert medal_numbers(93, "base-1", False) == {"total": "93", "scenario": "base-1",
                                                  "won": "0"}


@pytest.mark.parametrize(("others", "solo", "names", "english", "french"), [
    (None, True, (), '[["You",4]]', '[["Vous",4]]'),
    ((), True, (), '[["You",4]]', '[["Vous",4]]'),
    ((3, 5), False, ("Zoé",), '[["You",4],["Zoé",3],["Player 3",5]]',
     '[["Vous",4],["Zoé",3],["Joueur 3",5]]'),
    ((3, 5), False, (), '[["You",4],["Player 2",3],["Player 3",5]]',
     '[["Vous",4],["Joueur 2",3],["Joueur 3",5]]'),
    ((3,), True, ("Zoé", "Bob"), '[["You",4],["Zoé",3]]', '[["Vous",4],["Zoé",3]]'),
])
def test_a_production_step_s_totals(others: tuple[int, ...] | None, solo: bool,
                                    names: tuple[str, ...], english: str, french: str) -> None:
    assert step_numbers(Resource.GOLD, 4, others, solo=solo, names=names) == {
        "resource": "Gold", "totals": english}
    set_language("fr")
    assert step_numbers(Resource.GOLD, 4, others, solo=solo, names=names) == {
        "resource": "Gold", "totals": french}


@pytest.mark.parametrize("others", [None, ()])
def test_a_table_s_step_without_the_others_totals_carries_none(
        others: tuple[int, ...] | None) -> None:
    assert step_numbers(Resource.GOLD, 4, others, solo=False) == {}


def totals(rows: list[list[object]]) -> dict[str, str]:
    return {"resource": "Gold", "totals": json.dumps(rows, ensure_ascii=False)}


def test_the_largest_lists_still_read() -> None:
    seven = [(f"Player {n}", 9999) for n in range(1, 8)]
    rows: list[list[object]] = [[name, total] for name, total in seven]
    assert reason_for("supremacy", totals(rows), SCENARIOS) == supremacy_reason(
        Resource.GOLD, seven)
    assert reason_for("supremacy", totals([*rows, ["Player 8", 1]]), SCENARIOS) is None
    # One player (the solo game) is a list too.
    assert reason_for("supremacy", totals([["You", 3]]), SCENARIOS) == supremacy_reason(
        Resource.GOLD, [("You", 3)])
    # Names of 1 and of 40 characters; 41 is longer than any name typed in the app.
    for name in ("Z", "x" * 40):
        assert reason_for("supremacy", totals([[name, 1]]), SCENARIOS) == supremacy_reason(
            Resource.GOLD, [(name, 1)])
    assert reason_for("supremacy", totals([["Bob", 10000]]), SCENARIOS) is None


def test_a_list_as_long_as_the_limit_is_read_and_one_character_more_is_not() -> None:
    text = '[["Ann",3]' + " " * (MAX_ROWS_TEXT - 11) + "]"
    assert len(text) == MAX_ROWS_TEXT == 3542
    assert reason_for("supremacy", {"resource": "Gold", "totals": text},
                      SCENARIOS) == supremacy_reason(Resource.GOLD, [("Ann", 3)])
    longer = {"resource": "Gold", "totals": text[:-1] + " ]"}
    assert reason_for("supremacy", longer, SCENARIOS) is None


@pytest.mark.parametrize("text", ['[["\\ud800",2]]', '[["\ud800",2]]'])
def test_half_a_character_in_a_name_is_no_crash(text: str) -> None:
    """A link can hold any escape, and a caller's text half a character (a lone
    surrogate, which UTF-8 cannot encode): the name is read as it is."""
    reason = reason_for("supremacy", {"resource": "Gold", "totals": text}, SCENARIOS)
    assert reason == supremacy_reason(Resource.GOLD, [("\ud800", 2)])


def test_four_digit_numbers_are_read() -> None:
    assert reason_for("solo-rank", {"total": "1234", "face": "B"}, SCENARIOS) == (
        solo_rank_reason(1234, "B"))


def test_a_lost_scenario_s_medal() -> None:
    assert reason_for("solo-scenarios", medal_numbers(120, "base-1", False), SCENARIOS) == (
        medal_reason(120, BASE_1.thresholds, won=False))
    assert reason_for("solo-scenarios", medal_numbers(120, "base-1", True), SCENARIOS) == (
        medal_reason(120, BASE_1.thresholds, won=True))


def test_each_rule_reads_its_own_numbers() -> None:
    """Standings beside another rule's numbers (an address edited by hand) are not read."""
    standings = standings_numbers([("Ann", Standing(70, 9, 2)), ("Bob", Standing(68, 9, 2))])
    assert reason_for("solo-rank", {"total": "80", "face": "B"} | standings, SCENARIOS) == (
        solo_rank_reason(80, "B"))
    assert reason_for("score", standings, SCENARIOS) == victory_reason(
        [("Ann", Standing(70, 9, 2)), ("Bob", Standing(68, 9, 2))])


def test_a_card_number_without_the_cards_gives_the_rule_alone() -> None:
    assert reason_for("construction", {"card": "9"}, SCENARIOS) is None


@pytest.mark.parametrize(("topic", "numbers", "given"), [
    ("supremacy", {"resource": "Gold", "totals": "[]"}, True),
    ("supremacy", {"totals": "nonsense"}, True),
    ("supremacy", {"total": "5"}, False),
    ("krystallium", {"cubes": "3", "held": "1"}, True),
    ("solo-rank", {"face": "Z"}, True),
    ("solo-scenarios", {"total": "5", "scenario": "x", "won": "1"}, True),
    ("score", {"standings": "[]"}, True),
    ("construction", {"card": "x"}, True),
    ("construction", {}, False),
    ("draft", {"total": "5", "card": "9"}, False),
])
def test_whether_an_address_carries_numbers(topic: str, numbers: dict[str, str],
                                           given: bool) -> None:
    assert numbers_given(topic, numbers) is given
