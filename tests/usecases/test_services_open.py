"""Opening the app's services (`companion.usecases.services`): the player's data folder
and their own scenarios, every problem said in words they can act on, and the backend
watched once whatever opened it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.shipped.catalog import catalog
from companion.shipped.paths import scenarios_dir
from companion.usecases.services import (
    MemoryBackend,
    ScenarioShelf,
    Services,
    ServicesError,
    load_scenario_library,
    load_scenarios,
    open_backend,
    open_services,
)
from companion.usecases.store_backend import StoreBackend
from companion.usecases.watch import WatchedBackend

SHIPPED = 12
"""The solo scenarios shipped with the app."""


def own_scenarios(folder: Path) -> Path:
    """A folder of the player's own: one good scenario and one broken file."""
    folder.mkdir(parents=True, exist_ok=True)
    mine = json.loads((scenarios_dir() / "solo" / "base-1.json").read_text(encoding="utf-8"))
    mine.update(id="home-1", names={"en": "Kitchen Table Classic"}, translated_names=[])
    (folder / "home-1.json").write_text(json.dumps(mine), encoding="utf-8")
    (folder / "broken.json").write_text("{", encoding="utf-8")
    return folder


def test_the_players_scenarios_load_beside_the_shipped_ones_and_a_broken_file_is_said(
        tmp_path: Path) -> None:
    folder = own_scenarios(tmp_path / "mine")
    scenarios, skipped = load_scenario_library(folder)
    assert len(scenarios) == SHIPPED + 1 and "home-1" in scenarios and "base-1" in scenarios
    assert skipped == [f"Skipped scenario file {folder / 'broken.json'}: broken.json: "
                       "not valid JSON (Expecting property name enclosed in double quotes at "
                       "line 1, column 2)"]
    assert load_scenarios(folder) == scenarios
    assert len(load_scenarios()) == SHIPPED


def test_scenarios_that_cannot_be_read_at_all_leave_the_app_without_scenarios(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.shipped.scenarios as shipped

    def broken(**_: object) -> None:
        raise OSError("the app's files are damaged")

    monkeypatch.setattr(shipped, "load_scenarios", broken)
    assert load_scenario_library(None) == ({}, [])
    assert load_scenarios() == {}


def test_the_data_folder_opens_with_the_players_own_scenarios(tmp_path: Path) -> None:
    own_scenarios(tmp_path / "data" / "scenarios")
    services = open_services(str(tmp_path / "data"))
    try:
        assert isinstance(services.backend, WatchedBackend)
        assert isinstance(services.backend.inner, StoreBackend)
        assert services.backend.data_folder() == str(tmp_path / "data")
        assert services.catalog is catalog()
        assert "home-1" in services.scenarios and len(services.scenarios) == SHIPPED + 1
        assert services.messages == [
            f"Skipped scenario file {tmp_path / 'data' / 'scenarios' / 'broken.json'}: "
            "broken.json: not valid JSON (Expecting property name enclosed in double quotes"
            " at line 1, column 2)"]
    finally:
        services.close()


def test_without_scenarios_of_their_own_the_shipped_ones_are_read_on_first_use(
        tmp_path: Path) -> None:
    """Nothing to say on the home screen, so nothing read before it (in the browser the
    scenarios' modules and files are time before the first screen)."""
    from companion.shipped.paths import USER_FOLDER

    (tmp_path / "data" / USER_FOLDER).mkdir(parents=True)
    services = open_services(str(tmp_path / "data"))
    try:
        assert isinstance(services.scenarios, ScenarioShelf)
        assert not services.scenarios.loaded and services.messages == []
        assert len(services.scenarios) == SHIPPED and "base-1" in services.scenarios
        assert services.scenarios.loaded and services.scenarios.skipped == []
    finally:
        services.close()


def test_a_data_folder_that_cannot_be_opened_says_why(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder", encoding="utf-8")
    with pytest.raises(ServicesError) as refused:
        open_backend(str(taken))
    assert str(refused.value) == (
        f"Cannot open your data: The data folder {taken} is not a folder. Choose another"
        " one with --data-dir or the COMPANION_DATA_DIR environment variable.")
    opened = open_backend(str(tmp_path / "data"))
    try:
        with pytest.raises(ServicesError) as refused:
            open_services(str(tmp_path / "data"))
        assert str(refused.value) == (
            f"Cannot open your data: The data folder {tmp_path / 'data'} is already open in "
            "another window or copy of the app. Close it there first, or use another folder "
            "with --data-dir.")
    finally:
        opened.close()


def test_services_watch_their_backend_once_and_pass_settings_through() -> None:
    memory = MemoryBackend()
    services = Services(catalog=catalog(), backend=memory)
    assert isinstance(services.backend, WatchedBackend) and services.backend.inner is memory
    heard: list[str | None] = []
    services.watch(heard.append)
    services.backend.delete_game("g1")
    assert heard == ["g1"]
    again = Services(catalog=catalog(), backend=services.backend)
    assert again.backend is services.backend
    services.set_setting("language", "fr")
    assert memory.settings == {"language": "fr"}
    assert services.setting("language", "en") == "fr"
    assert services.setting("theme", "dark") == "dark"
    assert sorted(services.campaign_boxes()) == ["war-or-peace"]
