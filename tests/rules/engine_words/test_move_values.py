"""The values a move is made of: an action as JSON and back, an action checked field by
field, a refusal's message from its template, and what a card under construction holds
(its free slots as the refusals list them)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_states import GIANT_TOWER, JUGGERNAUT, E, G, M, X

from companion.rules.actions import (
    NextStep,
    Place,
    SpendKrystallium,
    Start,
    Together,
    action_to_json,
    actions_from_json,
    checked,
)
from companion.rules.cards import Token
from companion.rules.construction import FreeSlots, UnderConstruction
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import Catalog

K, FIN = Token.KRYSTALLIUM, Token.FINANCIER


def test_an_action_is_saved_as_plain_json_values() -> None:
    assert action_to_json(Together((Place(onto=2, count=3), Place()))) == {
        "type": "together",
        "parts": [{"type": "place", "onto": 2, "count": 3},
                  {"type": "place", "onto": None, "count": 1}]}
    assert action_to_json(Start(empire="Noram States", face="B", scenario="1",
                                required=(18, 1))) == {
        "type": "start", "empire": "Noram States", "face": "B", "mode": "solo", "players": 1,
        "scenario": "1", "required": [18, 1], "expansions": ["base"], "variant_faces": False}


def test_saved_actions_read_back_as_the_actions_played() -> None:
    assert actions_from_json([{"type": "next"}, {"type": "place", "count": 2},
                              {"type": "krystallium", "onto": 1, "slot": "E"}]) == [
        NextStep(), Place(count=2), SpendKrystallium(onto=1, slot="E")]


def test_a_saved_action_of_the_wrong_type_names_its_field() -> None:
    with pytest.raises(msgspec.ValidationError) as refusal:
        actions_from_json([{"type": "next"}, {"type": "place", "count": "2"}])
    assert str(refusal.value) == "Expected `int`, got `str` - at `$[1].count`"


@pytest.mark.parametrize("action", [
    Place(onto=1, count=2), Together((Place(),)), Start(empire="Noram States")])
def test_an_action_of_the_right_types_is_checked_as_itself(action: Any) -> None:
    assert checked(action) == action


def test_a_checked_action_holds_the_declared_types() -> None:
    """A list given by Python code comes back as the tuple a reloaded game holds."""
    valid = checked(Start(empire="Noram States", required=[18, 1]))  # type: ignore[arg-type]
    assert isinstance(valid, Start)
    assert valid.required == (18, 1)


@pytest.mark.parametrize(("action", "message"), [
    ("place", "'place' is not a game action"),
    (None, "None is not a game action"),
    (Place(count="2"), "Expected `int`, got `str` - at `$.count`"),  # type: ignore[arg-type]
    (Place(count=True), "Expected `int`, got `bool` - at `$.count`"),
    (Place(onto=object()), "Encoding objects of type object is unsupported"),  # type: ignore[arg-type]
])
def test_an_action_of_the_wrong_types_is_refused_naming_the_field(
        action: Any, message: str) -> None:
    with pytest.raises(ValueError) as refusal:
        checked(action)
    assert str(refusal.value) == message


@pytest.mark.parametrize(("template", "params", "message"), [
    ("You hold {held} Krystallium, not {count}", {"held": 1, "count": 2},
     "You hold 1 Krystallium, not 2"),
    ("The game has already started", {}, "The game has already started"),
    ("Type {name} to confirm", {}, "Type {name} to confirm"),  # no parameters: as written
])
def test_a_refusal_reads_its_template_filled_with_its_parameters(
        template: str, params: dict[str, Any], message: str) -> None:
    error = Rejected(Refusal.NOT_HELD, template, **params)
    assert (error.kind, error.template, error.params) == (Refusal.NOT_HELD, template, params)
    assert (str(error), error.message, error.args) == (message, message, (message,))


@pytest.mark.parametrize(("slots", "listing"), [
    ((), "none"),
    (((M, 1),), "1 Materials"),
    (((M, 2), (G, 3), (FIN, 1)), "2 Materials, 3 Gold, 1 Financier"),
])
def test_free_slots_are_listed_in_the_cards_order(slots: Any, listing: str) -> None:
    assert str(FreeSlots(slots)) == listing


def test_a_card_under_construction_counts_its_slots_by_kind_and_filler(
        cards: Catalog) -> None:
    juggernaut = UnderConstruction(4, cards.card(JUGGERNAUT))  # M3 E3 K1
    juggernaut.fill(M, M, 1)
    juggernaut.fill(M, K, 1)
    juggernaut.fill(M, M, 1)
    assert juggernaut.contents == {(M, M): 2, (M, K): 1}
    assert (juggernaut.filled(M), juggernaut.free(M), juggernaut.filled(K), juggernaut.free(K),
            juggernaut.free(X)) == (3, 0, 0, 1, 0)
    assert list(juggernaut.free_slots().items()) == [(E, 3), (K, 1)]
    assert (juggernaut.cubes(), juggernaut.tokens(K), juggernaut.tokens(FIN)) == (2, 1, 0)
    assert (juggernaut.slots_total, juggernaut.slots_filled, juggernaut.complete) == (
        7, 3, False)


def test_a_card_under_construction_is_complete_when_no_slot_is_free(cards: Catalog) -> None:
    tower = UnderConstruction(2, cards.card(GIANT_TOWER))  # M2 G3 Fin1
    tower.fill(M, M, 2)
    tower.fill(G, K, 3)
    assert (tower.free_slots(), tower.complete) == ({FIN: 1}, False)
    tower.fill(FIN, FIN, 1)
    assert (tower.free_slots(), tower.complete, tower.slots_filled) == ({}, True, 6)
    assert (tower.cubes(), tower.tokens(K), tower.tokens(FIN)) == (2, 3, 1)


def test_a_copy_of_a_card_under_construction_is_filled_apart(cards: Catalog) -> None:
    tower = UnderConstruction(2, cards.card(GIANT_TOWER))
    tower.fill(M, M, 1)
    copy = tower.copy()
    assert copy == tower
    copy.fill(M, M, 1)
    assert (tower.contents, copy.contents, copy.uid, copy.card) == (
        {(M, M): 1}, {(M, M): 2}, 2, tower.card)
