"""Offered moves and the suggested placement agree with what the engine accepts."""

from __future__ import annotations

import itertools

from games import construct, new

from companion.rules.actions import (
    ChooseScience,
    Construct,
    End,
    NextStep,
    Place,
    SpendKrystallium,
    Start,
)
from companion.rules.cards import Resource, Token
from companion.rules.engine import apply, start_state
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState
from companion.rules.suggest import (
    Slot,
    character_slots,
    check_placement,
    ends_game,
    krystallium_slots,
    placement_targets,
    recycle_targets,
    refusal,
    suggest_placement,
)
from companion.shipped.catalog import Catalog


def test_closest_to_completion_first(cards: Catalog) -> None:
    game = new(cards, face="A")  # Noram States A produces 3 Materials
    turbines, drill, plant = construct(game, cards, "Wind Turbines", "Mega-Drill",
                                       "Recycling Plant")
    game.play(NextStep())
    assert game.state.to_place == 3
    assert placement_targets(game.state) == {turbines: 2, drill: 1, plant: 2}
    # Wind Turbines and Recycling Plant both lack 2 slots; Wind Turbines was started first.
    assert suggest_placement(game.state) == ((turbines, 2), (plant, 1))


def test_leftover_cubes_go_to_the_empire(cards: Catalog) -> None:
    game = new(cards, face="A")
    (turbines,) = construct(game, cards, "Wind Turbines")
    game.play(NextStep())
    assert suggest_placement(game.state) == ((turbines, 2), (None, 1))


def test_nothing_to_place_outside_production(cards: Catalog) -> None:
    game = new(cards, face="A")
    construct(game, cards, "Wind Turbines")
    assert suggest_placement(game.state) == ()
    assert placement_targets(game.state) == {}


def test_every_suggestion_is_accepted_by_the_engine(cards: Catalog) -> None:
    names = ["Wind Turbines", "Mega-Drill", "Recycling Plant", "Harbor Zone", "Giant Tower",
             "Aquaculture", "Polar Base"]
    for combo in itertools.combinations(names, 3):
        game = new(cards, "Federation of Asia", "A")  # M1 G2
        construct(game, cards, *combo)
        game.play(NextStep())
        for step in Resource:  # the five production steps of round 1
            assert game.state.step is step
            plan = suggest_placement(game.state)
            assert check_placement(game.state, plan) is None, combo
            for uid, count in plan:
                if count:
                    game.play(Place(onto=uid, count=count))
            assert game.state.to_place == 0
            if step is not Resource.EXPLORATION:
                game.play(NextStep())


def test_check_placement_refuses_bad_plans(cards: Catalog) -> None:
    game = new(cards, face="A")
    (turbines,) = construct(game, cards, "Wind Turbines")
    game.play(NextStep())
    too_many = check_placement(game.state, ((turbines, 3),))
    assert too_many is not None and too_many.kind is Refusal.SLOTS_FULL
    too_few = check_placement(game.state, ((turbines, 2),))
    assert too_few is not None and too_few.kind is Refusal.NOT_HELD
    twice = check_placement(game.state, ((turbines, 1), (turbines, 1), (None, 1)))
    assert twice is not None and twice.kind is Refusal.MALFORMED
    assert check_placement(game.state, ((turbines, 1), (None, 2))) is None
    assert check_placement(game.state, ((None, 3),)) is None


def test_refusal_asks_the_engine_without_changing_the_game(cards: Catalog) -> None:
    game = new(cards, face="A")
    construct(game, cards, "Wind Turbines")
    game.play(NextStep())
    before = game.to_json()
    reason = refusal(game.state, NextStep(), cards)
    assert isinstance(reason, Rejected) and reason.kind is Refusal.STEP_UNFINISHED
    assert refusal(game.state, Place(count=3), cards) is None
    assert game.to_json() == before and game.state.to_place == 3


def test_recycling_targets_need_a_matching_free_slot(cards: Catalog) -> None:
    game = new(cards, face="A")
    (turbines,) = construct(game, cards, "Wind Turbines")  # costs Materials
    assert recycle_targets(game.state, cards.card("Recycling Plant")) == [turbines]  # M cube
    assert recycle_targets(game.state, cards.card("Wind Turbines")) == []  # E cube


def test_krystallium_and_character_slots(cards: Catalog) -> None:
    game = new(cards, "Aztec Empire", "C", variant_faces=True)  # starts with 5 Krystallium
    society, tower = construct(game, cards, "Secret Society", "Giant Tower")
    slots = krystallium_slots(game.state)
    assert Slot(society, Token.KRYSTALLIUM, 1) in slots
    assert Slot(society, Resource.GOLD, 3) in slots
    assert Slot(tower, Resource.MATERIALS, 2) in slots
    assert all(s.kind is not Token.FINANCIER for s in slots)
    assert character_slots(game.state) == []  # no Financier held yet
    (harbor,) = construct(game, cards, "Harbor Zone")  # built gives 2 Financiers
    game.play(SpendKrystallium(onto=harbor, slot="G", count=5))
    assert game.state.financiers == 2
    assert character_slots(game.state) == [Slot(tower, Token.FINANCIER, 1)]

    plain = new(cards, face="A")
    construct(plain, cards, "Secret Society")
    assert krystallium_slots(plain.state) == []


def test_ends_game_exactly_where_the_engine_ends_it(cards: Catalog) -> None:
    game = new(cards, face="A")
    ended_at = None
    for _ in range(40):
        state = game.state
        if state.to_place:
            game.play(Place(count=state.to_place))
        if game.state.science_pending:
            game.play(ChooseScience("Gen"))
        if ends_game(game.state):
            ended_at = (game.state.round, game.state.step)
            refused = refusal(game.state, NextStep(), cards)
            assert refused is not None and refused.kind is Refusal.GAME_OVER
            game.play(End())
            break
        refused = refusal(game.state, End(), cards)
        assert refused is not None and refused.kind is Refusal.GAME_NOT_OVER
        game.play(NextStep())
    assert ended_at == (4, Resource.EXPLORATION)
    assert game.state.finished



def test_a_recycled_cube_goes_to_the_card_closest_to_completion(cards: Catalog) -> None:
    """Financial Center (M4 E1) lacks 5 slots, Wind Turbines (M2) 2: Recycling Plant's
    Materials cube is suggested for Wind Turbines; Financial Center recycles for Gold,
    which neither card takes, so its cube is for the Empire (None)."""
    from companion.rules.suggest import suggest_recycle_target

    game = new(cards, face="A")
    center, turbines = construct(game, cards, "Financial Center", "Wind Turbines")
    assert suggest_recycle_target(game.state, cards.card("Recycling Plant")) == turbines
    assert suggest_recycle_target(game.state, cards.card("Financial Center")) is None
    assert suggest_recycle_target(game.state, cards.card("Wind Turbines")) == center  # E


def _materials_step(cards: Catalog, cubes: int, *fills: tuple[str, dict[Resource, int]]
                    ) -> tuple[GameState, list[int]]:
    """A Materials step with `cubes` to place and cards under construction, in order,
    filled as given (resource → cubes already on the card)."""
    from companion.rules.state import Phase

    state, _ = start_state(Start(empire="Noram States", face="B"), cards)
    uids = []
    for name, filled in fills:
        apply(state, Construct(cards.card(name).id), cards)
        card = state.under_construction[-1]
        for kind, count in filled.items():
            card.fill(kind, kind, count)
        uids.append(card.uid)
    state.phase, state.step = Phase.PRODUCTION, Resource.MATERIALS
    state.produced = state.to_place = cubes
    return state, uids


def test_the_card_closest_to_completion_is_finished_not_an_empty_one(cards: Catalog) -> None:
    """Financial Center (M4 E1) with its Energy and 1 Material in, Transportation Network
    (M3) empty and started first: both lack 3 Materials, Financial Center is further on,
    so the 3 cubes finish it (the app once put them on Transportation Network)."""
    state, (_network, center) = _materials_step(
        cards, 3, ("Transportation Network", {}),
        ("Financial Center", {Resource.ENERGY: 1, Resource.MATERIALS: 1}))
    assert suggest_placement(state) == ((center, 3),)


def test_cubes_finish_a_card_rather_than_spread(cards: Catalog) -> None:
    """Financial Center lacks 1 Material and its Energy: this step cannot finish it.
    The 3 Materials finish Transportation Network instead of 1 there and 2 elsewhere."""
    state, (center, network) = _materials_step(
        cards, 3, ("Financial Center", {Resource.MATERIALS: 3}),
        ("Transportation Network", {}))
    assert suggest_placement(state) == ((network, 3),)
    state.to_place = state.produced = 4  # one more: it goes on the closest card after
    assert suggest_placement(state) == ((network, 3), (center, 1))


def test_what_no_card_can_finish_goes_on_the_closest_first(cards: Catalog) -> None:
    state, (_center, network) = _materials_step(
        cards, 2, ("Financial Center", {Resource.MATERIALS: 1}),
        ("Transportation Network", {}))
    # Neither is finished by 2 cubes: Financial Center lacks 4 (3 M and 1 E), the
    # network 3; the network is closer.
    assert suggest_placement(state) == ((network, 2),)
