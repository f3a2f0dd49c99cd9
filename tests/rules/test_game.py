"""The game engine: every construction rule, phase order, rejections, undo/redo, JSON."""

from __future__ import annotations

import pytest
from games import construct, finish_step, new, rejected, to_step

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
from companion.rules.errors import Rejected
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
    rejected(game, NextStep(), "last step of round 4: end the game")
    rejected(game, Construct(1), "during Planning")
    game.play(End())
    assert game.state.finished
    rejected(game, NextStep(), "game is over")
    rejected(game, Discard(1), "game is over")


def test_end_only_after_round_four(cards: Catalog) -> None:
    game = new(cards)
    rejected(game, End(), "after the last production step of round 4")


def test_cards_are_drafted_only_in_planning(cards: Catalog) -> None:
    game = new(cards)
    game.play(NextStep())
    rejected(game, Construct(9), "put under construction during Planning, not during Production")
    rejected(game, Recycle(9), "recycled during Planning")


def test_cubes_must_all_be_placed_before_the_next_step(cards: Catalog) -> None:
    game = new(cards)  # Noram B: M2 E1 S1
    game.play(NextStep())
    rejected(game, NextStep(), "Place the 2 remaining Materials cube")
    rejected(game, Place(count=3), "Only 2 Materials cube")
    rejected(game, Place(count=0), "at least 1")
    rejected(game, Place(count=-2), "at least 1")


# --- construction -------------------------------------------------------------------


def test_a_cube_goes_only_in_a_slot_of_its_resource(cards: Catalog) -> None:
    game = new(cards)
    (dam,) = construct(game, cards, "Giant Dam")  # M3 G2
    (turbines,) = construct(game, cards, "Wind Turbines")  # M2
    to_step(game, E)
    rejected(game, Place(onto=dam),
             "Giant Dam has no Energy slot; its free slots: 3 Materials, 2 Gold")
    rejected(game, Place(onto=99), "no card under construction numbered 99")
    to_step(game, G)
    assert game.state.produced == 0
    assert game.state.construction(turbines) is not None


def test_gold_cube_on_an_energy_slot_is_refused(cards: Catalog) -> None:
    game = new(cards, "Federation of Asia", "A")  # M1 G2
    (plant,) = construct(game, cards, "Nuclear Plant")  # M4 S1
    (rig,) = construct(game, cards, "Financial Center")  # M4 E1
    to_step(game, G)
    assert game.state.produced == 2
    rejected(game, Place(onto=rig), "Financial Center has no Gold slot.*free slots: 4 "
                                    "Materials, 1 Energy")
    rejected(game, Place(onto=plant), "Nuclear Plant has no Gold slot")


def test_full_slots_are_refused(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3
    (turbines,) = construct(game, cards, "Recycling Plant")  # M2
    game.play(NextStep())
    game.play(Place(onto=turbines, count=1))
    rejected(game, Place(onto=turbines, count=2), "1 free Materials slot")


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
             "Wind Turbines has no Energy slot")
    rejected(game, Recycle(999), "no card number 999")


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
    rejected(game, SpendKrystallium(onto=tower, slot="E", count=1), "hold 0 Krystallium")
    rejected(game, SpendKrystallium(onto=tower, slot="K", count=1), "hold 0 Krystallium")
    assert game.state.construction(tower).free_slots() == {E: 2}  # type: ignore[union-attr]


def test_krystallium_never_replaces_a_character(cards: Catalog) -> None:
    game = new(cards, "Aztec Empire", "C", variant_faces=True)
    (tower,) = construct(game, cards, "Giant Tower")  # M2 G3 Fin1
    rejected(game, SpendKrystallium(onto=tower, slot="Fin"), "never replace a Financier")
    rejected(game, SpendKrystallium(onto=tower, slot="Q"), "not a slot")
    rejected(game, SpendKrystallium(onto=tower, slot="K"), "Giant Tower has no Krystallium slot")


def test_characters_fill_their_slots_at_any_time(cards: Catalog) -> None:
    game = new(cards, "Noram States", "A")  # M3 G1
    (center,) = construct(game, cards, "Financial Center")  # M4 E1, bonus Fin1
    (tower,) = construct(game, cards, "Giant Tower")  # M2 G3 Fin1
    rejected(game, PlaceCharacter(onto=tower, token="Fin"), "hold 0 Financier")
    game.play(Recycle(cards.card("Military Base").id, onto=center))  # M
    game.play(Recycle(cards.card("Nuclear Plant").id, onto=center))  # E
    game.play(NextStep())
    game.play(Place(onto=center, count=3))  # completes: Financier bonus
    assert game.state.financiers == 1
    rejected(game, PlaceCharacter(onto=tower, token="Gen"), "hold 0 General")
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
    rejected(game, Discard(dam), "no card under construction numbered")


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
    rejected(game, NextStep(), "Choose your Science supremacy bonus")
    rejected(game, ChooseScience("K"), "Not a valid action: Invalid enum value 'K'")  # type: ignore[arg-type]
    game.play(ChooseScience("Gen"))
    assert game.state.generals == 1
    rejected(game, ChooseScience("Gen"), "no Science supremacy bonus to choose")


def test_table_supremacy_needs_the_other_totals(cards: Catalog) -> None:
    game = new(cards, mode="table", players=3)  # M2
    rejected(game, Opponents((1, 1)), "during a production step")
    game.play(NextStep())
    game.play(Place(count=2))
    rejected(game, NextStep(), "Give the other players' Materials totals")
    rejected(game, Opponents((1,)), "totals of the 2 other players")
    rejected(game, Opponents((1, -1)), "whole number")
    events = game.play(Opponents((1, 1)))
    assert events[-1].kind == "supremacy"
    assert game.state.financiers == 1
    rejected(game, Opponents((1, 1)), "already given")
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
    rejected(game, Opponents(()), "solo game")


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
    rejected(game, Construct(cards.card("Tower of Babel").id),
             "belongs to the War or Peace expansion")
    rejected(game, Construct(cards.card("Giant Robot").id), "Corruption & Ascension")


# --- setup -----------------------------------------------------------------------------


def test_scenario_puts_required_cards_under_construction(cards: Catalog) -> None:
    required = tuple(cards.card(n).id for n in ("Polar Base", "Mega-Drill", "Super-Sonar",
                                                 "Center of the Earth"))
    game = new(cards, scenario="base-1", required=required)
    assert [c.card.id for c in game.state.under_construction] == list(required)
    assert game.state.phase is Phase.PLANNING


@pytest.mark.parametrize(("start", "match"), [
    ({"face": "A", "scenario": "base-1", "required": (1,)}, "face B"),
    ({"scenario": "base-1"}, "no required cards"),
    ({"required": (1,)}, "only with a scenario"),
    ({"mode": "table", "players": 8}, "2 to 7 players"),
    ({"mode": "table", "players": 1}, "2 to 7 players"),
    ({"mode": "solo", "players": 2}, "solo game has 1 player"),
    ({"mode": "table", "players": 6}, "Corruption & Ascension"),
    ({"face": "C"}, "no face 'C'"),
    ({"empire": "Nowhere"}, "Unknown Empire"),
    ({"empire": "North Hegemony"}, "Corruption & Ascension expansion"),
    ({"expansions": ("dragons",)}, "Unknown expansion"),
    ({"mode": "team"}, "Invalid enum value 'team'"),
])
def test_bad_setup_is_refused(cards: Catalog, start: dict, match: str) -> None:
    values = {"empire": "Noram States", "face": "B"} | start
    with pytest.raises(Rejected, match=match):
        Game.new(Start(**values), cards)


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
    with pytest.raises(Rejected, match="Nothing to undo"):
        game.undo()
    game.redo()
    with pytest.raises(Rejected, match="Nothing to redo"):
        game.redo()


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


@pytest.mark.parametrize(("data", "match"), [
    ([], "JSON object"),
    ({"actions": "x"}, "must be a list"),
    ({"actions": []}, "starts with its setup"),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "fly"}]},
     "actions"),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "place", "count": "2"}]},
     "Expected `int`"),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "place"}]},
     "Action 2 \\(place\\) cannot be replayed: Cubes are placed during a production step"),
    ({"actions": [{"type": "start", "empire": "Noram States"}, {"type": "construct",
                                                                "card": 4242}]},
     "no card number 4242"),
    ({"version": 9, "actions": []}, "format 9"),
    ({"actions": [{"type": "start", "empire": "Noram States"}],
      "redo": [{"type": "end"}]}, "redo list"),
])
def test_bad_saved_games_are_refused(cards: Catalog, data: object, match: str) -> None:
    with pytest.raises(Rejected, match=match):
        Game.from_json(data, cards)
