"""Every screen has an address; back goes one screen up and never leaves the app.

The route table is the only way screens reach each other: a test reads the screen
modules' imports and fails if one imports another.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import memory_services
from harness import Ui
from test_history import quick_record

from companion.rules.actions import Start
from companion.rules.campaign import Campaign
from companion.rules.scenarios import start_for
from companion.shipped.rulebook import rulebook
from companion.shipped.scenarios import campaign_boxes
from companion.ui import address, routes
from companion.ui.app import CompanionApp, NotFoundScreen
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession
from companion.usecases.tables import table_hub

SOURCES = Path(routes.__file__).resolve().parents[2]
"""The folder that holds the `companion` package."""



# --- the table ----------------------------------------------------------------------


def _screens(services: Services) -> tuple[dict[str, str], list[str]]:
    """Addresses of every route, with values that exist in `services`, and the screen
    each shows ("module:Class"); then addresses whose value does not exist."""
    ongoing = GameSession.new(services, Start(empire="Noram States")).id
    services.backend.save_game(quick_record("quick", 2))  # Ana against Bo, finished
    campaign = Campaign.new("friday-nights", "Friday nights", campaign_boxes()["war-or-peace"],
                            ["Ann", "Bob"])
    services.backend.save_campaign(campaign.to_json())
    table = table_hub(services).create(["Ann", "Bob"], "A", ["base"]).id
    topic = rulebook().topics[0].id
    good = {
        "/": "companion.ui.home:HomeScreen",
        "/new/solo": "companion.ui.game.setup:SetupScreen",
        "/new/scenario?scenario=base-1": "companion.ui.game.setup:SetupScreen",
        f"/play/{ongoing}": "companion.ui.game.view:GameScreen",
        f"/play/{ongoing}/log": "companion.ui.game.log:GameLogScreen",
        "/quick": "companion.ui.game.quick_score:QuickScoreScreen",
        "/scenarios": "companion.ui.records.medals:MedalBoardScreen",
        "/scenarios/base-1": "companion.ui.records.medals:ScenarioScreen",
        "/campaigns": "companion.ui.campaigns.view:CampaignListScreen",
        "/campaigns/new": "companion.ui.campaigns.new:NewCampaignScreen",
        "/campaigns/friday-nights": "companion.ui.campaigns.view:CampaignScreen",
        "/campaigns/friday-nights/record": "companion.ui.campaigns.form:RecordScreen",
        "/cards": "companion.ui.cards.view:CardsScreen",
        "/cards/empires": "companion.ui.cards.empires:EmpiresScreen",
        "/cards/1": "companion.ui.cards.view:CardScreen",
        "/rules": "companion.ui.rules.view:RulesScreen",
        f"/rules/{topic}": "companion.ui.rules.view:RuleScreen",
        "/history": "companion.ui.records.history:HistoryScreen",
        "/history/quick": "companion.ui.records.story:HistoryGameScreen",
        "/stats": "companion.ui.records.stats:StatsScreen",
        "/players": "companion.ui.records.players:PlayersScreen",
        "/players/Bo": "companion.ui.records.players:PlayerScreen",
        "/settings": "companion.ui.settings.view:SettingsScreen",
        "/share": "companion.ui.table.share:ShareScreen",
        "/tables/new": "companion.ui.table.view:NewTableScreen",
        f"/tables/{table}": "companion.ui.table.view:TableScreen",
        f"/tables/{table}/1": "companion.ui.table.view:EmpireChoiceScreen",  # no Empire yet
    }
    bad = ["/new/poker", "/play/nope", "/play/nope/log", "/quick?game=nope",
           "/scenarios/nope", "/campaigns/nope", "/campaigns/nope/record", "/cards/x",
           "/cards/9999", "/rules/nope", "/history/nope",
           "/players/Nobody", "/tables/nope", f"/tables/{table}/3", f"/tables/{table}/x",
           "/no/such/page"]
    return good, bad


def test_every_route_makes_its_screen_from_its_address(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    handler = open_ui(services).page.on_route_change
    app = getattr(handler, "__self__", None)  # the tab's own app
    assert isinstance(app, CompanionApp)
    good, bad = _screens(services)
    covered = {routes.parse(where).route for where in good}
    assert covered == set(routes.ROUTES), "a route without an address to try"
    for where, expected in good.items():
        screen = app._make(where)
        shown = f"{type(screen).__module__}:{type(screen).__name__}"
        assert shown == expected, (where, getattr(screen, "reason", ""))
    for where in bad:
        assert isinstance(app._make(where), NotFoundScreen), where


def test_addresses_are_parsed_with_their_values_and_query() -> None:
    found = routes.parse("/new/scenario?scenario=ca-5")
    assert found.route is not None and found.route.pattern == "/new/{mode}"
    assert found.values == {"mode": "scenario"} and found.query == {"scenario": "ca-5"}
    assert routes.parse("/no/such/page").route is None
    assert routes.parse("").route is not None  # the empty address is home


def test_parents_are_the_shorter_addresses_that_exist() -> None:
    assert routes.parents("/") == []
    assert routes.parents("/play/abc") == ["/"]  # there is no /play page
    assert routes.parents("/settings") == ["/"]
    assert address.path("play", "a b/c") == "/play/a%20b%2Fc"
    assert routes.parse(address.path("play", "a b/c")).values == {"game": "a b/c"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_screen_imports_another_screen() -> None:
    screens = {entry.screen.partition(":")[0] for entry in routes.ROUTES}
    for module in screens:
        path = SOURCES.joinpath(*module.split(".")).with_suffix(".py")
        others = (_imports(path) & screens) - {module}
        assert not others, f"{module} imports {sorted(others)}: go through a route instead"


# --- back and reload ----------------------------------------------------------------


def test_a_screen_sits_on_its_parents_and_back_goes_one_up(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services())
    ui.click("Settings")
    assert ui.view_routes() == ["/", "/settings"]
    assert ui.pushed_routes()[-1] == "/settings"  # the browser's address and history
    ui.pop_view()  # the phone's back gesture
    assert ui.view_routes() == ["/"]
    ui.click("New solo game")
    ui.click("Back")
    assert ui.view_routes() == ["/"]


def test_the_browsers_back_button_shows_the_previous_address(
        open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services())
    ui.click("Solo scenario")
    ui.go("/")  # browser back: the address changes under the app
    assert ui.view_routes() == ["/"]
    assert "New solo game" in ui.names()


def test_a_reload_shows_the_same_screen(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    session = GameSession.new(services, Start(empire="Noram States"))
    ui = open_ui(services, route=f"/play/{session.id}")
    assert ui.view_routes() == ["/", f"/play/{session.id}"]
    assert "Round 1 · Planning" in ui.screen_text()
    settings = open_ui(services, route="/settings")
    assert "Language" in settings.screen_text()
    scenario = open_ui(services, route="/new/scenario?scenario=ca-5")
    assert scenario.route == "/new/scenario?scenario=ca-5"


@pytest.mark.parametrize("route", ["/no/such/page", "/play/not-a-game", "/new/poker"])
def test_an_unknown_address_says_so_and_leads_home(open_ui: Callable[..., Ui],
                                                   route: str) -> None:
    ui = open_ui(memory_services(), route=route)
    assert ui.has_id("not-found")
    ui.click("Back to the home screen")
    assert ui.view_routes() == ["/"]


# --- games in progress --------------------------------------------------------------


def test_every_game_in_progress_is_listed_and_can_be_continued(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    solo = GameSession.new(services, Start(empire="Noram States"))
    table = GameSession.new(services, Start(empire="Aztec Empire", mode="table", players=3))
    scenario_start = start_for(services.scenarios["base-1"], "Noram States", ("base",))
    GameSession.new(services, scenario_start)
    ui = open_ui(services)
    listed = ui.text("continue")
    assert "Solo game" in listed and "Table game, 3 players" in listed
    assert "Solo scenario: " in listed and "Round 1 · Planning" in listed
    ui.click("Continue the game", within=f"ongoing-{table.id}")
    assert ui.route == f"/play/{table.id}"
    ui.click("Back")
    ui.click("Continue the game", within=f"ongoing-{solo.id}")
    assert ui.route == f"/play/{solo.id}"


def test_abandoning_keeps_the_game_in_the_history_and_can_be_undone(
        open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()
    services = memory_services(backend)
    first = GameSession.new(services, Start(empire="Noram States"))
    second = GameSession.new(services, Start(empire="Aztec Empire"))
    ui = open_ui(services)
    ui.click("Abandon this game", within=f"ongoing-{first.id}")
    ui.click("Abandon")  # the confirmation
    assert not ui.has_id(f"ongoing-{first.id}") and ui.has_id(f"ongoing-{second.id}")
    history = backend.finished_games()
    assert [g["id"] for g in history] == [first.id] and history[0]["abandoned"] is True
    assert "kept in the history" in ui.last_message()
    bar = [d for d in ui.page._dialogs.controls if getattr(d, "action", None)][-1]
    ui.dispatch(bar, "action", None)  # the message's Undo
    assert ui.has_id(f"ongoing-{first.id}")
    assert backend.finished_games() == []


def test_cancelling_the_confirmation_abandons_nothing(open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()
    services = memory_services(backend)
    game = GameSession.new(services, Start(empire="Noram States"))
    ui = open_ui(services)
    ui.click("Abandon this game")
    ui.click("Cancel")
    assert ui.has_id(f"ongoing-{game.id}") and backend.finished_games() == []


def test_starting_a_new_game_never_hides_another(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    old = GameSession.new(services, Start(empire="Aztec Empire"))
    ui = open_ui(services)
    ui.click("New solo game")
    ui.click("Start the game")
    assert ui.route.startswith("/play/")
    ui.click("Back")
    assert ui.has_id(f"ongoing-{old.id}")
    assert len(services.backend.ongoing_games()) == 2


def test_sections_are_a_bar_on_a_phone_and_a_rail_on_a_wide_window(
        open_ui: Callable[..., Ui]) -> None:
    import flet as ft

    phone = open_ui(memory_services())
    if sum(routes.parse(route).route is not None for _, route in routes.SECTIONS) < 2:
        pytest.skip("one section only")
    assert isinstance(phone.page.views[-1].navigation_bar, ft.NavigationBar)
    wide = open_ui(memory_services(), width=1280, height=800)
    assert wide.page.views[-1].navigation_bar is None
    assert any(isinstance(c, ft.NavigationRail) for root in wide.roots()
               for c, _ in __import__("harness").walk(root))


def test_an_abandoned_game_survives_a_restart_in_the_history_of_a_real_store(
        open_ui: Callable[..., Ui], tmp_path: Path) -> None:
    from companion.usecases.store_backend import open_store_backend

    backend = open_store_backend(str(tmp_path))
    services = memory_services(backend)
    game = GameSession.new(services, Start(empire="Noram States"))
    ui = open_ui(services)
    ui.click("Abandon this game")
    ui.click("Abandon")
    backend.close()
    again = open_store_backend(str(tmp_path))
    try:
        assert again.ongoing_games() == []
        (kept,) = again.finished_games()
        assert kept["id"] == game.id and kept["abandoned"] is True
        assert again.game(game.id) is not None  # its moves are kept too
        assert again.resume_game(game.id)
        assert [g["id"] for g in again.ongoing_games()] == [game.id]
    finally:
        again.close()


def test_settings_opened_mid_game_go_back_to_the_game(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    game = GameSession.new(services, Start(empire="Noram States"))
    ui = open_ui(services, route=f"/play/{game.id}")
    ui.click("Settings")
    assert ui.route.startswith("/settings")
    assert ui.view_routes()[:2] == ["/", f"/play/{game.id}"], "the game stays under it"
    ui.click("Back")
    assert ui.route == f"/play/{game.id}"
    ui.click("Settings")
    ui.pop_view()  # the phone's back gesture
    assert ui.route == f"/play/{game.id}"
    ui.click("Back")
    ui.click("Settings")  # from home, settings sit on home
    assert ui.view_routes() == ["/", "/settings"]
    ui.click("Back")
    assert ui.route == "/"


@pytest.mark.parametrize("over", ["//elsewhere.example/x", "https://elsewhere.example/",
                                  "/no/such/page", "/settings", "/settings?over=/history",
                                  ""])
def test_settings_over_an_address_the_app_does_not_have_go_home(
        open_ui: Callable[..., Ui], over: str) -> None:
    ui = open_ui(memory_services(), route=address.path("settings", over=over))
    assert ui.view_routes()[0] == "/" and len(ui.view_routes()) == 2
    ui.click("Back")
    assert ui.route == "/"


def test_a_screen_opened_over_two_others_is_followed_but_no_deeper(
        open_ui: Callable[..., Ui]) -> None:
    """A rule opened from the rules list, itself opened over the history: back walks
    down both; a hand-made address three deep is not followed."""
    listed = address.path("rules", over="/history")
    rule = address.path("rules", "score", over=listed)
    ui = open_ui(memory_services(), route=rule)
    assert ui.view_routes() == ["/", "/history", listed, rule]
    deeper = address.path("settings", over=rule)
    ui = open_ui(memory_services(), route=deeper)
    assert ui.view_routes() == ["/", deeper]
