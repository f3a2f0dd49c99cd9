"""Solo games in a real browser: a whole game, undo across a built card, resume after a kill."""

from __future__ import annotations

import re

import pytest
from app_page import READ, AppPage

from companion.rules.actions import ChooseScience, Construct, End, NextStep, Place, Start
from companion.rules.cards import PRODUCTION_ORDER, Resource
from companion.rules.game import Game
from companion.rules.scoring import solo_rank
from companion.rules.suggest import ends_game, suggest_placement
from companion.shipped.catalog import catalog

pytestmark = pytest.mark.browser

NAMES = {Resource.MATERIALS: "Materials", Resource.ENERGY: "Energy", Resource.SCIENCE: "Science",
         Resource.GOLD: "Gold", Resource.EXPLORATION: "Exploration"}
DRAFTS = {1: [("eolien", "Wind Turbines"), ("recycl", "Recycling Plant")],
          2: [("harbor", "Harbor Zone")], 3: [("giant", "Giant Tower")], 4: []}


def expected_game() -> Game:
    """The same game played directly on the rules, with the app's default choices."""
    cards = catalog()
    game = Game.new(Start(empire="Noram States", face="A"), cards)
    for round_number in range(1, 5):
        for _, name in DRAFTS[round_number]:
            game.play(Construct(cards.card(name).id))
        game.play(NextStep())
        while True:
            if game.state.science_pending:
                game.play(ChooseScience("Gen"))
            for uid, count in suggest_placement(game.state):
                game.play(Place(onto=uid, count=count))
            if ends_game(game.state):
                game.play(End())
                return game
            game.play(NextStep())
            if game.state.phase.value == "planning":
                break
    raise AssertionError("the game did not end")


def draft(app: AppPage, query: str, name: str) -> None:
    if not app.page.get_by_role("textbox", name="Search a drafted card").count():
        app.click("Search by name")  # by type unless asked; then it stays open
    app.fill("Search a drafted card", query)
    app.click(name)
    app.click(f"Build {name}")
    app.wait_for_text(f"^{re.escape(name)}$")


def play_step(app: AppPage, round_number: int, resource: Resource, expected: Game) -> None:
    app.wait_text("phase", f"Round {round_number} · Production: {NAMES[resource]}")
    page = app.page
    if page.get_by_role("button", name="Take a General").count():
        app.click("Take a General")
    if page.get_by_role("button", name="Place the cubes").count():
        app.click("Place the cubes")
        page.get_by_role("button", name="Place the cubes").wait_for(state="detached")


def go_on(app: AppPage) -> None:
    app.click(re.compile(r"^(Next: |End the game)"), exact=False)


@pytest.mark.slow
def test_full_solo_game_through_the_ui(app_server, page) -> None:
    expected = expected_game()
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.click("New solo game")
    app.wait_for_text("Setup checklist")
    app.screenshots("setup")
    app.click("Face A")
    app.click("Start the game")
    app.wait_text("phase", "Round 1 · Planning")
    replay = Game.new(Start(empire="Noram States", face="A"), catalog())
    for round_number in range(1, 5):
        app.wait_text("phase", f"Round {round_number} · Planning")
        for query, name in DRAFTS[round_number]:
            draft(app, query, name)
            replay.play(Construct(catalog().card(name).id))
        if round_number == 1:
            app.screenshots("planning")
        app.click("Start production")
        replay.play(NextStep())
        for resource in PRODUCTION_ORDER:
            produced = replay.state.produced
            app.wait_text("phase", f"Round {round_number} · Production: {NAMES[resource]}")
            app.wait_text("produced", f"You produce {produced} {NAMES[resource]}")
            if round_number == 1 and resource is Resource.MATERIALS:
                app.screenshots("production")
            play_step(app, round_number, resource, expected)
            if replay.state.science_pending:
                replay.play(ChooseScience("Gen"))
            for uid, count in suggest_placement(replay.state):
                replay.play(Place(onto=uid, count=count))
            go_on(app)
            if ends_game(replay.state):
                replay.play(End())
            else:
                replay.play(NextStep())
    total = expected.state.score().total
    assert replay.state.score().total == total
    app.wait_text("final-score", f"{total} points")
    rank = solo_rank(total, "A").value
    assert app.text("verdict-0") == f"Solo rank: {rank}"
    assert app.text("final-raw") == str(expected.state.score().raw)
    app.screenshots("end")


WHOLE_TAP = "Place 3 cubes: 2 on Wind Turbines, 1 on your Empire"
"""The Undo of "Place the cubes" with Wind Turbines under construction, as one step."""


def test_undo_across_a_completed_card(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    draft(app, "eolien", "Wind Turbines")
    app.click("Start production")
    app.click("Place the cubes")  # 2 on Wind Turbines (built), 1 on the Empire
    app.wait_text("built", "Built: Wind Turbines")
    app.click(f"Undo: {WHOLE_TAP}")  # the whole tap, in one step
    app.wait_text("built", "Built: none yet")
    assert "0 of 2 slots filled" in app.text("construction-1")
    app.screenshots("undo")
    app.click(f"Redo: {WHOLE_TAP}")
    app.wait_text("built", "Built: Wind Turbines")


def test_resume_after_the_server_is_killed(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    draft(app, "eolien", "Wind Turbines")
    app.click("Start production")
    app.click("Place the cubes")
    app.wait_text("built", "Built: Wind Turbines")
    server.kill()  # SIGKILL: nothing runs on the way out

    again = app_server()
    app.open(again.url, first="Continue the game")
    games = app.page.locator('[flt-semantics-identifier^="ongoing-"]')
    assert games.count() == 1  # the one game in progress, listed on the home screen
    assert "Round 1 · Production: Materials" in games.first.evaluate(READ)
    app.screenshots("home-continue")
    app.click("Continue the game")
    app.wait_text("built", "Built: Wind Turbines")
    app.button(f"Undo: {WHOLE_TAP}").wait_for()  # all of the tap came back
