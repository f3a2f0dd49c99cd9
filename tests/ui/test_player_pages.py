"""The players of the records: the list, a player's page with its filters, and
head-to-head, on a small history whose figures are worked out by hand below."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from builders import memory_services
from story_samples import benjamin_game, record, table_game
from test_history import quick_record

from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend


@pytest.fixture
def history() -> MemoryBackend:
    """Benjamin's solo game (day 0); a 3-player table game with Bo and Cy, 4 points
    (day 1); a quick score, Ana 24 (1st) against Bo 3 (2nd) (day 2)."""
    cards = catalog()
    backend = MemoryBackend()
    for data in (record(benjamin_game(cards), "benjamin", 0),
                 record(table_game(cards), "table", 1, names=["Bo", "Cy"]),
                 quick_record("quick", 2)):
        backend.save_game(data)
    return backend


@pytest.fixture
def players_ui(open_ui: Callable[..., Ui], history: MemoryBackend) -> Ui:
    return open_ui(memory_services(history))


def test_everyone_who_played_is_listed_most_games_first(players_ui: Ui) -> None:
    ui = players_ui
    ui.go("/history")
    ui.click("Players")
    assert ui.route == "/players"
    assert [n for n in ui.names(within="player-list")][:4] == ["You", "Bo", "Ana", "Cy"]
    assert "2 games · 0 wins" in ui.text("player-list")
    assert "1 game · 1 win" in ui.text("player-list")


def test_a_players_page_and_head_to_head(players_ui: Ui) -> None:
    ui = players_ui
    ui.go("/players")
    ui.click("Bo")
    assert ui.route == "/players/Bo"
    assert ui.text("player-games") == "2 games"
    assert ui.text("player-wins") == "Wins: 0 of 1 game with others"
    assert ui.text("player-scores") == "Average 3, best 3 points"
    assert ui.text("rival-Ana") == ("1 game together; Bo ahead 0, Ana ahead 1; average margin"
                                    " -21")  # written like the average: no ".0"
    assert ui.text("rival- ") == "1 game together"  # the owner: no total typed for Bo
    ui.click("3 players")
    assert ui.route == "/players/Bo?players=3"
    assert ui.text("player-games") == "1 game" and not ui.has_id("player-wins")
    assert not ui.has_id("rival-Ana")
    ui.click("Any table")
    ui.click("Ana")  # a rival's page opens over Bo's: back, the arrow or the browser's,
    assert ui.route == "/players/Ana?over=%2Fplayers%2FBo"  # returns to Bo, not the list
    assert ui.view_routes() == ["/", "/players", "/players/Bo", ui.route]
    assert ui.text("player-wins") == "Wins: 1 of 1 game with others"
    ui.click("Bo")  # from Ana's page, Bo's opens over Ana's, one level only
    assert ui.route == "/players/Bo?over=%2Fplayers%2FAna"
    ui.click("Back")  # the app's arrow: to Ana, as the browser's back goes
    assert ui.route == "/players/Ana"
    ui.click("Back")
    assert ui.route == "/players"


def test_the_owner_has_a_page_and_an_unknown_name_says_so(players_ui: Ui) -> None:
    ui = players_ui
    ui.go("/players")
    ui.click("You")
    assert ui.text("player-games") == "2 games"
    ui.go("/players/Nobody")
    assert "Nobody called Nobody has played in your records." in ui.text("not-found")
    ui.go("/players/bo?period=12m")  # any capitals; a period with no game left
    assert ui.text("player-none") == "No game matches these filters."


def test_a_table_is_set_from_a_group_in_one_tap_and_an_absent_player_left_out(
        players_ui: Ui, history: MemoryBackend) -> None:
    ui = players_ui
    ui.go("/new/table")
    # The quick score (Ana, Bo) was a game the player did not play: no group of theirs.
    assert ui.names(within="groups") == ["Bo, Cy"]
    ui.click("Bo, Cy")
    assert ui.text("player-count").endswith("3")
    assert (ui.field("Name of player 2").value, ui.field("Name of player 3").value) == (
        "Bo", "Cy")
    ui.click("Leave Bo out")
    assert ui.text("player-count").endswith("2")
    assert ui.field("Name of player 2").value == "Cy"
    assert "Leave Cy out" not in ui.names(), "two players is the smallest table"
    ui.click("Start the game")
    assert ui.route.startswith("/play/")
    (game,) = history.ongoing_games()
    assert game["names"] == ["Cy"] and game["players"] == 2


def test_the_statistics_filter_by_table_size_and_period(players_ui: Ui) -> None:
    ui = players_ui
    ui.go("/stats")
    # Benjamin's solo game (2 points) and the table game (4); the quick score of Ana and
    # Bo names no tableau as the player's: left out, not its first line (Ana's 24).
    assert ui.text("summary-over-time") == "2 games: first 2 points, latest 4, best 4."
    assert ui.text("stats-quick").startswith("1 quick score without you is left out")
    assert "2 players" not in ui.names(within="stats-filters")
    ui.click("3 players")  # the table game: 4 points
    assert ui.route == "/stats?players=3"
    assert ui.text("summary-over-time") == "1 game: first 4 points, latest 4, best 4."
    ui.click("Last 12 months")  # these games are from March 2025
    assert ui.route == "/stats?period=12m&players=3"
    assert ui.text("stats-none") == "No game matches these filters."
    ui.click("Any table")
    ui.click("All time")
    assert ui.route == "/stats" and ui.text("summary-over-time").startswith("2 games")
    ui.go("/players/Ana")
    ui.click("That was me")  # Ana's tableau was the player's: now it counts
    ui.go("/stats?players=2")
    assert ui.text("summary-over-time") == "1 game: first 24 points, latest 24, best 24."
    assert not ui.has_id("stats-quick")


def undo(ui: Ui) -> None:
    bar = [d for d in ui.page._dialogs.controls if getattr(d, "action", None)][-1]
    ui.dispatch(bar, "action", None)  # the message's Undo


def test_a_rename_a_merge_and_that_was_me_each_undone_in_one_tap(
        players_ui: Ui, history: MemoryBackend) -> None:
    ui = players_ui
    ui.go("/players/Bo")
    ui.fill("New name, or another name of the same person", "Bob")
    ui.click("Rename")
    assert ui.route == "/players/Bob" and ui.last_message() == "Bo is now called Bob."
    assert ui.text("player-games") == "2 games"
    undo(ui)
    assert ui.route == "/players/Bo" and history.setting("player_aliases", None) == {}
    ui.fill("New name, or another name of the same person", "Bo M.")  # a name with a stop
    ui.click("Rename")
    assert ui.last_message() == "Bo is now called Bo M."  # one full stop, not two
    undo(ui)
    ui.fill("New name, or another name of the same person", "cy")  # Cy: the same person
    ui.click("Rename")
    # Cy is written as the players see Cy, not as "cy" was typed.
    assert ui.last_message() == "Bo and Cy are now one player: Cy."
    # Bo's 2 games and Cy's 1 (the table game, where both sat): 2 games in all.
    assert ui.text("player-games") == "2 games"
    ui.go("/players")
    assert "Bo" not in ui.names(within="player-list")
    ui.go("/players/Ana")
    ui.click("That was me")
    assert ui.route == "/players/%20"
    assert ui.last_message() == "Ana was you: their games are now yours."
    assert ui.text("player-games") == "3 games"  # benjamin, the table game, the quick score
    ui.fill("New name, or another name of the same person", "   ")
    ui.click("Rename")
    assert "A player's name is 1 to 60 printable characters" in ui.last_message()
