"""The home screen tells the player about their data folder and never drops a game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from builders import memory_services
from harness import Ui

from companion.shipped.catalog import catalog
from companion.usecases.services import MemoryBackend, Services


def test_store_notices_are_shown(open_ui: Callable[..., Ui]) -> None:
    backend = MemoryBackend(messages=["The data file store.json was damaged. It was kept "
                                      "aside as store.json.damaged-2026-11-21."])
    ui = open_ui(memory_services(backend))
    assert "kept aside as store.json.damaged-2026-11-21" in ui.text("notice")


def test_an_unopenable_game_is_set_aside_not_deleted(open_ui: Callable[..., Ui]) -> None:
    broken = {"id": "g1", "mode": "solo", "finished": False, "updated": "2026-11-21T10:00:00",
              "created": "2026-11-21T10:00:00", "version": 1,
              "actions": [{"type": "start", "empire": "Atlantis Kingdom"}], "redo": []}
    backend = MemoryBackend(games={"g1": broken})
    ui = open_ui(memory_services(backend))
    assert "could not be opened" in ui.screen_text()
    ui.click("Set it aside")
    assert backend.games == {}
    assert backend.set_aside == [broken]
    assert "set-aside/g1.json" in ui.screen_text()
    assert "Continue the game" not in ui.names()


def test_the_players_own_scenarios_are_offered_and_broken_ones_explained(
        open_ui: Callable[..., Ui], tmp_path) -> None:
    import json

    from companion.shipped.paths import scenarios_dir
    from companion.usecases.services import load_scenario_library

    mine = json.loads((scenarios_dir() / "solo" / "base-1.json").read_text(encoding="utf-8"))
    mine.update(id="home-1", names={"en": "Kitchen Table Classic"}, translated_names=[])
    (tmp_path / "home-1.json").write_text(json.dumps(mine), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    scenarios, skipped = load_scenario_library(tmp_path)
    assert "home-1" in scenarios and "base-1" in scenarios
    services = Services(catalog=catalog(), backend=MemoryBackend(), scenarios=scenarios,
                        messages=skipped)
    ui = open_ui(services)
    assert "broken.json" in ui.text("notice")
    ui.click("Solo scenario")
    assert any("Kitchen Table Classic" in name for name in ui.names())


def test_the_phone_app_offers_nothing_that_needs_a_computer(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    services.runs_in_browser = True  # Python runs in the phone's browser
    ui = open_ui(services)
    names = ui.names()
    assert "Quick score" in names
    assert "Play on phones" not in names
    ui.click("Settings")
    assert "Play on phones" not in ui.names()
    assert "Files up to" in ui.screen_text() and "companion import" not in ui.screen_text()
    served = open_ui(memory_services())
    assert "Play on phones" in served.names()


def test_one_way_to_play_on_phones_sharing_first_then_the_table(
        open_ui: Callable[..., Ui]) -> None:
    from companion.usecases.share import Share

    services = memory_services()
    services.share = Share(host="192.168.1.20", port=8550, code="K7QM4XPD")
    ui = open_ui(services)
    phones = [name for name in ui.names() if "phone" in name.lower()]
    assert phones == ["Play on phones"], "one entry, one name"
    ui.click("Play on phones")
    assert ui.route == "/share" and ui.text("share-code") == "K7QM4XPD"
    ui.click("Set up the table")
    assert ui.route == "/tables/new"


def test_an_app_not_shared_says_how_before_any_table(open_ui: Callable[..., Ui]) -> None:
    ui = open_ui(memory_services())
    ui.click("Play on phones")
    assert "companion --share" in ui.text("share-off")
    assert "Set up the table" not in ui.names()


def test_home_repeats_no_section_of_the_navigation_bar(open_ui: Callable[..., Ui]) -> None:
    import flet as ft

    ui = open_ui(memory_services())
    bar = ui.page.views[-1].navigation_bar
    assert isinstance(bar, ft.NavigationBar)
    sections = {d.label for d in bar.destinations}
    assert {"Medals", "Campaigns", "History", "Cards"} <= sections
    on_home = set(ui.names()) - {"Settings"}
    assert not on_home & sections, "a section is one tap away in the bar already"
    assert "Statistics" not in on_home, "the statistics open from the history"
    assert "Your records" not in ui.screen_text()
    ui.section("History")
    ui.click("Statistics")
    assert ui.route == "/stats"


def test_without_a_bar_home_still_leads_to_every_record(
        open_ui: Callable[..., Ui], monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.ui import app

    monkeypatch.setattr(app.CompanionApp, "section_routes", lambda self: set())
    ui = open_ui(memory_services())
    for place in ("Medals", "Campaigns", "History", "Statistics", "Cards"):
        assert place in ui.names()
