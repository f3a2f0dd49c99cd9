"""How many taps and key presses the table costs, measured in a real browser.

Targets (issue 10): one solo production step accepting the suggestion in at most 2 taps
(1 when nothing is produced). Issue 33: no keyboard at the table, a drafted card into
construction or recycling in 1 tap when its type's tab is open, 2 with the tab's tap,
and no letter typed. And a whole solo game of 4 rounds, 40 cards drawn as from the
shuffled deck, whose totals the README puts next to the paper pad (before issue 10:
about 180 taps, 160 keys; before issue 33: 120 taps, 108 keys; now at most 130 taps and
no key).
"""

from __future__ import annotations

import random

import pytest
from app_page import READ, AppPage

from companion.rules.actions import (
    ChooseScience,
    Construct,
    End,
    NextStep,
    Place,
    Recycle,
    Rivals,
    Start,
)
from companion.rules.cards import PRODUCTION_ORDER, Card, Resource
from companion.rules.game import Game
from companion.rules.planning import POOL_SIZE, SEQUENCES_PER_ROUND
from companion.rules.scoring import solo_rank
from companion.rules.suggest import ends_game, suggest_placement, suggest_recycle_target
from companion.shipped.catalog import catalog

pytestmark = pytest.mark.browser

SEED = 10
ROUNDS = 4
CARDS_PER_ROUND = SEQUENCES_PER_ROUND * POOL_SIZE
MAX_BUILDING = 6
"""The simulated player builds while fewer cards than this are under construction."""
NAMES = {Resource.MATERIALS: "Materials", Resource.ENERGY: "Energy", Resource.SCIENCE: "Science",
         Resource.GOLD: "Gold", Resource.EXPLORATION: "Exploration"}
MAX_GAME_TAPS = 130
"""Issue 33's budget for the whole solo game, setup and production steps included."""


def shuffled_draws(count: int) -> list[Card]:
    """Cards as the base deck deals them (every printed copy), in a fixed shuffle."""
    cards = catalog()
    deck = [card for card in cards.cards if card.expansion.value == "base"
            for _ in range(card.copies)]
    random.Random(SEED).shuffle(deck)
    return deck[:count]


def tap_first(app: AppPage, name: str) -> None:
    """Tap the first of several buttons of the same name (two copies of one card)."""
    app.click(name, first=True)


def start_solo(app: AppPage) -> Game:
    app.start_solo()
    app.wait_text("sequence", "Sequence 1 of 2 · card 1 of 5")
    return Game.new(Start(empire="Noram States", face="A"), catalog())


def draft_counted(app: AppPage, game: Game, card: Card, build: bool) -> tuple[int, int, bool]:
    """Build or recycle one drafted card by its type's tab and its tile; (taps, keys, was
    it on screen already: its type's tab open)."""
    taps, keys = app.taps, app.keys
    verb = "Build" if build else "Recycle"
    on_screen = app.button(f"{verb} {card.name}").count() > 0
    if not on_screen:
        app.click(card.type.value)  # the type's tab, named by the type
    tap_first(app, f"{verb} {card.name}")
    if build:
        game.play(Construct(card.id))
    else:  # from the row: where the suggestion says, announced
        game.play(Recycle(card.id, suggest_recycle_target(game.state, card)))
    return app.taps - taps, app.keys - keys, on_screen


def production_step(app: AppPage, game: Game) -> int:
    """One production step (or the tokens' page), as a player who takes the suggestion
    (a Financier for 5 Science; at a table, "Nobody has..." for the others); returns the
    taps it took."""
    taps = app.taps
    state = game.state
    asked = f"Nobody has {state.produced} or more"
    if state.players > 1 and state.step is not None and app.button(asked).count():
        app.click(asked)
        game.play(Rivals(0))
    if game.state.science_pending:
        app.click("Take a Financier")
        game.play(ChooseScience("Fin"))
    if game.state.to_place:
        app.click("Place the cubes")
        app.button("Place the cubes").wait_for(state="detached")
        for uid, count in suggest_placement(game.state):
            game.play(Place(onto=uid, count=count))
    if ends_game(game.state):
        app.click("End the game and count the score")
        game.play(End())
    else:
        name = next(n for n in ("Next: Energy", "Next: Science", "Next: Gold",
                                "Next: Exploration", "Next: tokens from your cards",
                                f"Next: round {game.state.round + 1}")
                    if app.button(n).count())
        app.click(name)
        game.play(NextStep())
    return app.taps - taps


def test_one_card_and_one_step(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    game = start_solo(app)
    cards = catalog()
    wind = cards.card("Wind Turbines")
    taps, keys, shown = draft_counted(app, game, wind, build=True)  # Structure: open at first
    print(f"\ncard of the open type built: {taps} taps, {keys} keys")
    assert shown and taps == 1 and keys == 0
    taps, keys, shown = draft_counted(app, game, wind, build=True)
    assert shown and taps == 1 and keys == 0
    taps, keys, shown = draft_counted(app, game, cards.card("Zeppelin"), build=False)
    print(f"card of another type recycled (its cube has no card to go to): {taps} taps, "
          f"{keys} keys")
    assert not shown and taps == 2 and keys == 0
    taps, keys, shown = draft_counted(app, game, cards.card("Mega-Drill"), build=False)
    print(f"card recycled onto the card under construction closest to completion, its "
          f"type's tab still open: {taps} taps, {keys} keys")
    assert shown and taps == 1 and keys == 0
    app.wait_text("sequence", "Sequence 1 of 2 · card 5 of 5")
    app.screenshots("planning-counter")
    app.click("Start production")
    game.play(NextStep())
    app.wait_text("produced", "You produce 3 Materials")
    app.screenshots("production")
    taps = production_step(app, game)
    print(f"production step with cubes to place: {taps} taps")
    assert taps <= 2
    app.wait_text("produced", f"You produce {game.state.produced} Energy")
    taps = production_step(app, game)  # Wind Turbines were built: 1 Energy
    app.wait_text("produced", "You produce 0 Science")
    taps = production_step(app, game)
    print(f"production step with nothing produced: {taps} taps")
    assert taps == 1


@pytest.mark.slow
def test_a_whole_solo_game(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    draws = iter(shuffled_draws(ROUNDS * CARDS_PER_ROUND))
    game = start_solo(app)
    worst_card = worst_step = 0
    for round_number in range(1, ROUNDS + 1):
        app.wait_text("sequence", "Sequence 1 of 2 · card 1 of 5")
        for _ in range(CARDS_PER_ROUND):
            card = next(draws)
            build = len(game.state.under_construction) < MAX_BUILDING
            taps, keys, _ = draft_counted(app, game, card, build)
            assert taps <= 2 and keys == 0, (card.name, taps, keys)
            worst_card = max(worst_card, taps)
        app.wait_text("sequence", f"Both sequences played ({CARDS_PER_ROUND} cards)")
        app.click("Start production")
        game.play(NextStep())
        for resource in PRODUCTION_ORDER:  # each step's totals, as the rules count them
            app.wait_text("phase", f"Round {round_number} · Production: {NAMES[resource]}")
            app.wait_text("produced", f"You produce {game.state.produced} {NAMES[resource]}")
            worst_step = max(worst_step, production_step(app, game))
            if game.state.finished:
                break
        assert game.state.finished or game.state.round == round_number + 1
    score = game.state.score()
    total = score.total
    app.wait_text("final-score", f"{total} points")
    assert app.text("verdict-0") == f"Solo rank: {solo_rank(total, 'A').value}"
    assert app.text("final-raw") == str(score.raw)
    app.screenshots("end")
    print(f"\nwhole solo game, {ROUNDS * CARDS_PER_ROUND} cards: {app.counts()} "
          f"(setup included; worst card {worst_card} taps, worst step {worst_step}); "
          f"score {total}")
    assert worst_step <= 2
    assert app.keys == 0 and app.taps <= MAX_GAME_TAPS, app.counts()


def test_scenario_cards_marked_and_their_discard_warned(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.click("Solo scenario")
    app.click("1. To the Center of the Earth")
    app.click("Start the game")
    assert "Required by the scenario" in app.text("construction-1")
    app.click("Vehicle")  # Mega-Drill, required, first of its type
    app.screenshots("scenario-required")
    app.click("Discard Polar Base")
    app.wait_for_text("unless you build another one by the end, the scenario is lost")
    app.screenshots("scenario-discard-warning")
    app.click("Keep it")
    app.click("Back")
    card = app.page.locator('[flt-semantics-identifier^="ongoing-"]').first
    card.wait_for()
    assert "Solo scenario: To the Center of the Earth" in card.evaluate(READ)  # home's card
    app.screenshots("home-scenario-game")
