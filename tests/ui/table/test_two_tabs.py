"""Two tabs on one game: they stay in step, and a tab that fell behind never overwrites.

The race from the issue: tab A undoes, tab B (still showing the old state) presses
Next, tab A redoes. Before, B's move was lost and the tabs showed different steps.
"""

from __future__ import annotations

from collections.abc import Callable

from builders import memory_services
from harness import Ui
from test_game_flow import draft, game_of, start_solo

from companion.rules.actions import NextStep
from companion.usecases.services import Services

PLANNING = "Round 1 · Planning"
PRODUCTION = "Round 1 · Production: Materials"



def _started(open_ui: Callable[..., Ui], services: Services, **kwargs: object) -> Ui:
    first = open_ui(services, **kwargs)
    start_solo(first)
    draft(first, "Wind Turbines")
    first.click("Start production")
    return first


def test_the_other_tab_follows_every_move(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    a = _started(open_ui, services)
    b = open_ui(services, route=a.route, beside=a)
    assert PRODUCTION in b.screen_text()
    a.click("Undo: Go to the next step")
    assert PLANNING in b.screen_text()  # B was told, and shows A's undo
    b.click("Start production")
    assert PRODUCTION in a.screen_text()  # and A shows B's move
    assert not a.is_enabled("Redo: nothing to redo")  # B's move replaced the redo
    game = game_of(services)
    assert isinstance(game.actions[-1], NextStep) and not game.can_redo


def test_a_tab_that_fell_behind_is_refused_and_brought_up_to_date(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    a = _started(open_ui, services)
    b = open_ui(services, route=a.route)  # not told of A's moves: another server's hub
    a.click("Undo: Go to the next step")
    assert PRODUCTION in b.screen_text()  # B still shows the old state
    saved = services.backend.game(game_of_id(services))
    b.click("Place the cubes")
    assert "changed in another window" in b.last_message()
    assert services.backend.game(game_of_id(services)) == saved  # nothing overwritten
    assert PLANNING in b.screen_text()  # B now shows the game as it is
    b.click("Start production")  # and can go on from there
    a.click("Redo: Go to the next step")  # A fell behind in turn
    assert "changed in another window" in a.last_message()
    assert PRODUCTION in a.screen_text()


def game_of_id(services: Services) -> str:
    return str(services.backend.ongoing_games()[0]["id"])
