"""Helpers shared by the rules' tests: set up a game, draft cards, check a refusal."""

from __future__ import annotations

import pytest

from companion.rules.actions import ChooseScience, Construct, NextStep, Place, Start
from companion.rules.cards import Resource
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.state import Phase
from companion.shipped.catalog import Catalog


def new(cards: Catalog, empire: str = "Noram States", face: str = "B", **start: object) -> Game:
    """A solo game unless `start` says otherwise (`mode="table", players=3`...)."""
    return Game.new(Start(empire=empire, face=face, **start), cards)  # type: ignore[arg-type]


def construct(game: Game, cards: Catalog, *names: str) -> list[int]:
    """Put the named cards under construction; their construction numbers, in order."""
    return [game.play(Construct(cards.card(name).id))[0].params["uid"] for name in names]


def refused_as(error: Rejected, kind: Refusal, /, **params: object) -> None:
    """`error` is a refusal of `kind`, and its message says `params` (of those it has):
    what is wrong and the numbers or names it gives, whatever its English words."""
    assert error.kind is kind, f"{error.kind} ({error}), not {kind}"
    assert {name: error.params.get(name) for name in params} == params, str(error)


def rejected(game: Game, action: object, kind: Refusal, /, **params: object) -> None:
    """The action is refused as `kind` (see `refused_as`) and nothing changes."""
    before = game.to_json()
    state = game.state.copy()
    with pytest.raises(Rejected) as refused:
        game.play(action)  # type: ignore[arg-type]
    refused_as(refused.value, kind, **params)
    assert game.to_json() == before
    assert game.state == state


def finish_step(game: Game) -> None:
    """Put whatever is left of this step on the Empire, settle Science, move on."""
    if game.state.to_place:
        game.play(Place(count=game.state.to_place))
    if game.state.science_pending:
        game.play(ChooseScience("Fin"))
    game.play(NextStep())


def to_step(game: Game, resource: Resource) -> None:
    """Play on (everything to the Empire) until the production step of `resource`."""
    while not (game.state.phase is Phase.PRODUCTION and game.state.step is resource):
        finish_step(game)
