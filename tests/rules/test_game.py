"""The game engine: every construction rule, phase order, rejections, undo/redo, JSON."""

from __future__ import annotations

import pytest
from games import construct, finish_step, new, refused_as, rejected, to_step

from companion.rules.actions import (
    ChooseScience,
    Construct,
    Discard,
    End,
    NextStep,
    Opponents,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
    Start,
)
from companion.rules.cards import Resource
from companion.rules.construction import FreeSlots
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.state import Phase
from companion.shipped.catalog import Catalog

M, E, S, G, X = Resource


# --- phases and order --------------------------------------------------------------


def test_production_steps_in_order_then_next_round(cards: Catalog) -> None:
    game = new(cards)
    seen = []
    game.play(NextStep())
    for _ in range(5):
        seen.append(game.state.step)
        finish_step(game)
    assert seen == [M, E, S, G, X]
    assert (game.state.round, game.state.phase) == (2, Phase.PLANNING)


def test_no_sixth_step_in_round_four_and_end_scores(cards: Catalog) -> None:
    game = new(cards)
    while not (game.state.round == 4 and game.state.step is X):
        finish_step(game)
    rejected(game, NextStep(), Refusal.GAME_OVER)
    rejected(game, Construct(1), Refusal.WRONG_PHASE, phase="Production")
    game.play(End())
    assert game.state.finished
    rejected(game, NextStep(), Refusal.GAME_OVER)
    rejected(game, Discard(1), Refusal.GAME_OVER)


def test_end_only_after_round_four(cards: Catalog) -> None:
    game = new(cards)
    rejected(game, End(), Refusal.GAME_NOT_OVER)


def test_cards_are_drafted_only_in_planning(cards: Catalog) -> None:
    game = new(cards)
    game.play(NextStep())
    rejected(game, Construct(9), Refusal.WRONG_PHASE, phase="Production")
    rejected(game, Recycle(9), Refusal.WRONG_PHASE, phase="Production")


def test_cubes_must_all_be_placed_before_the_next_step(cards: Catalog) -> None:
    game = new(cards)  # Noram B: M2 E1 S1
    game.play(NextStep())
    rejected(game, NextStep(), Refusal.STEP_UNFINISHED, left=2, resource="Materials")
    rejected(game, Place(count=3), Refusal.NOT_HELD, left=2, count=3)
    rejected(game, Place(count=0), Refusal.BAD_NUMBER, count=0)
    rejected(game, Place(count=-2), Refusal.BAD_NUMBER, count=-2)


# --- construction -------------------------------------------------------------------


def test_a_cube_goes_only_in_a_slot_of_its_resource(cards: Catalog) -> None:
    game = new(cards)
    (dam,) = construct(game, cards, "Giant Dam")  # M3 G2
    (turbines,) = construct(game, cards, "Wind Turbines")  # M2
    to_step(game, E)
    rejected(game, Place(onto=dam), Refusal.WRONG_SLOT, card="Giant Dam", slot="Energy",
             listing=FreeSlots(((M, 3), (G, 2))))
    rejected(game, Place(onto=99), Refusal.NOT_UNDER_CONSTRUCTION, uid=99)
    to_step(game, G)
    assert game.state.produced == 0
    assert game.state.construction(turbines) is not None


def test_gold_cube_on_an_energy_slot_is_refused(cards: Catalog) -> None:
    game = new(cards, "Federation of Asia", "A")  # M1 G2
    (plant,) = construct(game, cards, "Nuclear Plant")  # M4 S1
    (rig,) = construct(game, cards, "Financial Center")  # M4 E1
    to_step(game, G)
    assert game.state.produced == 2
    rejected(game, Place(onto=rig), Refusal.WRONG_SLOT, card="Financial Center", slot="Gold",
             listing=FreeSlots(((M, 4), (E, 1))))
    rejected(game, Place(onto=plant), Refusal.WRONG_SLOT, card="Nuclear Plant", slot="Gold")


def test_full_slots_are_refused(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3
    (turbines,) = construct(game, cards, "Recycling Plant")  # M2
    game.play(NextStep())
    game.play(Place(onto=turbines, count=1))
    rejected(game, Place(onto=turbines, count=2), Refusal.SLOTS_FULL, free=1, slot="Materials",
             count=2)


def test_completion_builds_at_once_with_its_bonus(cards: Catalog) -> None:
    game = new(cards, "Panafrican Union", "A")  # M2 S2
    (harbor,) = construct(game, cards, "Industrial Complex")  # M3 E1, bonus Fin1, M1 G1
    game.play(Recycle(cards.card("Military Base").id, onto=harbor))  # recycle M
    game.play(Recycle(cards.card("Nuclear Plant").id, onto=harbor))  # recycle E
    assert game.state.construction(harbor).free_slots() == {M: 2}  # type: ignore[union-attr]
    game.play(NextStep())
    events = game.play(Place(onto=harbor, count=2))
    assert [e.kind for e in events] == ["built", "bonus"]
    assert game.state.financiers == 1
    assert [c.name for c in game.state.built] == ["Industrial Complex"]
    # Built in the M step: no M from it this round, its Gold from the G step on.
    assert game.state.produced == 2
    to_step(game, G)
    assert game.state.produced == 1


def test_recycling_that_completes_a_card_builds_it_before_production(cards: Catalog) -> None:
    game = new(cards)  # M2 E1 S1
    (turbines,) = construct(game, cards, "Recycling Plant")  # M2 → produces M2
    game.play(Recycle(cards.card("Military Base").id, onto=turbines))
    events = game.play(Recycle(cards.card("Tank Division").id, onto=turbines))
    assert [e.kind for e in events] == ["recycle", "built"]
    game.play(NextStep())
    assert game.state.produced == 2 + 2  # it produces already in this round


def test_recycle_needs_a_matching_slot(cards: Catalog) -> None:
    game = new(cards)
    (turbines,) = construct(game, cards, "Wind Turbines")  # M2
    rejected(game, Recycle(cards.card("Nuclear Plant").id, onto=turbines),  # recycles E
             Refusal.WRONG_SLOT, card="Wind Turbines", slot="Energy")
    rejected(game, Recycle(999), Refusal.UNKNOWN_CARD, number="999")


def test_five_cubes_on_the_empire_make_krystallium_and_the_rest_stays(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3 G1
    game.play(Recycle(9))
    game.play(Recycle(9))
    game.play(Recycle(9))
    assert (game.state.empire_cubes, game.state.krystallium) == (3, 0)
    game.play(NextStep())
    events = game.play(Place(count=3))
    assert [e.kind for e in events] == ["krystallium"]
    assert (game.state.empire_cubes, game.state.krystallium) == (1, 1)
    while game.state.round == 1:
        finish_step(game)
    # Cubes on the Empire stay from round to round (G1 went there too).
    assert game.state.empire_cubes == 2
    assert game.state.cubes_to_next_krystallium == 3


def test_krystallium_fills_any_resource_slot_or_k_slot_at_any_time(cards: Catalog) -> None:
    # The variant face C starts with 5 Krystallium.
    game = new(cards, "Aztec Empire", "C", variant_faces=True)
    assert game.state.krystallium == 5
    (tower,) = construct(game, cards, "Lunar Base")  # E2 S2 G2 K1, bonus Gen2
    game.play(SpendKrystallium(onto=tower, slot="K"))
    game.play(SpendKrystallium(onto=tower, slot="G", count=2))
    game.play(NextStep())  # during production too
    game.play(SpendKrystallium(onto=tower, slot="S", count=2))
    rejected(game, SpendKrystallium(onto=tower, slot="E", count=1), Refusal.NOT_HELD, held=0)
    rejected(game, SpendKrystallium(onto=tower, slot="K", count=1), Refusal.NOT_HELD, held=0)
    assert game.state.construction(tower).free_slots() == {E: 2}  # type: ignore[union-attr]


def test_krystallium_never_replaces_a_character(cards: Catalog) -> None:
    game = new(cards, "Aztec Empire", "C", variant_faces=True)
    (tower,) = construct(game, cards, "Giant Tower")  # M2 G3 Fin1
    rejected(game, SpendKrystallium(onto=tower, slot="Fin"), Refusal.WRONG_SLOT,
             token="Financier")
    rejected(game, SpendKrystallium(onto=tower, slot="Q"), Refusal.NOT_AN_OPTION, slot="Q")
    rejected(game, SpendKrystallium(onto=tower, slot="K"), Refusal.WRONG_SLOT,
             card="Giant Tower", slot="Krystallium")


def test_characters_fill_their_slots_at_any_time(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3 G1
    (center,) = construct(game, cards, "Financial Center")  # M4 E1, bonus Fin1
    (tower,) = construct(game, cards, "Giant Tower")  # M2 G3 Fin1
    rejected(game, PlaceCharacter(onto=tower, token="Fin"), Refusal.NOT_HELD, held=0,
             token="Financier")
    game.play(Recycle(cards.card("Military Base").id, onto=center))  # M
    game.play(Recycle(cards.card("Nuclear Plant").id, onto=center))  # E
    game.play(NextStep())
    game.play(Place(onto=center, count=3))  # completes: Financier bonus
    assert game.state.financiers == 1
    rejected(game, PlaceCharacter(onto=tower, token="Gen"), Refusal.NOT_HELD, held=0,
             token="General")
    game.play(PlaceCharacter(onto=tower, token="Fin"))
    assert game.state.financiers == 0
    assert game.state.construction(tower).free_slots() == {M: 2, G: 3}  # type: ignore[union-attr]


def test_discard_loses_cubes_and_gives_the_recycling_cube_to_the_empire(cards: Catalog) -> None:
    game = new(cards)
    (dam,) = construct(game, cards, "Giant Dam")  # M3 G2, recycles E
    game.play(NextStep())
    game.play(Place(onto=dam, count=2))
    events = game.play(Discard(dam))
    assert [e.kind for e in events] == ["discard"]
    assert game.state.under_construction == []
    assert game.state.empire_cubes == 1
    assert game.state.ledger.lost == 2
    rejected(game, Discard(dam), Refusal.NOT_UNDER_CONSTRUCTION, uid=dam)


# --- supremacy ----------------------------------------------------------------------


def test_solo_supremacy_needs_five(cards: Catalog) -> None:
    game = new(cards, "Panafrican Union", "A")  # M2
    game.play(Construct(cards.card("Recycling Plant").id))
    game.play(Recycle(cards.card("Military Base").id, onto=1))
    game.play(Recycle(cards.card("Tank Division").id, onto=1))  # built: M2 + M2 = 4
    events = game.play(NextStep())
    assert game.state.produced == 4
    assert events[-1].kind == "no-supremacy"
    assert game.state.financiers == 0


def test_solo_supremacy_gives_the_bonus(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3
    game.play(Construct(cards.card("Recycling Plant").id))  # M2 → 5 once built
    game.play(Recycle(cards.card("Military Base").id, onto=1))
    game.play(Recycle(cards.card("Tank Division").id, onto=1))
    events = game.play(NextStep())
    assert game.state.produced == 5
    assert [e.kind for e in events] == ["step", "supremacy"]
    assert game.state.financiers == 1


def test_science_supremacy_waits_for_the_choice(cards: Catalog) -> None:
    game = new(cards, "Panafrican Union", "A")  # S2
    game.play(Construct(cards.card("Research Center").id))  # M3 E1 → S2
    game.play(Construct(cards.card("Research Center").id))
    for uid in (1, 2):
        game.play(Recycle(cards.card("Nuclear Plant").id, onto=uid))  # E
        for _ in range(3):
            game.play(Recycle(cards.card("Military Base").id, onto=uid))  # M
    assert len(game.state.built) == 2
    to_step(game, S)
    assert game.state.produced == 6
    assert game.state.science_pending
    game.play(Place(count=6))
    rejected(game, NextStep(), Refusal.STEP_UNFINISHED)
    rejected(game, ChooseScience("K"), Refusal.MALFORMED)  # type: ignore[arg-type]
    game.play(ChooseScience("Gen"))
    assert game.state.generals == 1
    rejected(game, ChooseScience("Gen"), Refusal.SUPREMACY)


def test_table_supremacy_needs_the_other_totals(cards: Catalog) -> None:
    game = new(cards, mode="table", players=3)  # M2
    rejected(game, Opponents((1, 1)), Refusal.WRONG_PHASE, phase="Planning")
    game.play(NextStep())
    game.play(Place(count=2))
    rejected(game, NextStep(), Refusal.STEP_UNFINISHED, resource="Materials")
    rejected(game, Opponents((1,)), Refusal.PLAYER_COUNT, others=2, count=1)
    rejected(game, Opponents((1, -1)), Refusal.BAD_NUMBER, total=-1)
    events = game.play(Opponents((1, 1)))
    assert events[-1].kind == "supremacy"
    assert game.state.financiers == 1
    rejected(game, Opponents((1, 1)), Refusal.SUPREMACY)
    game.play(NextStep())  # E: 1
    game.play(Place())
    game.play(Opponents((1, 0)))  # tie for first: nobody
    assert game.state.generals == 0


def test_table_of_six_rewards_a_clear_second(cards: Catalog) -> None:
    game = new(cards, mode="table", players=6, expansions=("ca",))  # M2
    game.play(NextStep())
    game.play(Place(count=2))
    game.play(Opponents((3, 1, 1, 0, 0)))
    assert game.state.financiers == 1


def test_solo_has_no_opponents(cards: Catalog) -> None:
    game = new(cards)
    game.play(NextStep())
    rejected(game, Opponents(()), Refusal.PLAYER_COUNT)


# --- War or Peace extra step ---------------------------------------------------------


def test_extra_step_produces_tokens_without_supremacy(cards: Catalog) -> None:
    game = new(cards, expansions=("wop",))
    (babel,) = construct(game, cards, "Tower of Babel")  # X5, K2 per round
    for _ in range(5):
        game.play(Recycle(cards.card("Zeppelin").id, onto=babel))  # Zeppelin recycles X
    assert [c.name for c in game.state.built] == ["Tower of Babel"]
    to_step(game, X)
    finish_step(game)
    assert game.state.phase is Phase.EXTRA
    assert game.state.krystallium == 2
    game.play(NextStep())
    assert (game.state.round, game.state.phase) == (2, Phase.PLANNING)


def test_expansion_cards_need_their_expansion(cards: Catalog) -> None:
    game = new(cards)
    rejected(game, Construct(cards.card("Tower of Babel").id), Refusal.EXPANSION_MISSING,
             card="Tower of Babel", expansion="War or Peace")
    rejected(game, Construct(cards.card("Giant Robot").id), Refusal.EXPANSION_MISSING,
             expansion="Corruption & Ascension")


# --- setup -----------------------------------------------------------------------------


def test_scenario_puts_required_cards_under_construction(cards: Catalog) -> None:
    required = tuple(cards.card(n).id for n in ("Polar Base", "Mega-Drill", "Super-Sonar",
                                                 "Center of the Earth"))
    game = new(cards, scenario="base-1", required=required)
    assert [c.card.id for c in game.state.under_construction] == list(required)
    assert game.state.phase is Phase.PLANNING


@pytest.mark.parametrize(("start", "kind"), [
    ({"face": "A", "scenario": "base-1", "required": (1,)}, Refusal.EMPIRE_FACE),
    ({"scenario": "base-1"}, Refusal.SETUP),
    ({"required": (1,)}, Refusal.SETUP),
    ({"mode": "table", "players": 8}, Refusal.PLAYER_COUNT),
    ({"mode": "table", "players": 1}, Refusal.PLAYER_COUNT),
    ({"mode": "solo", "players": 2}, Refusal.PLAYER_COUNT),
    ({"mode": "table", "players": 6}, Refusal.EXPANSION_MISSING),
    ({"face": "C"}, Refusal.EMPIRE_FACE),
    ({"empire": "Nowhere"}, Refusal.UNKNOWN_EMPIRE),
    ({"empire": "North Hegemony"}, Refusal.EXPANSION_MISSING),
    ({"expansions": ("dragons",)}, Refusal.UNKNOWN_EXPANSION),
    ({"mode": "team"}, Refusal.MALFORMED),
])
def test_bad_setup_is_refused(cards: Catalog, start: dict, kind: Refusal) -> None:
    values = {"empire": "Noram States", "face": "B"} | start
    with pytest.raises(Rejected) as refused:
        Game.new(Start(**values), cards)
    assert refused.value.kind is kind


# --- undo, redo, JSON --------------------------------------------------------------------


def test_undo_redo_across_a_completed_card(cards: Catalog) -> None:
    game = new(cards)
    (turbines,) = construct(game, cards, "Wind Turbines")
    game.play(NextStep())
    game.play(Place(onto=turbines, count=2))
    after = game.to_json()
    assert game.state.built
    undone = game.undo()
    assert isinstance(undone, Place)
    assert not game.state.built
    assert game.state.construction(turbines) is not None
    assert game.state.to_place == 2
    game.redo()
    assert game.to_json() == after


def test_a_new_action_clears_redo_and_setup_cannot_be_undone(cards: Catalog) -> None:
    game = new(cards)
    game.play(NextStep())
    game.undo()
    assert game.can_redo
    game.play(Construct(9))
    assert not game.can_redo
    game.undo()
    with pytest.raises(Rejected) as refused:
        game.undo()
    assert refused.value.kind is Refusal.NOTHING_TO_DO
    game.redo()
    with pytest.raises(Rejected) as refused:
        game.redo()
    assert refused.value.kind is Refusal.NOTHING_TO_DO


def test_json_round_trip(cards: Catalog) -> None:
    game = new(cards, expansions=("ca", "wop"))
    construct(game, cards, "Giant Robot", "Wind Turbines")
    game.play(Recycle(cards.card("Military Base").id, onto=2))
    game.play(NextStep())
    game.play(Place(onto=2))
    game.undo()
    copy = Game.from_json(game.to_json(), cards)
    assert copy.state == game.state
    assert copy.to_json() == game.to_json()
    assert copy.redo_actions == game.redo_actions


@pytest.mark.parametrize(("data", "kind", "params"), [
    ([], Refusal.MALFORMED, {}),
    ({"actions": "x"}, Refusal.MALFORMED, {"label": "actions"}),
    ({"actions": []}, Refusal.MALFORMED, {}),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "fly"}]},
     Refusal.MALFORMED, {"label": "actions"}),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "place", "count": "2"}]},
     Refusal.MALFORMED, {"label": "actions"}),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "place"}]},
     Refusal.WRONG_PHASE, {"number": 2, "kind": "place"}),  # the refusal of action 2
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "construct",
                                                                "card": 4242}]},
     Refusal.UNKNOWN_CARD, {"number": 2}),
    ({"version": 9, "actions": []}, Refusal.UNKNOWN_FORMAT, {"version": 9}),
    ({"actions": [{"type": "start", "empire": "Noram States"}],
      "redo": [{"type": "end"}]}, Refusal.GAME_NOT_OVER, {}),  # the refusal of the redo
])
def test_bad_saved_games_are_refused(cards: Catalog, data: object, kind: Refusal,
                                     params: dict[str, object]) -> None:
    with pytest.raises(Rejected) as refused:
        Game.from_json(data, cards)
    refused_as(refused.value, kind, **params)
