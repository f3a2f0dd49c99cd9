"""The history: finished games newest first, filters, a game's score pad and story,
delete with an undo, quick scores as what they are, abandoned games taken up again."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import Ui

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from builders import memory_services
from story_samples import benjamin_game, quick_pair, record, table_game

from companion.rules.actions import Construct, NextStep, Start
from companion.rules.game import Game
from companion.shipped.catalog import catalog
from companion.usecases.bgstats import BGG_ID, read_play_url
from companion.usecases.services import MemoryBackend


def quick_record(game_id: str, days: int, me: int | None = None) -> dict[str, Any]:
    """Example 5 of the rulebook (Apolline, 24) against Bo (face B, 3 Generals: 3)."""
    return quick_pair(game_id, days, 3, me)


def abandoned_record(game_id: str, days: int) -> dict[str, Any]:
    cards = catalog()
    game = Game.new(Start(empire="Noram States"), cards)
    game.play(Construct(cards.card("Wind Turbines").id))
    game.play(NextStep())
    return record(game, game_id, days, abandoned=True)


@pytest.fixture
def backend() -> MemoryBackend:
    cards = catalog()
    found = MemoryBackend()
    for data in (record(benjamin_game(cards), "benjamin", 0),
                 record(table_game(cards), "table", 1, names=["Bo", "Cy"]),
                 quick_record("quick", 2),
                 abandoned_record("gave-up", 3)):
        found.save_game(data)
    return found


def test_finished_games_newest_first_with_filters(open_ui: Callable[..., Ui],
                                                  backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history")
    listed = ["gave-up", "quick", "table", "benjamin"]
    assert all(ui.has_id(f"game-{i}") for i in listed)
    order = [c.identifier for c, _ in ui.controls(within="history-list")
             if getattr(c, "identifier", None)]
    assert [i for i in order if i.startswith("game-")] == [f"game-{i}" for i in listed]
    assert ui.text("history-count") == "4 games"
    assert "Quick score, 2 players" in ui.text("game-quick")
    assert "24 points" in ui.text("game-quick")
    assert "Abandoned, round 1" in ui.text("game-gave-up")

    ui.click("Table game", within="history-filters")
    assert ui.text("history-count") == "1 game"
    assert ui.has_id("game-table") and not ui.has_id("game-benjamin")
    ui.click("All", within="history-filters")
    ui.click("Empire: All Empires")
    ui.click("Panafrican Union")
    assert ui.text("history-count") == "2 games"  # Benjamin's and the table game
    assert not ui.has_id("game-quick") and not ui.has_id("game-gave-up")
    ui.click("Quick score", within="history-filters")
    assert ui.text("history-count") == "0 games"


def test_only_fifty_at_first_then_more(open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend()
    for number in range(120):
        backend.save_game(quick_record(f"q{number:03d}", number))
    ui = open_ui(memory_services(backend), route="/history")
    assert ui.has_id("game-q119") and ui.has_id("game-q070") and not ui.has_id("game-q069")
    ui.click("Show more")
    assert ui.has_id("game-q020") and not ui.has_id("game-q019")
    ui.click("Show more")
    assert ui.has_id("game-q000") and "Show more" not in ui.names()


def test_a_game_shows_its_score_pad_and_its_story(open_ui: Callable[..., Ui],
                                                  backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history")
    ui.click("Solo game", within="game-benjamin")
    assert ui.route == "/history/benjamin"
    # 2 Financiers from two Materials supremacies, nothing else scores (see the sample).
    assert ui.text("final-total") == "2 points"
    assert ui.text("final-financiers") == "2" and ui.text("final-raw") == "0"
    # Round 1: the Empire alone, M2 S2, plus the Mega-Drill's X1 once built.
    assert [ui.text(f"produced-1-{r}") for r in "MESGX"] == ["2", "0", "2", "0", "1"]
    assert "Built: Mega-Drill" in ui.text("round-1")
    # Round 2: 2 + 1 Materials; the Recycling Plant is built, 5 cubes → 1 Krystallium.
    assert ui.text("produced-2-M") == "3"
    assert "Built: Recycling Plant" in ui.text("round-2")
    assert "+1 Krystallium" in ui.text("round-2")
    # Round 3: example 1 of the rulebook, M5 E0 S2 G0 X1, and the solo supremacy.
    assert [ui.text(f"produced-3-{r}") for r in "MESGX"] == ["5", "0", "2", "0", "1"]
    assert "Supremacy: you took 1 Financier" in ui.text("round-3")
    assert ui.accessibility_problems() == []


def test_a_table_games_story_names_the_others_totals(open_ui: Callable[..., Ui],
                                                     backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history/table")
    assert ui.text("final-total") == "4 points"  # 4 Materials supremacies: 4 Financiers
    assert "No supremacy (others: 1, 1)" in ui.text("round-1")


def test_a_quick_score_shows_each_score_pad_and_no_story(open_ui: Callable[..., Ui],
                                                         backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history/quick")
    assert "Quick score" in ui.text("quick-mark")
    # Example 5: raw 3 + 3, combo 3 × 3 Research, duo 9 × min(3, 1): 24.
    assert [ui.text(f"player-1-{k}") for k in ("raw", "combo", "duo", "total")] == [
        "6", "9", "9", "24 points"]
    assert ui.text("player-2-generals") == "3" and ui.text("player-2-total") == "3 points"
    assert not ui.has_id("round-1")


def test_a_game_can_be_sent_to_bg_stats(open_ui: Callable[..., Ui],
                                        backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history/quick")
    import flet as ft
    import flet.canvas as cv
    from qr_read import drawn_modules, read_modules

    links = [c for c, _ in ui.controls(within="bgstats") if isinstance(c, ft.TextButton)]
    assert len(links) == 1
    data = read_play_url(str(links[0].url))
    assert data["game"]["bggId"] == BGG_ID
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [
        ("Ana", 24, True), ("Bo", 3, False)]
    # The QR code beside it is drawn (no picture to decode) and holds the same link.
    (canvas,) = [c for c, _ in ui.controls(within="bgstats") if isinstance(c, cv.Canvas)]
    assert read_modules(drawn_modules(canvas)) == [links[0].url]


def test_delete_asks_then_undo_brings_it_back(open_ui: Callable[..., Ui],
                                              backend: MemoryBackend) -> None:
    kept = backend.game("benjamin")
    ui = open_ui(memory_services(backend), route="/history/benjamin")
    ui.click("Delete this game")
    ui.click("Cancel")
    assert backend.game("benjamin") is not None
    ui.click("Delete this game")
    ui.click("Delete")
    assert backend.game("benjamin") is None
    assert ui.route == "/history" and not ui.has_id("game-benjamin")
    assert ui.last_message() == "Game deleted"
    bar = [d for d in ui.page._dialogs.controls if getattr(d, "action", None)][-1]
    ui.dispatch(bar, "action", None)  # the message's Undo
    assert backend.game("benjamin") == kept
    assert ui.has_id("game-benjamin")


def test_an_abandoned_game_can_be_taken_up_again(open_ui: Callable[..., Ui],
                                                 backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history")
    ui.click("Take it up again", within="game-gave-up")
    assert "abandoned" not in backend.game("gave-up")  # type: ignore[operator]  # as the store
    assert ui.route == "/play/gave-up"


def test_no_games_yet(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(MemoryBackend()), route="/history")
    assert "No finished games yet" in ui.text("history-empty")


def test_a_deleted_games_address_says_so(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services(MemoryBackend()), route="/history/nothing-here")
    assert "no longer in your data" in ui.text("not-found")


def test_a_steps_supremacy_in_the_story_leads_to_its_rule_with_the_total(
        open_ui: Callable[..., Ui], backend: MemoryBackend) -> None:
    ui = open_ui(memory_services(backend), route="/history/benjamin")
    ui.click("Why this supremacy in Materials?", within="round-3")  # 5 Materials
    # Solo, 5 Materials: at least 5 wins (rules digest, 3.2), written by hand.
    assert ui.text("why") == ("You produced 5 Materials: playing alone, 5 or more wins the"
                              " supremacy bonus.")
    ui.click("Back")
    assert ui.route == "/history/benjamin"
