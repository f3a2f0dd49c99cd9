"""Planning's moves, each with what the player is told: a card put under construction
or recycled (onto a card or the Empire), the card built by the last cube and its bonus,
and every refusal with its kind and whole sentence."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_states import (
    FINANCIAL_CENTER,
    GIANT_TOWER,
    MILITARY_BASE,
    NUCLEAR_PLANT,
    OCCULT_DISTRICT,
    SECRET_LABORATORY,
    TOWER_OF_BABEL,
    ZEPPELIN,
    E,
    G,
    M,
    planning,
    producing,
    refused,
    told,
)

from companion.rules.actions import Construct, Place, Recycle
from companion.rules.cards import Token
from companion.rules.construction import FreeSlots
from companion.rules.engine import apply, check_new_move
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import Ledger, Phase
from companion.shipped.catalog import Catalog


def test_a_card_goes_under_construction_with_the_next_number(cards: Catalog) -> None:
    state = planning(cards, ZEPPELIN)
    events = apply(state, Construct(FINANCIAL_CENTER), cards)
    assert told(events) == [("construct", "Financial Center is under construction",
                             {"card": "Financial Center", "uid": 2})]
    assert [(c.uid, c.card.name, c.contents) for c in state.under_construction] == [
        (1, "Zeppelin", {}), (2, "Financial Center", {})]
    assert (state.next_uid, state.drafted) == (3, 1)


RECYCLED: list[tuple[str, int, int | None, dict[str, Any], list[Any]]] = [
    ("to the Empire", FINANCIAL_CENTER, None, {},
     [("recycle", "Financial Center recycled for 1 Gold",
       {"card": "Financial Center", "amount": 1, "resource": "Gold"})]),
    ("the Empire's fifth cube", MILITARY_BASE, None, {"empire_cubes": 4},
     [("recycle", "Military Base recycled for 1 Materials",
       {"card": "Military Base", "amount": 1, "resource": "Materials"}),
      ("krystallium", "5 cubes on your Empire became 1 Krystallium",
       {"cubes": 5, "amount": 1, "left": 0, "held": 1})]),
    ("onto a card", NUCLEAR_PLANT, 1, {},
     [("recycle", "Nuclear Plant recycled for 1 Energy",
       {"card": "Nuclear Plant", "amount": 1, "resource": "Energy"})]),
]


@pytest.mark.parametrize(("card", "onto", "fields", "events"),
                         [case[1:] for case in RECYCLED], ids=[case[0] for case in RECYCLED])
def test_a_recycled_card_says_what_its_cube_became(
        cards: Catalog, card: int, onto: int | None, fields: dict[str, Any],
        events: list[Any]) -> None:
    state = planning(cards, ZEPPELIN, **fields)
    assert told(apply(state, Recycle(card, onto=onto), cards)) == events
    assert (state.drafted, state.ledger) == (1, Ledger(recycled=1, converted=5 * (
        len(events) - 1)))


def test_a_cube_recycled_onto_a_card_fills_one_slot_of_its_resource(cards: Catalog) -> None:
    state = planning(cards, ZEPPELIN)
    apply(state, Recycle(NUCLEAR_PLANT, onto=1), cards)
    assert (state.under_construction[0].contents, state.empire_cubes) == ({(E, E): 1}, 0)


def test_the_last_cube_recycled_onto_a_card_builds_it_and_pays_its_bonus(
        cards: Catalog) -> None:
    state = planning(cards, ZEPPELIN, FINANCIAL_CENTER, financiers=2)
    state.under_construction[1].fill(M, M, 4)
    events = apply(state, Recycle(NUCLEAR_PLANT, onto=2), cards)
    assert told(events) == [
        ("recycle", "Nuclear Plant recycled for 1 Energy",
         {"card": "Nuclear Plant", "amount": 1, "resource": "Energy"}),
        ("built", "Financial Center is built and joins your Empire",
         {"card": "Financial Center", "uid": 2}),
        ("bonus", "Financial Center gives 1 Financier",
         {"card": "Financial Center", "amount": 1, "token": "Financier"}),
    ]
    assert [c.name for c in state.built] == ["Financial Center"]
    assert [c.uid for c in state.under_construction] == [1]
    assert (state.financiers, state.ledger) == (3, Ledger(recycled=1, returned=5))


PLANNING_REFUSALS: list[tuple[str, Any, dict[str, Any], Refusal, str]] = [
    ("construct in production", Construct(ZEPPELIN), {"phase": Phase.PRODUCTION},
     Refusal.WRONG_PHASE, "Cards are put under construction during Planning, not during "
     "Production"),
    ("construct in the extra step", Construct(ZEPPELIN), {"phase": Phase.EXTRA},
     Refusal.WRONG_PHASE, "Cards are put under construction during Planning, not during the "
     "War or Peace step"),
    ("recycle in production", Recycle(ZEPPELIN), {"phase": Phase.PRODUCTION},
     Refusal.WRONG_PHASE, "Cards are recycled during Planning, not during Production"),
    ("construct a name", Construct("Zeppelin"), {}, Refusal.MALFORMED,  # type: ignore[arg-type]
     "A card is given by its number, not Zeppelin"),
    ("recycle True", Recycle(True), {}, Refusal.MALFORMED,
     "A card is given by its number, not True"),
    ("a Corruption & Ascension card", Construct(OCCULT_DISTRICT), {},
     Refusal.EXPANSION_MISSING,
     "Occult District belongs to the Corruption & Ascension expansion, which is not in this "
     "game"),
    ("a War or Peace card", Recycle(TOWER_OF_BABEL), {}, Refusal.EXPANSION_MISSING,
     "Tower of Babel belongs to the War or Peace expansion, which is not in this game"),
    ("onto no such card", Recycle(ZEPPELIN, onto=9), {}, Refusal.NOT_UNDER_CONSTRUCTION,
     "There is no card under construction numbered 9"),
    ("onto a card number as text", Recycle(ZEPPELIN, onto="1"), {},  # type: ignore[arg-type]
     Refusal.NOT_UNDER_CONSTRUCTION, "There is no card under construction numbered 1"),
    ("onto a card without that slot", Recycle(FINANCIAL_CENTER, onto=1), {},
     Refusal.WRONG_SLOT, "Zeppelin has no Gold slot; its free slots: 2 Energy"),
    ("onto a full slot", Recycle(NUCLEAR_PLANT, onto=2), {}, Refusal.SLOTS_FULL,
     "Financial Center has 0 free Energy slots, not 1; its free slots: 4 Materials"),
    ("onto a card with no such slot at all", Recycle(NUCLEAR_PLANT, onto=3), {},
     Refusal.WRONG_SLOT, "Giant Tower has no Energy slot; its free slots: 2 Materials, 3 Gold, "
     "1 Financier"),
]


@pytest.mark.parametrize(("action", "fields", "kind", "message"),
                         [case[1:] for case in PLANNING_REFUSALS],
                         ids=[case[0] for case in PLANNING_REFUSALS])
def test_a_planning_move_the_rules_refuse_says_why(
        cards: Catalog, action: Any, fields: dict[str, Any], kind: Refusal,
        message: str) -> None:
    state = planning(cards, ZEPPELIN, FINANCIAL_CENTER, GIANT_TOWER, **fields)
    if fields.get("phase") is Phase.PRODUCTION:
        state.step = M
    state.under_construction[1].fill(E, E, 1)  # Financial Center's one Energy slot
    assert refused(state, action, cards) == (kind, message)


def test_a_slot_refusal_lists_the_free_slots_as_a_parameter(cards: Catalog) -> None:
    """Each language words the list itself: it is given as slots, not as English."""
    state = planning(cards, FINANCIAL_CENTER)
    state.under_construction[0].fill(M, M, 3)
    with pytest.raises(Rejected) as refusal:
        apply(state, Recycle(ZEPPELIN, onto=1), cards)
    assert refusal.value.params == {
        "card": "Financial Center", "slot": "Exploration",
        "listing": FreeSlots(((M, 1), (E, 1)))}


def test_a_refusal_of_too_few_free_slots_gives_its_numbers(cards: Catalog) -> None:
    state = producing(cards, G, 4, GIANT_TOWER)
    state.under_construction[0].fill(G, G, 1)
    with pytest.raises(Rejected) as refusal:
        apply(state, Place(onto=1, count=3), cards)
    assert (refusal.value.kind, str(refusal.value), refusal.value.params) == (
        Refusal.SLOTS_FULL,
        "Giant Tower has 2 free Gold slots, not 3; its free slots: 2 Materials, 2 Gold, "
        "1 Financier",
        {"card": "Giant Tower", "free": 2, "slot": "Gold", "count": 3,
         "listing": FreeSlots(((M, 2), (G, 2), (Token.FINANCIER, 1)))})


# --- what a new move must also respect: the round's limit and the deck's copies --------

LIMITED: list[tuple[str, dict[str, Any], Any, str]] = [
    ("the eighth card at a table", {"mode": "table", "players": 3, "drafted": 7},
     Construct(ZEPPELIN),
     "Each player keeps 7 drafted cards a round: this would be card 8. Start production, "
     "or undo a card played by mistake."),
    ("the eighth card recycled at a table", {"mode": "table", "players": 3, "drafted": 7},
     Recycle(ZEPPELIN),
     "Each player keeps 7 drafted cards a round: this would be card 8. Start production, "
     "or undo a card played by mistake."),
    ("the eleventh card in solo", {"drafted": 10}, Recycle(ZEPPELIN),
     "A solo round plays at most 10 cards, two pools of 5: this would be card 11. Start "
     "production, or undo a card played by mistake."),
]


@pytest.mark.parametrize(("fields", "action", "message"), [case[1:] for case in LIMITED],
                         ids=[case[0] for case in LIMITED])
def test_a_new_card_past_the_rounds_limit_is_refused(
        cards: Catalog, fields: dict[str, Any], action: Any, message: str) -> None:
    state = planning(cards, **fields)
    with pytest.raises(Rejected) as refusal:
        check_new_move(state, action, cards)
    assert (refusal.value.kind, str(refusal.value)) == (Refusal.CARD_LIMIT, message)


def test_the_rounds_limit_is_planning_s_only(cards: Catalog) -> None:
    """Out of Planning a card is refused by its phase, never by a limit counted there."""
    state = producing(cards, M, 0, mode="table", players=3, drafted=7)
    check_new_move(state, Construct(ZEPPELIN), cards)
    check_new_move(state, Recycle(ZEPPELIN), cards)


@pytest.mark.parametrize(("built", "under_construction"), [
    ((SECRET_LABORATORY, SECRET_LABORATORY), ()),
    ((), (SECRET_LABORATORY, SECRET_LABORATORY)),
    ((SECRET_LABORATORY,), (SECRET_LABORATORY, ZEPPELIN)),
])
def test_a_card_whose_copies_are_all_in_the_empire_cannot_be_constructed(
        cards: Catalog, built: tuple[int, ...], under_construction: tuple[int, ...]) -> None:
    state = planning(cards, *under_construction,
                     built=[cards.card(n) for n in (ZEPPELIN, *built)])
    with pytest.raises(Rejected) as refusal:
        check_new_move(state, Construct(SECRET_LABORATORY), cards)
    assert (refusal.value.kind, str(refusal.value)) == (
        Refusal.NO_COPY_LEFT,
        "The deck has 2 copies of Secret Laboratory, all already in your Empire or under "
        "construction")


@pytest.mark.parametrize(("built", "under_construction", "action"), [
    ((SECRET_LABORATORY, ZEPPELIN, ZEPPELIN), (ZEPPELIN,), Construct(SECRET_LABORATORY)),
    ((ZEPPELIN,), (SECRET_LABORATORY, ZEPPELIN, ZEPPELIN), Construct(SECRET_LABORATORY)),
    ((SECRET_LABORATORY,), (SECRET_LABORATORY,), Recycle(SECRET_LABORATORY)),
])
def test_a_copy_left_in_the_deck_may_be_played(
        cards: Catalog, built: tuple[int, ...], under_construction: tuple[int, ...],
        action: Any) -> None:
    state = planning(cards, *under_construction, built=[cards.card(n) for n in built])
    check_new_move(state, action, cards)


def test_the_deck_s_copies_are_counted_only_in_planning(cards: Catalog) -> None:
    state = producing(cards, M, 0, SECRET_LABORATORY, SECRET_LABORATORY)
    check_new_move(state, Construct(SECRET_LABORATORY), cards)


@pytest.mark.parametrize("action", [
    Construct(SECRET_LABORATORY), Recycle(SECRET_LABORATORY),
    Recycle(NUCLEAR_PLANT, onto=1)], ids=["constructed", "recycled", "recycled onto a card"])
def test_each_card_played_adds_to_the_rounds_count_and_the_ledger(
        cards: Catalog, action: Any) -> None:
    """The round's limit and the cubes' conservation read totals, not the last card."""
    state = planning(cards, ZEPPELIN, drafted=3, ledger=Ledger(recycled=2, produced=4))
    apply(state, action, cards)
    recycled = 2 if isinstance(action, Construct) else 3
    assert (state.drafted, state.ledger) == (4, Ledger(recycled=recycled, produced=4))
