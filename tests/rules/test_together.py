"""One tap, one step: the moves a player makes with one tap (a step's cubes on several
cards, tokens spent on several slots) are one action of the game, `Together`: played,
saved and undone whole, replayed as its parts, refused whole with the refused part's
reason. Old games, saved one placement per action, still load and replay."""

from __future__ import annotations

import doctest
import json

import msgspec
import pytest
from games import construct, new, refused_as, rejected

from companion.rules import actions as actions_module
from companion.rules import suggest as suggest_module
from companion.rules.actions import (
    MAX_PARTS,
    Construct,
    NextStep,
    Place,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
    Start,
    Together,
    moves,
)
from companion.rules.cards import Resource
from companion.rules.engine import apply
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.story import game_story
from companion.rules.suggest import placement_move, refusal
from companion.shipped.catalog import Catalog


def producing(cards: Catalog) -> tuple[Game, int, int]:
    """Noram States A (3 Materials) with Wind Turbines (M2) and Recycling Plant (M2)
    under construction, at round 1's Materials step: 3 cubes to place."""
    game = new(cards, "Noram States", "A")
    turbines, plant = construct(game, cards, "Wind Turbines", "Recycling Plant")
    game.play(NextStep())
    assert game.state.to_place == 3
    return game, turbines, plant


def test_the_doctests_hold() -> None:
    for module in (actions_module, suggest_module):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_a_tap_is_one_action_that_does_what_its_parts_do_one_by_one(cards: Catalog) -> None:
    game, turbines, plant = producing(cards)
    one_by_one, _, _ = producing(cards)
    before = len(game.actions)
    events = game.play(Together((Place(onto=turbines, count=2), Place(onto=plant, count=1))))
    assert len(game.actions) == before + 1
    expected = [*one_by_one.play(Place(onto=turbines, count=2)),
                *one_by_one.play(Place(onto=plant, count=1))]
    assert events == expected
    assert [str(e) for e in events] == ["Wind Turbines is built and joins your Empire"]
    assert game.state == one_by_one.state
    # By hand: Wind Turbines took 2 and is built, Recycling Plant holds 1 of its 2.
    assert [c.name for c in game.state.built] == ["Wind Turbines"]
    assert game.state.construction(plant).slots_filled == 1  # type: ignore[union-attr]
    assert game.state.to_place == 0


def test_tokens_spent_together(cards: Catalog) -> None:
    """The variant face C of the Aztec Empire starts with 5 Krystallium; Lunar Base asks
    E2 S2 G2 K1."""
    game = new(cards, "Aztec Empire", "C", variant_faces=True)
    (base,) = construct(game, cards, "Lunar Base")
    game.play(Together((SpendKrystallium(onto=base, slot="K"),
                        SpendKrystallium(onto=base, slot="G", count=2))))
    assert game.state.krystallium == 2
    assert game.state.construction(base).free_slots() == {  # type: ignore[union-attr]
        Resource.ENERGY: 2, Resource.SCIENCE: 2}


@pytest.mark.parametrize("wrong", [0, 1, 2])
def test_one_part_refused_refuses_the_whole_with_its_reason(cards: Catalog, wrong: int
                                                             ) -> None:
    game, turbines, plant = producing(cards)
    parts = [Place(onto=turbines, count=1), Place(onto=plant, count=1), Place(count=1)]
    parts[wrong] = Place(onto=99, count=1)  # no card 99 under construction
    rejected(game, Together(tuple(parts)), Refusal.NOT_UNDER_CONSTRUCTION)
    # The engine itself keeps its promise: a refused action leaves the state untouched,
    # even when the parts before the refused one were allowed.
    state = game.state.copy()
    with pytest.raises(Rejected):
        apply(state, Together(tuple(parts)), cards)
    assert state == game.state


def test_a_part_is_judged_after_the_parts_before_it(cards: Catalog) -> None:
    """Each part fits alone, not after the first: 3 cubes, 2 then 2."""
    game, turbines, plant = producing(cards)
    assert refusal(game.state, Place(onto=plant, count=2), cards) is None  # alone, it fits
    rejected(game, Together((Place(onto=turbines, count=2), Place(onto=plant, count=2))),
             Refusal.NOT_HELD, left=1, count=2)


def test_nothing_together_or_too_much_together_is_refused(cards: Catalog) -> None:
    game, turbines, _ = producing(cards)
    rejected(game, Together(()), Refusal.NOTHING_TO_DO)
    rejected(game, Together((Place(count=0),) * (MAX_PARTS + 1)), Refusal.TOO_LONG,
             limit=MAX_PARTS, count=MAX_PARTS + 1)
    # Only cubes and tokens put on cards go together: never a step, a card drafted...
    rejected(game, Together((Place(onto=turbines), NextStep())), Refusal.MALFORMED)  # type: ignore[arg-type]
    rejected(game, Together((Together((Place(),)),)), Refusal.MALFORMED)  # type: ignore[arg-type]
    with pytest.raises(Rejected) as refused:  # what the engine itself says, past the types
        apply(game.state.copy(), Together((Recycle(5),)), cards)  # type: ignore[arg-type]
    refused_as(refused.value, Refusal.MALFORMED, action="Recycle")


def test_one_undo_takes_the_whole_tap_back_and_one_redo_plays_it_again(cards: Catalog
                                                                          ) -> None:
    game, turbines, _plant = producing(cards)
    before = (game.to_json(), game.state.copy())
    tap = Together((Place(onto=turbines, count=2), Place(count=1)))
    game.play(tap)
    after = (game.to_json(), game.state.copy())
    assert game.undo() == tap
    assert (game.to_json()["actions"], game.state) == (before[0]["actions"], before[1])
    assert game.redo() == tap
    assert (game.to_json(), game.state) == after


def test_saved_as_one_action_and_read_back(cards: Catalog) -> None:
    game, turbines, _plant = producing(cards)
    game.play(Together((Place(onto=turbines, count=2), Place(onto=None, count=1))))
    saved = json.loads(json.dumps(game.to_json()))
    assert saved["actions"][-1] == {"type": "together", "parts": [
        {"type": "place", "onto": turbines, "count": 2},
        {"type": "place", "onto": None, "count": 1}]}
    loaded = Game.from_json(saved, cards)
    assert loaded.state == game.state and loaded.actions == game.actions
    saved["actions"][-1]["parts"].append({"type": "next"})
    with pytest.raises(Rejected) as refused:
        Game.from_json(saved, cards)
    assert refused.value.kind is Refusal.MALFORMED


OLD_GAME = """{"version": 1, "actions": [
  {"type": "start", "empire": "Noram States", "face": "A", "mode": "solo", "players": 1,
   "scenario": null, "required": [], "expansions": ["base"], "variant_faces": false},
  {"type": "construct", "card": 9}, {"type": "construct", "card": 6}, {"type": "next"},
  {"type": "place", "onto": 1, "count": 2}, {"type": "place", "onto": null, "count": 1}],
  "redo": []}"""
"""A game as the app saved it before `Together`: one action per card the cubes went on."""


def test_an_old_game_saved_one_placement_at_a_time_still_loads(cards: Catalog) -> None:
    old = Game.from_json(json.loads(OLD_GAME), cards)
    assert [c.name for c in old.state.built] == ["Wind Turbines"]
    assert old.next_undo() == Place(onto=None, count=1)  # undone as it was played
    game, turbines, _ = producing(cards)
    game.play(Together((Place(onto=turbines, count=2), Place(count=1))))
    assert game.state == old.state
    assert Game.from_json(old.to_json(), cards).to_json() == old.to_json()


def test_the_story_tells_the_tap_as_one_move_with_all_it_did(cards: Catalog) -> None:
    game, turbines, plant = producing(cards)
    tap = Together((Place(onto=turbines, count=2), Place(onto=plant, count=1)))
    game.play(tap)
    step = game_story(game.actions, cards)[0].steps[0]
    assert step.moves[-1].action == tap and step.moves[-1].number == len(game.actions)
    assert [e.kind for e in step.moves[-1].events] == ["built"]
    assert step.built == [cards.card("Wind Turbines").id]
    assert step.produced == 3


def test_moves_lists_every_part(cards: Catalog) -> None:
    played = [Start(empire="Noram States"), Construct(9),
              Together((Place(onto=1, count=2), PlaceCharacter(onto=1, token="Fin")))]
    assert list(moves(played)) == [*played[:2], Place(onto=1, count=2),
                                   PlaceCharacter(onto=1, token="Fin")]


def test_the_placement_a_screen_accepts_is_one_move(cards: Catalog) -> None:
    _game, turbines, plant = producing(cards)
    assert placement_move(((turbines, 3),)) == Place(onto=turbines, count=3)
    assert placement_move(((turbines, 2), (plant, 1), (None, 0))) == Together(
        (Place(onto=turbines, count=2), Place(onto=plant, count=1)))
    assert msgspec.json.decode(msgspec.json.encode(placement_move(((turbines, 2), (None, 1)))
                                                   ))["type"] == "together"


def test_a_game_is_saved_in_the_oldest_format_that_holds_it(cards: Catalog) -> None:
    """Format 2 only once a tap of several moves is in the game (or its redo list): an
    app that reads format 1 then refuses it as newer instead of failing to replay it."""
    game, turbines, _ = producing(cards)
    assert game.to_json()["version"] == 1
    game.play(Together((Place(onto=turbines, count=2), Place(count=1))))
    assert game.to_json()["version"] == 2
    game.undo()
    assert game.to_json()["version"] == 2  # Redo would play it
    assert Game.from_json(game.to_json(), cards).redo_actions == game.redo_actions
    game.play(Place(count=3))
    assert game.to_json()["version"] == 1
    for version in (0, 3, "2", True):
        with pytest.raises(Rejected) as refused:
            Game.from_json({**game.to_json(), "version": version}, cards)
        refused_as(refused.value, Refusal.UNKNOWN_FORMAT, version=version, supported=2)
