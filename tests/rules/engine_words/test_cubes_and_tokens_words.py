"""Cubes, Krystallium and characters put on cards, and a card given up: each move with
what the player is told, and each refusal with its kind and whole sentence."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_states import (
    CENTER_OF_THE_EARTH,
    FINANCIAL_CENTER,
    GIANT_TOWER,
    JUGGERNAUT,
    MILITARY_BASE,
    SECRET_LABORATORY,
    ZEPPELIN,
    E,
    G,
    M,
    S,
    X,
    planning,
    producing,
    refused,
    told,
)

from companion.rules.actions import Discard, Place, PlaceCharacter, SpendKrystallium, Together
from companion.rules.cards import Token
from companion.rules.engine import apply
from companion.rules.errors import Refusal
from companion.rules.state import Ledger, Phase
from companion.shipped.catalog import Catalog

K, FIN, GEN = Token.KRYSTALLIUM, Token.FINANCIER, Token.GENERAL

PLACED: list[tuple[str, Any, int, dict[str, Any], list[Any], int, int]] = [
    # (case, move, cubes to place, state, events, Empire cubes after, Krystallium after)
    ("all on the Empire", Place(count=3), 3, {}, [], 3, 0),
    ("some on the Empire", Place(count=2), 5, {}, [], 2, 0),
    ("the Empire's fifth", Place(), 1, {"empire_cubes": 4, "krystallium": 2},
     [("krystallium", "5 cubes on your Empire became 1 Krystallium",
       {"cubes": 5, "amount": 1, "left": 0, "held": 3})], 0, 3),
    ("past the tenth", Place(count=9), 9, {"empire_cubes": 3},
     [("krystallium", "10 cubes on your Empire became 2 Krystallium",
       {"cubes": 10, "amount": 2, "left": 2, "held": 2})], 2, 2),
    ("the most a move places", Place(count=100), 100, {},
     [("krystallium", "100 cubes on your Empire became 20 Krystallium",
       {"cubes": 100, "amount": 20, "left": 0, "held": 20})], 0, 20),
]


@pytest.mark.parametrize(("action", "to_place", "fields", "events", "cubes", "krystallium"),
                         [case[1:] for case in PLACED], ids=[case[0] for case in PLACED])
def test_cubes_placed_on_the_empire_turn_into_krystallium_five_at_a_time(
        cards: Catalog, action: Place, to_place: int, fields: dict[str, Any],
        events: list[Any], cubes: int, krystallium: int) -> None:
    state = producing(cards, E, to_place, **fields)
    assert told(apply(state, action, cards)) == events
    assert (state.empire_cubes, state.krystallium) == (cubes, krystallium)
    assert (state.to_place, state.produced) == (to_place - action.count, to_place)
    assert (state.ledger.produced, state.ledger.converted) == (
        action.count, 5 * (krystallium - fields.get("krystallium", 0)))


def test_cubes_placed_on_a_card_fill_its_slots_of_this_step(cards: Catalog) -> None:
    state = producing(cards, M, 3, ZEPPELIN, FINANCIAL_CENTER)
    assert apply(state, Place(onto=2, count=2), cards) == []
    assert (state.under_construction[1].contents, state.to_place, state.empire_cubes) == (
        {(M, M): 2}, 1, 0)
    assert state.ledger == Ledger(produced=2)


def test_the_cube_that_fills_a_card_builds_it(cards: Catalog) -> None:
    state = producing(cards, E, 3, FINANCIAL_CENTER, ZEPPELIN)
    state.under_construction[1].fill(E, K, 1)  # a Krystallium is no cube: it is not returned
    assert told(apply(state, Place(onto=2), cards)) == [
        ("built", "Zeppelin is built and joins your Empire", {"card": "Zeppelin", "uid": 2})]
    assert ([c.name for c in state.built], [c.uid for c in state.under_construction]) == (
        ["Zeppelin"], [1])
    assert (state.to_place, state.ledger) == (2, Ledger(produced=1, returned=1))


PRODUCTION_REFUSALS: list[tuple[str, Any, dict[str, Any], Refusal, str]] = [
    ("placed in Planning", Place(), {"phase": Phase.PLANNING, "step": None},
     Refusal.WRONG_PHASE, "Cubes are placed during a production step, not during Planning"),
    ("placed in the extra step", Place(), {"phase": Phase.EXTRA, "step": None},
     Refusal.WRONG_PHASE,
     "Cubes are placed during a production step, not during the War or Peace step"),
    ("no cube", Place(count=0), {}, Refusal.BAD_NUMBER,
     "The count must be a whole number of at least 1, not 0"),
    ("fewer than none", Place(count=-2), {}, Refusal.BAD_NUMBER,
     "The count must be a whole number of at least 1, not -2"),
    ("True cubes", Place(count=True), {}, Refusal.BAD_NUMBER,
     "The count must be a whole number of at least 1, not True"),
    ("cubes as text", Place(count="2"), {}, Refusal.BAD_NUMBER,  # type: ignore[arg-type]
     "The count must be a whole number of at least 1, not 2"),
    ("more than a move places", Place(count=101), {"to_place": 200}, Refusal.BAD_NUMBER,
     "101 is more than any card holds"),
    ("one more than left", Place(count=2), {"to_place": 1}, Refusal.NOT_HELD,
     "Only 1 Energy cube is left to place, not 2"),
    ("more than left", Place(count=5), {"to_place": 4}, Refusal.NOT_HELD,
     "Only 4 Energy cubes are left to place, not 5"),
    ("none left", Place(), {"to_place": 0}, Refusal.NOT_HELD,
     "Only 0 Energy cubes are left to place, not 1"),
    ("onto no such card", Place(onto=7), {}, Refusal.NOT_UNDER_CONSTRUCTION,
     "There is no card under construction numbered 7"),
    ("onto a card numbered 1.0", Place(onto=1.0), {},  # type: ignore[arg-type]
     Refusal.NOT_UNDER_CONSTRUCTION, "There is no card under construction numbered 1.0"),
    ("onto a card without the slot", Place(onto=3), {}, Refusal.WRONG_SLOT,
     "Giant Tower has no Energy slot; its free slots: 2 Materials, 3 Gold, 1 Financier"),
    ("more than the card's free slots", Place(onto=1, count=2), {}, Refusal.SLOTS_FULL,
     "Financial Center has 1 free Energy slot, not 2; its free slots: 4 Materials, 1 Energy"),
    ("onto a full slot", Place(onto=2), {}, Refusal.SLOTS_FULL,
     "Financial Center has 0 free Energy slots, not 1; its free slots: 4 Materials"),
]


@pytest.mark.parametrize(("action", "fields", "kind", "message"),
                         [case[1:] for case in PRODUCTION_REFUSALS],
                         ids=[case[0] for case in PRODUCTION_REFUSALS])
def test_cubes_the_rules_refuse_to_place_say_why(
        cards: Catalog, action: Any, fields: dict[str, Any], kind: Refusal,
        message: str) -> None:
    state = producing(cards, E, 3, FINANCIAL_CENTER, FINANCIAL_CENTER, GIANT_TOWER)
    state.under_construction[1].fill(E, E, 1)
    for name, value in fields.items():
        setattr(state, name, value)
    assert refused(state, action, cards) == (kind, message)


KRYSTALLIUM_SPENT: list[tuple[str, Any, int, list[Any], dict[Any, int], int]] = [
    # (case, move, Krystallium held, events, contents of Juggernaut after, held after)
    ("on a resource slot", SpendKrystallium(onto=1, slot="E", count=2), 2, [],
     {(M, M): 3, (E, E): 1, (E, K): 2}, 0),
    ("on its own slot", SpendKrystallium(onto=1, slot="K"), 3, [],
     {(M, M): 3, (E, E): 1, (K, K): 1}, 2),
    ("the last slot", SpendKrystallium(onto=1, slot="E", count=2), 5,
     [("built", "Juggernaut is built and joins your Empire", {"card": "Juggernaut", "uid": 1}),
      ("bonus", "Juggernaut gives 2 General",
       {"card": "Juggernaut", "amount": 2, "token": "General"})], {}, 3),
]


@pytest.mark.parametrize(("action", "held", "events", "contents", "left"),
                         [case[1:] for case in KRYSTALLIUM_SPENT],
                         ids=[case[0] for case in KRYSTALLIUM_SPENT])
def test_krystallium_stands_in_for_any_resource(
        cards: Catalog, action: SpendKrystallium, held: int, events: list[Any],
        contents: dict[Any, int], left: int) -> None:
    state = planning(cards, JUGGERNAUT, krystallium=held, generals=1)
    state.under_construction[0].fill(M, M, 3)
    state.under_construction[0].fill(E, E, 1)
    if events:
        state.under_construction[0].fill(K, K, 1)
    assert told(apply(state, action, cards)) == events
    assert state.krystallium == left
    if events:
        assert ([c.name for c in state.built], state.under_construction, state.generals) == (
            ["Juggernaut"], [], 3)
        assert state.ledger == Ledger(returned=4)  # the cubes, never the Krystallium
    else:
        assert state.under_construction[0].contents == contents


def test_a_financier_fills_its_slot_and_leaves_the_players_hand(cards: Catalog) -> None:
    state = planning(cards, GIANT_TOWER, financiers=3)
    assert apply(state, PlaceCharacter(onto=1, token="Fin"), cards) == []
    assert (state.under_construction[0].contents, state.financiers) == ({(FIN, FIN): 1}, 2)


def test_a_general_that_fills_the_last_slot_builds_the_card(cards: Catalog) -> None:
    state = producing(cards, S, 0, ZEPPELIN, CENTER_OF_THE_EARTH, generals=2)
    state.under_construction[1].fill(X, X, 5)
    assert told(apply(state, PlaceCharacter(onto=2, token="Gen", count=2), cards)) == [
        ("built", "Center of the Earth is built and joins your Empire",
         {"card": "Center of the Earth", "uid": 2})]
    assert (state.generals, [c.uid for c in state.under_construction]) == (0, [1])
    assert state.ledger == Ledger(returned=5)  # the cubes, never the characters


TOKEN_REFUSALS: list[tuple[str, Any, Refusal, str]] = [
    ("Krystallium on no slot", SpendKrystallium(onto=1, slot="Q"), Refusal.NOT_AN_OPTION,
     "'Q' is not a slot: use M, E, S, G, X or K"),
    ("Krystallium on a slot given by number", SpendKrystallium(onto=1, slot=5),  # type: ignore[arg-type]
     Refusal.NOT_AN_OPTION, "'5' is not a slot: use M, E, S, G, X or K"),
    ("Krystallium for a Financier", SpendKrystallium(onto=1, slot="Fin"), Refusal.WRONG_SLOT,
     "Krystallium can never replace a Financier"),
    ("Krystallium for a General", SpendKrystallium(onto=1, slot="Gen"), Refusal.WRONG_SLOT,
     "Krystallium can never replace a General"),
    ("more Krystallium than held", SpendKrystallium(onto=1, slot="M", count=3),
     Refusal.NOT_HELD, "You hold 2 Krystallium, not 3"),
    ("no Krystallium", SpendKrystallium(onto=1, slot="M", count=0), Refusal.BAD_NUMBER,
     "The count must be a whole number of at least 1, not 0"),
    ("Krystallium onto no card", SpendKrystallium(onto=4, slot="M"),
     Refusal.NOT_UNDER_CONSTRUCTION, "There is no card under construction numbered 4"),
    ("Krystallium on a missing slot", SpendKrystallium(onto=1, slot="S"), Refusal.WRONG_SLOT,
     "Giant Tower has no Science slot; its free slots: 1 Materials, 3 Gold, 1 Financier"),
    ("Krystallium past the free slots", SpendKrystallium(onto=1, slot="M", count=2),
     Refusal.SLOTS_FULL,
     "Giant Tower has 1 free Materials slot, not 2; its free slots: 1 Materials, 3 Gold, "
     "1 Financier"),
    ("no such character", PlaceCharacter(onto=1, token="K"),  # type: ignore[arg-type]
     Refusal.NOT_AN_OPTION, "'K' is not a character: use Fin or Gen"),
    ("more Financiers than held", PlaceCharacter(onto=1, token="Fin", count=2),
     Refusal.NOT_HELD, "You hold 1 Financier token, not 2"),
    ("a General not held", PlaceCharacter(onto=9, token="Gen"), Refusal.NOT_HELD,
     "You hold 0 General tokens, not 1"),
    ("no Financier", PlaceCharacter(onto=1, token="Fin", count=0), Refusal.BAD_NUMBER,
     "The count must be a whole number of at least 1, not 0"),
    ("a Financier onto no card", PlaceCharacter(onto=9, token="Fin"),
     Refusal.NOT_UNDER_CONSTRUCTION, "There is no card under construction numbered 9"),
    ("a Financier where none goes", PlaceCharacter(onto=2, token="Fin"), Refusal.WRONG_SLOT,
     "Zeppelin has no Financier slot; its free slots: 2 Energy"),
]


@pytest.mark.parametrize(("action", "kind", "message"), [case[1:] for case in TOKEN_REFUSALS],
                         ids=[case[0] for case in TOKEN_REFUSALS])
def test_krystallium_and_characters_the_rules_refuse_say_why(
        cards: Catalog, action: Any, kind: Refusal, message: str) -> None:
    state = producing(cards, E, 1, GIANT_TOWER, ZEPPELIN, krystallium=2, financiers=1)
    state.under_construction[0].fill(M, M, 1)
    assert refused(state, action, cards) == (kind, message)


def test_more_financiers_than_free_slots_are_refused(cards: Catalog) -> None:
    state = planning(cards, GIANT_TOWER, financiers=2)
    assert refused(state, PlaceCharacter(onto=1, token="Fin", count=2), cards) == (
        Refusal.SLOTS_FULL,
        "Giant Tower has 1 free Financier slot, not 2; its free slots: 2 Materials, 3 Gold, "
        "1 Financier")


DISCARDED: list[tuple[str, dict[str, Any], list[Any], int, int]] = [
    # (case, state, events, Empire cubes after, Krystallium after)
    ("a card", {}, [], 1, 0),
    ("its cube the Empire's fifth", {"empire_cubes": 4, "krystallium": 1},
     [("krystallium", "5 cubes on your Empire became 1 Krystallium",
       {"cubes": 5, "amount": 1, "left": 0, "held": 2})], 0, 2),
]


@pytest.mark.parametrize(("fields", "more", "cubes", "krystallium"),
                         [case[1:] for case in DISCARDED], ids=[case[0] for case in DISCARDED])
@pytest.mark.parametrize("phase", [Phase.PLANNING, Phase.PRODUCTION])
def test_a_card_given_up_sends_its_recycling_cube_to_the_empire(
        cards: Catalog, fields: dict[str, Any], more: list[Any], cubes: int, krystallium: int,
        phase: Phase) -> None:
    state = planning(cards, ZEPPELIN, GIANT_TOWER, phase=phase, **fields)
    state.under_construction[1].fill(M, M, 2)
    state.under_construction[1].fill(G, K, 1)  # Krystallium is no cube: not counted lost
    events = apply(state, Discard(2), cards)
    assert told(events) == [
        ("discard", "Giant Tower discarded: 1 Gold goes to your Empire",
         {"card": "Giant Tower", "amount": 1, "resource": "Gold", "uid": 2}), *more]
    assert [c.uid for c in state.under_construction] == [1]
    assert (state.empire_cubes, state.krystallium, state.built) == (cubes, krystallium, [])
    assert state.ledger == Ledger(recycled=1, lost=2, converted=5 * len(more))


@pytest.mark.parametrize(("uid", "said"), [(2, "2"), (1.0, "1.0"), ("1", "1")])
def test_only_a_card_under_construction_can_be_given_up(
        cards: Catalog, uid: Any, said: str) -> None:
    """A card is named by its whole number: 1.0 or "1" names none, though 1.0 == 1."""
    state = planning(cards, ZEPPELIN)
    assert refused(state, Discard(uid), cards) == (
        Refusal.NOT_UNDER_CONSTRUCTION, f"There is no card under construction numbered {said}")


BONUSES: list[tuple[int, Any, dict[Any, int], str, str, tuple[int, int, int]]] = [
    # (card, its last slot's step, slots filled before, card name, bonus said,
    #  Financiers, Generals, Krystallium after: each was 1)
    (FINANCIAL_CENTER, E, {M: 4}, "Financial Center", "1 Financier", (2, 1, 1)),
    (MILITARY_BASE, E, {M: 3}, "Military Base", "1 General", (1, 2, 1)),
    (SECRET_LABORATORY, G, {M: 2, G: 2}, "Secret Laboratory", "1 Krystallium", (1, 1, 2)),
]


@pytest.mark.parametrize(("card", "step", "filled", "name", "bonus", "held"), BONUSES,
                         ids=[case[3] for case in BONUSES])
def test_a_card_built_pays_its_construction_bonus_at_once(
        cards: Catalog, card: int, step: Any, filled: dict[Any, int], name: str, bonus: str,
        held: tuple[int, int, int]) -> None:
    state = producing(cards, step, 1, card, financiers=1, generals=1, krystallium=1)
    for slot, count in filled.items():
        state.under_construction[0].fill(slot, slot, count)
    amount, token = bonus.split(" ")
    assert told(apply(state, Place(onto=1), cards)) == [
        ("built", f"{name} is built and joins your Empire", {"card": name, "uid": 1}),
        ("bonus", f"{name} gives {bonus}", {"card": name, "amount": int(amount),
                                           "token": token})]
    assert (state.financiers, state.generals, state.krystallium) == held


def test_the_ledger_adds_each_move_to_what_it_counted_before(cards: Catalog) -> None:
    """The conservation check reads totals over the whole game, never the last move's."""
    before = Ledger(produced=9, recycled=2, returned=3, lost=1, converted=5)
    state = producing(cards, E, 4, ZEPPELIN, ZEPPELIN, empire_cubes=3, ledger=before.copy())
    state.under_construction[0].fill(E, E, 1)
    apply(state, Together((Place(onto=1), Place(count=2), Place(onto=2))), cards)
    apply(state, Discard(2), cards)
    assert state.ledger == Ledger(produced=13, recycled=3, returned=5, lost=2, converted=10)
