"""Quick score screen: a tableau tapped in on a card grid gives the rulebook's totals.

The numbers are the rulebook's (../shared/reference/examples.md) and the printed cards'
(points and copies in the box), worked by hand, never taken from the code under test.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest
from harness import Ui
from rulebook import SIMON_BUILT

from companion.rules.cards import CardType
from companion.rules.errors import Refusal, Rejected
from companion.rules.stats import own_tableau, quick_built, record_empire, record_total
from companion.shipped.catalog import catalog
from companion.usecases.quick_model import QuickScore
from companion.usecases.services import Services

SIMON = list(SIMON_BUILT)
HARBOR_ZONE = 46  # Project, 2 points, 2 copies in the box
GIANT_TOWER = 45  # Project, 10 points, 1 copy


def tap_card(ui: Ui, name: str) -> int:
    """Count a copy of a card on its tile, its type's tab first when another type is
    open, as a player does; returns the taps it took."""
    if name not in ui.names():
        kind = catalog().card(name).type.value
        ui.click(next(n for n in ui.names() if n == kind or n.startswith(f"{kind} · ")))
        ui.click(name)
        return 2
    ui.click(name)
    return 1


def tabs(ui: Ui) -> dict[str, bool]:
    """Each type tab's name (with its count) and whether it is the open one."""
    return {str(control.label): bool(control.selected) for control, _ in ui.controls()
            if isinstance(control, ft.Semantics) and str(control.identifier).startswith("type-")}


class Counted:
    """Counts the taps a test makes, as the browser test does."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.taps = 0

    def click(self, name: str, **kwargs: object) -> None:
        self.taps += 1
        self.ui.click(name, **kwargs)  # type: ignore[arg-type]

    def card(self, name: str) -> None:
        self.taps += tap_card(self.ui, name)


def long_press(ui: Ui, name: str) -> None:
    ui.dispatch(ui.find(name), "long_press", None)


def test_simon_tableau_scores_62_in_18_taps_without_a_keyboard(ui: Ui) -> None:
    """Example 3: raw 12, combo 30, 2 Generals, 6 Financiers ×3 = 18; total 62. The
    cards by the game's type tabs (Structure open at first, Research and Project one tap
    each); six Financiers picked from the list the stepper's number opens."""
    tap = Counted(ui)
    tap.click("Quick score")
    tap.click("Aztec Empire")  # face B of every Empire is worth 0 points
    tap.click("Face B")
    assert tabs(ui) == {"Structure": True, "Vehicle": False, "Research": False,
                        "Project": False, "Discovery": False}
    kinds = list(CardType)
    for name in sorted(SIMON, key=lambda n: kinds.index(catalog().card(n).type)):
        tap.card(name)
    for _ in range(2):
        tap.click("One more General")
    tap.click("Financiers: 0")  # the list of numbers
    tap.click("6")
    assert ui.text("score-total") == "62 points"
    assert ui.text("score-raw") == "12"
    assert ui.text("score-combo") == "30"
    assert not ui.has_id("score-duo"), "no Duo points without Corruption & Ascension"
    assert ui.text("score-generals") == "2"
    assert ui.text("score-financiers") == "18"
    assert ui.text("solo-rank") == "Dictator"  # 62 on face B: 60 to 79
    assert tap.taps == 18  # before the tabs: 20 (no tab taps, a Financier a tap)
    # Each type's tab says how many of its cards are counted; the example says 5 Projects.
    assert tabs(ui) == {"Structure · 2": False, "Vehicle": False, "Research · 2": False,
                        "Project · 5": True, "Discovery": False}


def test_the_score_pad_is_in_the_bottom_bar(ui: Ui) -> None:
    """Always in sight while the grid scrolls; it follows every tap."""
    ui.click("Quick score")
    bar = ui.page.views[-1].bottom_appbar
    assert bar is not None
    tap_card(ui, "Giant Tower")
    bar = ui.page.views[-1].bottom_appbar
    assert bar is not None
    pad = [c for c, _ in ui.controls() if isinstance(c, ft.Semantics)
           and c.identifier == "score-total"]
    assert len(pad) == 1
    assert ui.text("score-total") == "10 points" and ui.text("score-raw") == "10"


def test_a_tap_adds_a_copy_a_long_press_or_minus_removes_one(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("Face B")
    tap_card(ui, "Harbor Zone")
    tap_card(ui, "Harbor Zone")
    assert ui.text(f"copies-{HARBOR_ZONE}") == "×2"
    assert ui.text("score-total") == "4 points"
    long_press(ui, "Harbor Zone")
    assert ui.text(f"copies-{HARBOR_ZONE}") == "×1"
    assert ui.text("score-total") == "2 points"
    ui.click("One fewer Harbor Zone")
    assert not ui.has_id(f"copies-{HARBOR_ZONE}")
    assert ui.text("score-total") == "0 points"
    long_press(ui, "Harbor Zone")  # nothing left to remove: nothing happens
    assert ui.text("score-total") == "0 points"


def test_copies_are_limited_by_the_box_for_the_whole_table(ui: Ui) -> None:
    ui.click("Quick score")
    tap_card(ui, "Giant Tower")
    tap_card(ui, "Giant Tower")
    assert ui.last_message() == "The box has only one Giant Tower, and it is already counted."
    assert ui.text(f"copies-{GIANT_TOWER}") == "×1"
    tap_card(ui, "Harbor Zone")
    ui.click("One more player")
    ui.click("Player 2 · 0")
    tap_card(ui, "Harbor Zone")  # the second copy of the box
    tap_card(ui, "Harbor Zone")
    assert ui.last_message() == "The box has 2 copies of Harbor Zone, all already counted."
    assert ui.text(f"copies-{HARBOR_ZONE}") == "×1"


def test_tokens_by_steppers_count_with_their_multipliers(ui: Ui) -> None:
    """Aquaculture: 1 point per Financier, so each Financier is worth 2; Generals 1."""
    ui.click("Quick score")
    ui.click("Face B")
    tap_card(ui, "Aquaculture")
    for _ in range(3):
        ui.click("One more Financier")
    ui.click("One more General")
    assert ui.text("financiers") == "3"
    assert ui.text("score-financiers") == "6"
    assert ui.text("score-generals") == "1"
    ui.click("One Financier fewer")
    assert ui.text("score-financiers") == "4"
    assert ui.text("score-total") == "5 points"


def test_empire_and_face_are_one_tap_each(ui: Ui) -> None:
    ui.click("Quick score")
    assert len(ui.find("Noram States").content) > 0
    ui.click("Aztec Empire")
    ui.click("Face A")
    tap_card(ui, "Harbor Zone")
    assert ui.text("score-total") == "2 points"  # Aztec A: 3 per Discovery, none built
    tap_card(ui, "Recycling Plant")  # a Structure: still no Discovery
    ui.click("Face B")
    assert ui.text("score-total") == "2 points"


def test_ranking_says_which_tie_breaker_placed_each_player(ui: Ui) -> None:
    """Four players on 2 points each, face B (0 points):
    1 Harbor Zone + Wind Turbines: 2 cards          → 1st, more built cards;
    2 Espionage Agency (1) + 1 General: 1 card, 1  → shares 2nd with player 3;
    3 Propaganda Center (1) + 1 General: 1 card, 1 → shares 2nd, ahead of player 4;
    4 Harbor Zone (2): 1 card, no token             → 4th.
    """
    ui.click("Quick score")
    for _ in range(3):
        ui.click("One more player")
    tableaux = [
        (["Harbor Zone", "Wind Turbines"], 0),
        (["Espionage Agency"], 1),
        (["Propaganda Center"], 1),
        (["Harbor Zone"], 0),
    ]
    for number, (cards, generals) in enumerate(tableaux, start=1):
        ui.click(next(n for n in ui.names() if n.startswith(f"Player {number} · ")))
        ui.click("Face B")
        for name in cards:
            tap_card(ui, name)
        for _ in range(generals):
            ui.click("One more General")
    assert ui.text("rank-1") == "1. Player 1: 2 points (more built cards)"
    assert ui.text("rank-2") == "2. Player 2: 2 points (shared place)"
    assert ui.text("rank-3") == "2. Player 3: 2 points (shared place, more character tokens)"
    assert ui.text("rank-4") == "4. Player 4: 2 points"
    ranking = ui.by_id("ranking")
    names = [c.identifier for c, _ in ui.controls(within="ranking")
             if isinstance(c, ft.Semantics) and c.identifier]
    assert ranking is not None and names[:5] == ["ranking", "rank-1", "rank-2", "rank-3",
                                                 "rank-4"]
    ui.click("Why does this player win?")
    assert ui.route.startswith("/rules/score?standings=")
    assert ui.text("why") == ("Player 1, Player 2, Player 3, Player 4 tie on 2 points;"
                              " Player 1 has the most built cards (2) and wins.")
    ui.click("Back")
    assert ui.text("rank-1") == "1. Player 1: 2 points (more built cards)", "every tap kept"


def test_grid_offers_the_owned_expansions_and_all_on_request(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services)
    ui.click("Quick score")
    ui.click("Structure")  # Border Patrol's type (Corruption & Ascension, not owned)
    assert "Border Patrol" not in ui.names()
    ui.click("Show all cards")
    tap_card(ui, "Border Patrol")
    ui.click("Show only my expansions")
    assert "Border Patrol" in ui.names()  # counted: still shown
    services.set_setting("expansions", ["base", "ca"])
    other = open_ui(services)
    other.click("Quick score")
    other.click("Structure")
    assert "Border Patrol" in other.names()
    assert "Show all cards" in other.names()  # War or Peace is not owned


def test_the_cards_are_the_game_pickers_tabs_and_tiles(ui: Ui) -> None:
    """One picker to learn: a tab per type, the open type's tiles only; the open tab
    stays open from one player to the next, and each tab counts the player's cards."""
    ui.click("Quick score")
    ui.click("One more player")
    ui.click("Project")
    projects = {c.name for c in catalog().cards
                if c.type is CardType.PROJECT and c.expansion.value == "base"}
    shown = {name for name in ui.names() if name in {c.name for c in catalog().cards}}
    assert shown == projects
    tap_card(ui, "Harbor Zone")
    tap_card(ui, "Harbor Zone")
    assert tabs(ui)["Project · 2"]  # the copies counted, not the cards
    ui.click("Player 2 · 0")
    assert tabs(ui)["Project"], "still open, with player 2's count: none"
    assert ui.accessibility_problems() == []


def test_search_is_one_tab_away_and_finds_every_type(ui: Ui) -> None:
    ui.click("Quick score")
    assert not any(isinstance(c, ft.TextField) and c.label == "Search cards"
                   for c, _ in ui.controls() if c.visible is not False)
    assert ui.focus_calls() == 0  # the tabs need no keyboard
    ui.click("Search by name")
    assert ui.focus_calls() == 1, "who asked to type gets the keyboard at once"
    ui.fill("Search cards", "tower")
    assert "Giant Tower" in ui.names() and "Harbor Zone" not in ui.names()
    assert not tabs(ui) or all(  # the tabs are hidden while searching
        not c.visible for c, _ in ui.controls() if isinstance(c, ft.ResponsiveRow)
        and any(str(getattr(x, "identifier", "")).startswith("type-") for x in c.controls))
    ui.click("Giant Tower")  # a Project, found with the Structure tab open before
    assert ui.text("score-total") == "10 points"
    ui.click("Pick by type")
    assert tabs(ui)["Structure"] and "Giant Tower" not in ui.names()


def test_the_number_of_tokens_is_picked_from_a_list(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("Face B")
    ui.click("Generals: 0")
    ui.click("4")
    assert ui.text("generals") == "4" and ui.text("score-generals") == "4"
    ui.click("One more General")  # the steppers still count on
    assert ui.text("generals") == "5"


def test_saved_record_reads_in_history_and_stats(ui: Ui, services: Services) -> None:
    """The shape `companion.rules.stats` and the history read: tableaux with
    [[card id, copies]], score pads, places; the player's own tableau first."""
    ui.click("Quick score")
    ui.click("One more player")
    ui.click("Face B")
    tap_card(ui, "Harbor Zone")
    tap_card(ui, "Harbor Zone")
    tap_card(ui, "Giant Tower")
    ui.click("Player 2 · 0")
    ui.click("Aztec Empire")
    ui.click("Face B")
    tap_card(ui, "Tank Division")
    ui.click("Player 1")  # which player is the app's own: asked once, before saving
    ui.click("Save to history")
    (saved,) = services.backend.finished_games()
    assert saved["me"] == 0 and services.setting("quick_score_me", None) == 0
    assert saved["kind"] == "quick-score" and saved["mode"] == "table"
    assert saved["players"] == ["Player 1", "Player 2"]
    mine = own_tableau(saved)
    assert mine is not None and mine["cards"] == [[HARBOR_ZONE, 2], [GIANT_TOWER, 1]]
    assert sorted(quick_built(saved)) == [GIANT_TOWER, HARBOR_ZONE, HARBOR_ZONE]
    assert record_total(saved) == 14
    assert record_empire(saved) == ("Noram States", "B")
    assert [p["place"] for p in saved["tableaux"]] == [1, 2]
    assert saved["tableaux"][1]["score"]["total"] == 0
    ui.go(f"/history/{saved['id']}")
    assert "Quick score" in ui.text("quick-mark")


def test_filled_from_a_table_game_keeps_the_players_tableau(ui: Ui) -> None:
    from companion.shipped.catalog import catalog
    from companion.usecases.quick_model import QuickScore

    model = QuickScore()
    model.set_count(2)
    cards = catalog()
    model.add_copy(0, cards.card("Harbor Zone"))
    model.add_copy(1, cards.card("Harbor Zone"))
    with pytest.raises(Rejected) as refused:  # a third Harbor Zone
        model.add_copy(1, cards.card("Harbor Zone"))
    assert (refused.value.kind, refused.value.params) == (
        Refusal.NO_COPY_LEFT, {"copies": 2, "card": "Harbor Zone"})
    model.remove_copy(0, HARBOR_ZONE)
    model.remove_copy(0, HARBOR_ZONE)  # none left: no change, no error
    assert model.players[0].cards == {} and model.counted(HARBOR_ZONE) == 1


def test_the_face_is_the_whole_tables(ui: Ui) -> None:
    """Faces A and B are never mixed at a table: a tap on a face sets everyone's.
    Harbor Zone 2 points and 1 Financier: on Noram B 2 + 1 = 3; on Noram A its 1 point
    per Financier makes the Financier worth 2: 4."""
    ui.click("Quick score")
    ui.click("One more player")
    ui.click("Player 2 · 0")
    ui.click("Face B")
    ui.click("Player 1 · 0")
    tap_card(ui, "Harbor Zone")
    ui.click("One more Financier")
    assert ui.text("score-total") == "3 points"
    ui.click("Face A")
    assert ui.text("score-total") == "4 points"


def test_an_empire_is_dealt_to_one_player_only(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("One more player")
    ui.click("Player 2 · 0")
    # Player 1 has Noram States; player 2 was given the first Empire nobody had.
    assert "Noram States · Player 1" in ui.names()
    assert "Aztec Empire" in ui.names()
    ui.click("Noram States · Player 1")
    assert ui.last_message() == ("Noram States is already Player 1's Empire: each Empire "
                                 "card is dealt to one player")
    ui.click("Federation of Asia")
    ui.click("Player 1 · 0")
    assert "Federation of Asia · Player 2" in ui.names()
    ui.click("Aztec Empire")  # free again
    assert "Aztec Empire" in ui.names() and "Noram States" in ui.names()


def test_new_players_take_the_free_empires_and_the_tables_face() -> None:
    model = QuickScore()
    model.players[0].empire = "Aztec Empire"  # as a game filled in first
    model.choose_face("B")
    model.set_count(7)
    # empires.csv order: Aztec, Federation of Asia, Noram, Panafrican, Republic of Europe,
    # then Corruption & Ascension's Nations of Oceania and North Hegemony.
    assert [p.empire for p in model.players] == [
        "Aztec Empire", "Federation of Asia", "Noram States", "Panafrican Union",
        "Republic of Europe", "Nations of Oceania", "North Hegemony"]
    assert {p.face for p in model.players} == {"B"}
    model.set_count(2)
    model.choose_empire(1, "North Hegemony")
    with pytest.raises(Rejected) as refused:
        model.choose_empire(0, "North Hegemony")
    assert (refused.value.kind, refused.value.params) == (
        Refusal.EMPIRE_TAKEN, {"empire": "North Hegemony", "player": "Player 2"})
    assert model.players[0].empire == "Aztec Empire"


def test_a_table_the_box_does_not_allow_is_not_saved() -> None:
    model = QuickScore()
    model.set_count(2)
    model.players[1].face = "B"  # past choose_face, as no screen does
    with pytest.raises(Rejected) as refused:
        model.to_record(catalog(), "id")
    assert (refused.value.kind, refused.value.params) == (Refusal.EMPIRE_FACE, {
        "player": "Player 2", "face": "B", "first": "Player 1", "first_face": "A"})
    model.players[1].face = "A"
    model.players[1].empire = "Noram States"
    with pytest.raises(Rejected) as refused:
        model.to_record(catalog(), "id")
    assert (refused.value.kind, refused.value.params) == (Refusal.EMPIRE_TAKEN, {
        "first": "Player 1", "second": "Player 2", "empire": "Noram States"})


def test_the_solo_rank_says_why_and_back_keeps_every_tap(ui: Ui) -> None:
    ui.click("Quick score")
    ui.click("Aztec Empire")
    ui.click("Face B")
    for name in SIMON:
        tap_card(ui, name)
    assert ui.text("score-total") == "42 points"  # 12 raw + 30 combo, no tokens yet
    ui.click("Why this result?")
    assert ui.text("why") == "42 points on face B: under 60, so Apprentice."
    ui.click("Back")
    assert ui.text("score-total") == "42 points", "the tableau tapped in is still there"


def test_which_player_is_you_is_asked_once_and_the_answer_kept(
        ui: Ui, services: Services) -> None:
    """Only the player's own tableau counts in their statistics: the quick score asks
    which one it is, once, and the next quick score starts from the last answer."""
    ui.click("Quick score")
    ui.click("One more player")
    assert ui.names(within="who-is-me") == ["Player 1", "Player 2", "None of them"]
    ui.click("Save to history")
    assert ui.last_message() == 'Say which player you are first (or "None of them")'
    assert services.backend.finished_games() == []
    ui.click("Player 2", within="who-is-me")
    ui.click("Save to history")
    (first,) = services.backend.finished_games()
    assert first["me"] == 1 and services.setting("quick_score_me", None) == 1
    ui.go("/")
    ui.go("/quick")  # a new quick score: the last answer, player 2
    ui.click("One more player")
    ui.click("Save to history")
    assert [g["me"] for g in services.backend.finished_games()] == [1, 1]
    ui.go("/")
    ui.go("/quick")
    ui.click("One more player")
    ui.click("None of them")  # a game of friends the player only scored
    ui.click("Save to history")
    assert sorted(str(g["me"]) for g in services.backend.finished_games()) == [
        "1", "1", "None"]
    assert services.setting("quick_score_me", 0) is None
    ui.go("/")
    ui.go("/quick")  # alone: "None of them" kept, a player 2 to forget
    ui.click("Save to history")
    assert len(services.backend.finished_games()) == 4
    services.set_setting("quick_score_me", 1)
    ui.go("/")
    ui.go("/quick")  # alone, and the last answer was a player 2 there is not now
    assert ui.names(within="who-is-me") == ["Player 1", "None of them"]
    ui.click("Save to history")
    assert "Say which player you are first" in ui.last_message()
    assert len(services.backend.finished_games()) == 4
