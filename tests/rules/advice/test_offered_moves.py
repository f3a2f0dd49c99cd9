"""The moves the app offers, on their boundaries: a move only the deck forbids, the last
Krystallium or Financier held, and the game's end after a War or Peace extra step."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import construct, finish_step, new

from companion.rules.actions import (
    Construct,
    End,
    NextStep,
    PlaceCharacter,
    Recycle,
    SpendKrystallium,
)
from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal
from companion.rules.state import Phase
from companion.rules.suggest import (
    Slot,
    character_slots,
    ends_game,
    krystallium_slots,
    refusal,
)
from companion.shipped.catalog import Catalog


def test_refusal_asks_the_deck_as_well_as_the_engine(cards: Catalog) -> None:
    """The second Giant Tower is refused by the deck (1 copy, cards.csv), a check only a
    new move gets: the engine alone would replay it."""
    game = new(cards)
    tower = cards.card("Giant Tower")
    assert refusal(game.state, Construct(tower.id), cards) is None
    construct(game, cards, "Giant Tower")
    refused = refusal(game.state, Construct(tower.id), cards)
    assert refused is not None
    assert (refused.kind, str(refused)) == (
        Refusal.NO_COPY_LEFT,
        "The deck has 1 Giant Tower, already in your Empire or under construction")
    assert refusal(game.state, Recycle(tower.id), cards) is None
    assert [c.card.name for c in game.state.under_construction] == ["Giant Tower"]


def test_the_last_krystallium_still_has_somewhere_to_go(cards: Catalog) -> None:
    game = new(cards, "Aztec Empire", "C", variant_faces=True)  # starts with 5 Krystallium
    society, tower = construct(game, cards, "Secret Society", "Giant Tower")
    game.play(SpendKrystallium(onto=society, slot="G", count=3))
    game.play(SpendKrystallium(onto=tower, slot="M", count=1))
    assert game.state.krystallium == 1
    assert krystallium_slots(game.state) == [
        Slot(society, Token.KRYSTALLIUM, 1), Slot(tower, Resource.MATERIALS, 1),
        Slot(tower, Resource.GOLD, 3)]
    game.play(SpendKrystallium(onto=tower, slot="G", count=1))
    assert krystallium_slots(game.state) == []


def test_the_last_financier_still_has_somewhere_to_go(cards: Catalog) -> None:
    game = new(cards, "Aztec Empire", "C", variant_faces=True)
    tower, exposition, harbor = construct(game, cards, "Giant Tower", "Universal Exposition",
                                          "Harbor Zone")
    game.play(SpendKrystallium(onto=harbor, slot="G", count=5))  # built: 2 Financiers
    game.play(PlaceCharacter(onto=tower, token="Fin"))
    assert game.state.financiers == 1
    assert character_slots(game.state) == [Slot(exposition, Token.FINANCIER, 2)]
    game.play(PlaceCharacter(onto=exposition, token="Fin"))
    assert character_slots(game.state) == []


def test_the_extra_step_of_round_4_is_the_last(cards: Catalog) -> None:
    """Tower of Babel (X5) produces 2 Krystallium each round: round 4 goes on after
    Exploration to the extra step, and the game ends there."""
    game = new(cards, expansions=("wop",))
    (babel,) = construct(game, cards, "Tower of Babel")
    for _ in range(5):
        game.play(Recycle(cards.card("Zeppelin").id, onto=babel))  # Zeppelin recycles X
    while game.state.round < 4 or game.state.step is not Resource.EXPLORATION:
        assert not ends_game(game.state)
        finish_step(game)
    assert not ends_game(game.state)  # the extra step is still to come
    finish_step(game)
    assert (game.state.round, game.state.phase) == (4, Phase.EXTRA)
    assert ends_game(game.state)
    refused = refusal(game.state, NextStep(), cards)
    assert refused is not None and refused.kind is Refusal.GAME_OVER
    assert refusal(game.state, End(), cards) is None
    game.play(End())
    assert game.state.finished
