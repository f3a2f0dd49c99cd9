"""The rulebooks' worked examples as the rules play them, for the Rules pages.

A construction example is not a tableau to count but a moment of a round, so it is
played by the engine itself: the card goes under construction, the production step's
cubes are placed on it, and the next step shows what the new card produces. The page
then shows what the app does, not a second account of the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions import Construct, NextStep, Place, Start
from companion.rules.cards import Resource
from companion.rules.game import Game
from companion.rules.moves import CardSource, Event
from companion.shipped.rulebook import Tableau


@dataclass(frozen=True, slots=True)
class Step:
    """One production step of the example: what was produced and what placing it did."""

    resource: Resource
    produced: int
    events: tuple[Event, ...] = ()


def construction_steps(tableau: Tableau, cards: CardSource) -> tuple[Step, Step]:
    """The step that builds the example's card (the cubes it needs placed on it, any
    others on the Empire) and the step after, in which it produces for the first time."""
    game = Game.new(Start(empire=tableau.empire, face=tableau.face), cards)
    card = cards.card(tableau.built[0])
    (event,) = game.play(Construct(card.id))
    game.play(NextStep())
    building = _step(game)
    taken = min(building.produced, card.cost_of(building.resource))
    events = game.play(Place(onto=event.params["uid"], count=taken))
    if game.state.to_place:  # whatever the card did not take goes on the Empire
        game.play(Place(count=game.state.to_place))
    game.play(NextStep())
    return Step(building.resource, building.produced, tuple(events)), _step(game)


def _step(game: Game) -> Step:
    state = game.state
    assert state.step is not None, "a construction example is played in production"
    return Step(state.step, state.to_place)
