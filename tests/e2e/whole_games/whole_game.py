"""A whole game played in the browser by type tabs and tiles, beside the rules' own model
of it: the helpers the scenario and the table game's tap counts share (issue 33, "a
scenario game and a table game on one device the same"). The solo game's are in
`test_taps_e2e` (tests/e2e, on the path: its conftest's folder)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from app_page import AppPage
from test_taps_e2e import draft_counted, production_step

from companion.rules.actions import NextStep
from companion.rules.cards import Card
from companion.rules.game import Game
from companion.shipped.catalog import catalog

MAX_BUILDING = 6
"""The simulated player builds while fewer cards than this are under construction."""
SEED = 33


def deck_draws(count: int, taken: Iterable[int] = ()) -> list[Card]:
    """Cards as the base deck deals them (every printed copy, less the copies `taken`
    before the game: a scenario's cards under construction), in a fixed shuffle."""
    deck = [card for card in catalog().cards if card.expansion.value == "base"
            for _ in range(card.copies)]
    for card_id in taken:
        deck.remove(next(card for card in deck if card.id == card_id))
    random.Random(SEED).shuffle(deck)
    return deck[:count]


def draft_round(app: AppPage, game: Game, draws: Iterable[Card]) -> int:
    """Build or recycle each drafted card by its type's tab and tile, asserting no key and
    at most 2 taps a card; returns the worst card's taps."""
    worst = 0
    for card in draws:
        build = len(game.state.under_construction) < MAX_BUILDING
        taps, keys, _ = draft_counted(app, game, card, build)
        assert taps <= 2 and keys == 0, (card.name, taps, keys)
        worst = max(worst, taps)
    return worst


def production_round(app: AppPage, game: Game) -> int:
    """Start production and play its five steps (and the tokens the cards give), each
    accepting the suggestion; at a table the others' answer is one tap, "Nobody has...".
    Returns the worst step's taps."""
    app.click("Start production")
    game.play(NextStep())
    worst = 0
    round_number = game.state.round
    while not game.state.finished and game.state.round == round_number:
        worst = max(worst, production_step(app, game))
    return worst
