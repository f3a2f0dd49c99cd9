"""The numbers a "?" carries to a rule's page: turned back into the rules' reason, and
anything that makes no sense (typed by hand, a hostile link) gives the rule alone."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.actions import Construct, NextStep, Place, Start
from companion.rules.cards import CardType, Resource, Token
from companion.rules.game import Game
from companion.rules.scenarios import Scenario, Thresholds
from companion.rules.scoring import Standing
from companion.shipped.catalog import Catalog
from companion.usecases.why import (
    completion_numbers,
    counts_in_game,
    krystallium_numbers,
    medal_numbers,
    rank_numbers,
    reason_for,
    standings_numbers,
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
    assert english("krystallium", krystallium_numbers(9, 2)) == (
        "9 cubes were on your Empire card: every 5 become 1 Krystallium at once, so 5 became"
        " 1 Krystallium and 4 stay there for the next one. You hold 2 Krystallium.")
    assert english("score", standings_numbers([("Ann", Standing(70, 9, 2)),
                                               ("Bob", Standing(70, 10, 0))])) == (
        "Ann, Bob tie on 70 points; Bob has the most built cards (10) and wins.")


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
    # A number in a "?" address has at most 4 digits (9999 is the largest any reason
    # needs): a fifth digit is refused, even a leading zero.
    ("solo-rank", {"total": "10000", "face": "A"}),
    ("solo-rank", {"total": "00080", "face": "B"}),
    ("krystallium", {"cubes": "00009", "held": "2"}),
    ("solo-scenarios", {"total": "90", "scenario": "nope", "won": "1"}),
    ("solo-scenarios", {"total": "90", "scenario": "base-1", "won": "maybe"}),
    ("krystallium", {"cubes": "five", "held": "0"}),
    ("krystallium", {"cubes": "3"}),  # a link from before the Krystallium held was sent
    ("score", {"standings": '[["Ann", 70, 9, 2]]'}),
    ("score", {"standings": '[["Ann", 70, 9, 2], ["Bob", 70, 9]]'}),
    ("score", {"standings": '[["Ann", 70, 9, 2], ["Bob", 70, -1, 0]]'}),
    ("score", {"standings": '[["Ann", 70, 9, 2], ["", 70, 1, 0]]'}),
    ("score", {"standings": '[["Ann", 70, 9, 2], ["Bob", 70, 1, 0.5]]'}),
    ("score", {"standings": "{}"}),
    ("draft", {"total": "5"}),
])
def test_nonsense_gives_the_rule_alone(topic: str, numbers: dict[str, str]) -> None:
    assert reason_for(topic, numbers, SCENARIOS) is None


def test_a_built_cards_number_comes_back_as_its_completion(cards: Catalog) -> None:
    base = cards.card("Military Base")
    reason = reason_for("construction", completion_numbers(base.id), SCENARIOS, cards)
    assert reason is not None and reason.params["card"] == "Military Base"
    assert reason.params["bonus"] == ((1, Token.GENERAL),)


@pytest.mark.parametrize("numbers", [
    {}, {"card": "x"}, {"card": "-3"}, {"card": "99999"}, {"card": "9999"}, {"card": "٣"},
])
def test_a_card_that_does_not_exist_gives_the_rule_alone(cards: Catalog,
                                                          numbers: dict[str, str]) -> None:
    assert reason_for("construction", numbers, SCENARIOS, cards) is None


class _Games:
    def __init__(self, records: dict[str, dict[str, Any]]) -> None:
        self.records = records

    def game(self, game_id: str) -> dict[str, Any] | None:
        return self.records.get(game_id)


def test_a_games_counts_are_its_built_cards_and_tokens(cards: Catalog) -> None:
    # Panafrican Union face A produces 2 Materials: both go on Wind Turbines (M2), which
    # is built; Industrial Complex (Fin1 bonus) stays under construction.
    game = Game.new(Start(empire="Panafrican Union", face="A"), cards)
    game.play(Construct(cards.card("Wind Turbines").id))
    game.play(Construct(cards.card("Industrial Complex").id))
    game.play(NextStep())
    game.play(Place(onto=1, count=2))
    state = game.state
    assert [card.name for card in state.built] == ["Wind Turbines"]
    counts = counts_in_game(_Games({"g1": game.to_json()}), cards, "g1")
    assert counts is not None
    assert counts[CardType.STRUCTURE] == 1 and counts[Token.FINANCIER] == 0
    assert counts[Token.GENERAL] == state.generals
    assert counts[Token.FINANCIER] == state.financiers
    for card_type in CardType:
        assert counts.get(card_type, 0) == sum(1 for card in state.built
                                               if card.type is card_type)


@pytest.mark.parametrize("records", [{}, {"g1": {"actions": "nope"}},
                                     {"g1": {"actions": [{"type": "fly"}]}}])
def test_a_game_that_cannot_be_read_counts_nothing(cards: Catalog,
                                                   records: dict[str, Any]) -> None:
    assert counts_in_game(_Games(records), cards, "g1") is None


def test_a_game_id_of_the_longest_length_is_read_and_a_longer_one_is_not(
        cards: Catalog) -> None:
    # Store ids are at most 100 characters: exactly 100 is a game, 101 is refused
    # before the store is asked.
    game = Game.new(Start(empire="Panafrican Union", face="A"), cards).to_json()
    longest, longer = "g" * 100, "g" * 101
    games = _Games({longest: game, longer: game})
    assert counts_in_game(games, cards, longest) == {
        **dict.fromkeys(CardType, 0), Token.GENERAL: 0, Token.FINANCIER: 0}
    assert counts_in_game(games, cards, longer) is None
