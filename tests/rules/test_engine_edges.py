"""Rules the rest of the suite did not pin down: each test fails if its rule is weakened
(the War or Peace step's characters, Krystallium from many cubes at once, no End that
skips the War or Peace step, no more copies than the deck holds)."""

from __future__ import annotations

import pytest
from games import construct, finish_step, new, refused_as, rejected, to_step

from companion.rules.actions import Construct, End, NextStep, Place, Recycle, Start
from companion.rules.cards import Resource
from companion.rules.engine import apply, start_state
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.state import Phase
from companion.shipped.catalog import Catalog

M, E, S, G, X = Resource
FINANCIAL_CENTER = 1  # recycles Gold
ZEPPELIN = "Zeppelin"  # recycles Exploration


def test_the_war_or_peace_step_gives_financiers_and_generals(cards: Catalog) -> None:
    game = new(cards, expansions=("wop",))
    pax, headquarters = construct(game, cards, "PAX-10", "Headquarters")  # Fin2, Gen2
    for _ in range(4):  # PAX-10 costs G4
        game.play(Recycle(FINANCIAL_CENTER, onto=pax))
    for _ in range(3):  # Headquarters costs G3 X1
        game.play(Recycle(FINANCIAL_CENTER, onto=headquarters))
    game.play(Recycle(cards.card(ZEPPELIN).id, onto=headquarters))
    assert sorted(c.name for c in game.state.built) == ["Headquarters", "PAX-10"]
    to_step(game, X)
    if game.state.to_place:
        game.play(Place(count=game.state.to_place))
    before = (game.state.financiers, game.state.generals, game.state.krystallium)
    game.play(NextStep())
    assert game.state.phase is Phase.EXTRA
    assert (game.state.financiers, game.state.generals, game.state.krystallium) == (
        before[0] + 2, before[1] + 2, before[2])


@pytest.mark.parametrize(("on_empire", "placed", "krystallium", "left"), [
    (0, 10, 2, 0),  # ten cubes at once: two Krystallium
    (4, 6, 2, 0),
    (3, 11, 2, 4),
    (0, 4, 0, 4),
])
def test_every_five_cubes_on_the_empire_make_one_krystallium(
        cards: Catalog, on_empire: int, placed: int, krystallium: int, left: int) -> None:
    state, _ = start_state(Start(empire="Noram States", face="B"), cards)
    state.phase, state.step = Phase.PRODUCTION, M
    state.produced = state.to_place = placed
    state.empire_cubes = on_empire
    events = apply(state, Place(count=placed), cards)
    assert (state.krystallium, state.empire_cubes) == (krystallium, left)
    told = [str(e) for e in events if e.kind == "krystallium"]
    if krystallium:  # the sentence counts the cubes that really became Krystallium
        assert told == [f"{5 * krystallium} cubes on your Empire became {krystallium} "
                        "Krystallium"]
    else:
        assert told == []


def test_the_game_cannot_end_before_the_last_war_or_peace_step(cards: Catalog) -> None:
    game = new(cards, expansions=("wop",))
    (babel,) = construct(game, cards, "Tower of Babel")  # X5, K2 per round
    for _ in range(5):
        game.play(Recycle(cards.card(ZEPPELIN).id, onto=babel))
    while game.state.round < 4 or game.state.step is not X:
        finish_step(game)
    if game.state.to_place:
        game.play(Place(count=game.state.to_place))
    rejected(game, End(), Refusal.STEP_UNFINISHED)
    game.play(NextStep())
    assert game.state.phase is Phase.EXTRA
    game.play(End())
    assert game.state.finished


def test_an_empire_never_holds_more_copies_than_the_deck(cards: Catalog) -> None:
    carrier = cards.card("Aircraft Carrier")
    assert carrier.copies == 1
    game = new(cards)
    construct(game, cards, "Aircraft Carrier")
    rejected(game, Construct(carrier.id), Refusal.NO_COPY_LEFT, copies=1,
             card="Aircraft Carrier")


def test_a_scenario_leaves_room_for_the_fourth_icebreaker_only(cards: Catalog) -> None:
    icebreaker = cards.card("Icebreaker")
    assert icebreaker.copies == 4
    game = Game.new(Start(empire="Noram States", face="B", scenario="ca-5",
                          required=(icebreaker.id,) * 3, expansions=("ca",)), cards)
    construct(game, cards, "Icebreaker")  # the deck's fourth
    rejected(game, Construct(icebreaker.id), Refusal.NO_COPY_LEFT, copies=4, card="Icebreaker")
    with pytest.raises(Rejected) as refused:
        Game.new(Start(empire="Noram States", face="B", scenario="ca-5",
                       required=(icebreaker.id,) * 5, expansions=("ca",)), cards)
    refused_as(refused.value, Refusal.NO_COPY_LEFT, copies=4, card="Icebreaker")


def test_a_game_saved_before_the_deck_was_counted_still_opens(cards: Catalog) -> None:
    """Earlier versions let a card be constructed twice past its copies: such a saved game
    replays (a player's history always opens), but no new copy can be taken in it."""
    elevator = cards.card("Space Elevator")
    assert elevator.copies == 1
    saved = {"version": 1, "redo": [], "actions": [
        {"type": "start", "empire": "Noram States", "face": "B", "expansions": ["ca"]},
        {"type": "construct", "card": elevator.id},
        {"type": "construct", "card": elevator.id},
    ]}
    game = Game.from_json(saved, cards)
    assert len(game.state.under_construction) == 2
    rejected(game, Construct(elevator.id), Refusal.NO_COPY_LEFT, copies=1,
             card="Space Elevator")
