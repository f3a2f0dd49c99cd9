"""The settings screen: games owned, default face, data folder, export, import and reset.

Import and reset run on a real store in a temporary folder, since what they promise
(the file is checked before anything changes; a backup is kept) is the store's.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest
from builders import memory_services
from harness import Ui

from companion.store import open_store
from companion.ui.app import make_main
from companion.usecases.services import MemoryBackend
from companion.usecases.store_backend import StoreBackend
from companion.webapp.main_in_browser import (
    ExportState,
    IndexedDBSync,
    SyncedBackend,
    with_reminder,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_samples import play, record


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[Callable[[str], StoreBackend]]:
    """Real stores in folders of their own, closed at the end."""
    opened: list[StoreBackend] = []

    def make(name: str) -> StoreBackend:
        backend = StoreBackend(open_store(tmp_path / name))
        opened.append(backend)
        return backend

    yield make
    for backend in opened:
        backend.close()



def _checkbox(ui: Ui, label: str) -> ft.Checkbox:
    (box,) = [c for c, _ in ui.controls() if isinstance(c, ft.Checkbox) and c.label == label]
    return box


def _switch(ui: Ui, label: str) -> ft.Switch:
    """The switch named `label`: by its own label, or by its row's (setup's switches)."""
    (switch,) = [c for c, up in ui.controls() if isinstance(c, ft.Switch) and (
        c.label == label or any(isinstance(a, ft.Semantics) and a.label == label
                                for a in up[-2:]))]
    return switch


def _toggle(ui: Ui, control: ft.Checkbox | ft.Switch, value: bool) -> None:
    ui.session.apply_patch(control._i, {"value": value})
    ui.dispatch(control, "change", "true" if value else "false")


def _pick(ui: Ui, name: str, content: bytes) -> None:
    """The browser's answer to the import button: the chosen file and its bytes."""
    ui.click("Import an exported file")
    (picker,) = [s for s in ui.page._services._services if isinstance(s, ft.FilePicker)]
    ui.dispatch(picker, "result",
                {"files": [{"id": 0, "name": name, "size": len(content), "bytes": content}]})


def test_games_owned_are_what_setup_and_the_card_browser_start_with(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services(MemoryBackend())
    ui = open_ui(services, route="/settings")
    assert _checkbox(ui, "Base game").disabled
    _toggle(ui, _checkbox(ui, "Corruption & Ascension"), True)
    assert services.setting("expansions", None) == ["base", "ca"]
    ui.go("/new/solo")
    assert _switch(ui, "Corruption & Ascension").value is True
    assert _switch(ui, "War or Peace bonus cards").value is False
    ui.go("/cards")
    assert ui.text("card-count") == "Cards shown: 116"  # 78 base + 38 C&A (cards.csv)


def test_the_default_face_is_setups_and_variants_need_the_switch(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services(MemoryBackend())
    ui = open_ui(services, route="/settings")
    assert "Face C" not in ui.names()
    ui.click("Face B")
    assert services.setting("default_face", None) == "B"
    ui.go("/new/solo")
    assert isinstance(ui.find("Face B"), ft.FilledButton)
    ui.go("/settings")
    _toggle(ui, _switch(ui, "Variant faces C to F (not in the rulebooks)"), True)
    ui.click("Face E")
    assert services.setting("default_face", None) == "E"
    ui.go("/new/solo")
    assert isinstance(ui.find("Face E"), ft.FilledButton)
    ui.go("/settings")
    _toggle(ui, _switch(ui, "Variant faces C to F (not in the rulebooks)"), False)
    assert services.setting("default_face", None) == "A"  # a hidden face is not kept


def test_the_data_folder_is_shown(open_ui: Callable[..., Ui],
                                  stores: Callable[[str], StoreBackend],
                                  tmp_path: Path) -> None:
    ui = open_ui(memory_services(stores("data")), route="/settings")
    assert ui.text("data-folder") == f"Data folder: {tmp_path / 'data'}"
    ui = open_ui(memory_services(MemoryBackend()), route="/settings")
    assert "kept in memory only" in ui.text("data-folder")


def test_export_downloads_the_stores_export(open_ui: Callable[..., Ui],
                                            stores: Callable[[str], StoreBackend]) -> None:
    backend = stores("data")
    backend.save_game(record("g1", play(1)))
    ui = open_ui(memory_services(backend), route="/settings")
    ui.session.apply_patch(ui.page._i, {"web": True, "platform": "linux"})
    ui.click("Export all my data")
    (args,) = [args for name, args in ui.client.calls if name == "save_file"]
    assert args["file_name"].startswith("wonderful-companion-")
    assert args["file_name"].endswith(".json")
    assert json.loads(args["src_bytes"]) == backend.export_all()
    assert "is being downloaded as wonderful-companion-" in ui.last_message()


def test_an_export_that_lacks_games_says_which(open_ui: Callable[..., Ui],
                                               stores: Callable[[str], StoreBackend],
                                               tmp_path: Path) -> None:
    """A month damaged with no copy of it left: the export is made all the same, and
    its message names the game it could not hold."""
    backend = stores("data")
    backend.save_game(record("g1", play(1)))
    backend.close()
    month = tmp_path / "data" / "archive" / "2025-01.json"
    month.write_bytes(b'{"_checksum":"0"}')
    month.with_name("2025-01.json.prev").unlink(missing_ok=True)
    shutil.rmtree(tmp_path / "data" / "backups")
    backend = stores("data")
    assert "in no copy" in backend.notices()[0]
    ui = open_ui(memory_services(backend), route="/settings")
    ui.session.apply_patch(ui.page._i, {"web": True, "platform": "linux"})
    ui.click("Export all my data")
    assert "is being downloaded as" in ui.last_message()
    assert ui.last_message().endswith(
        "1 game of your history is not in the export: its moves were lost when its archive"
        " file was damaged (January 1, 2025). It stays in your history with its score.")


def test_an_export_closes_the_phone_apps_reminder_at_once(tmp_path: Path) -> None:
    """The player reached Settings by the app bar, the reminder still up: once they
    exported, it must not go on asking them to export."""
    services = memory_services()
    state = ExportState(tmp_path / "state.json", IndexedDBSync())
    services.backend = SyncedBackend(services.backend, IndexedDBSync(), state)
    ui = Ui(with_reminder(make_main(services), state, lambda: True))
    try:
        (banner,) = [d for d in ui.page._dialogs.controls if isinstance(d, ft.Banner)]
        assert banner.open and "Export now" in ui.names()
        ui.click("Settings")
        assert banner.open  # opening Settings is not exporting
        ui.session.apply_patch(ui.page._i, {"web": True, "platform": "linux"})
        ui.click("Export all my data")
        assert not banner.open
        assert "is being downloaded as wonderful-companion-" in ui.last_message()
        assert "Export now" not in ui.names()
        assert state.last_export() is not None
    finally:
        ui.close()
    assert not state.due(has_data=True)  # and it waits two weeks to come back
    never = ExportState(tmp_path / "never.json", IndexedDBSync())
    later = Ui(with_reminder(make_main(services), never, lambda: True))
    try:
        later.click("Later")
        assert "Export now" not in later.names()
    finally:
        later.close()


def test_an_exported_file_imported_adds_its_games(open_ui: Callable[..., Ui],
                                                  stores: Callable[[str], StoreBackend]) -> None:
    source = stores("a")
    source.save_game(record("g1", play(1)))
    source.save_game(record("g2", play(2), minutes=60))
    exported = json.dumps(source.export_all()).encode()
    target = stores("b")
    ui = open_ui(memory_services(target), route="/settings")
    _pick(ui, "export.json", exported)
    assert "It holds: 2 games" in ui.screen_text()
    ui.click("Add to my data")
    assert target.game("g1") is not None and target.game("g2") is not None
    assert ui.last_message() == (
        "Imported: 2 new games, 0 scenario attempts, 0 campaigns, 0 players. Updated to a"
        " newer version: 0 games, 0 scenario attempts and 0 campaigns. Already here and left"
        " alone: 0 games, 0 scenario attempts and 0 campaigns.")


def test_replacing_asks_again_then_replaces(open_ui: Callable[..., Ui],
                                           stores: Callable[[str], StoreBackend]) -> None:
    source = stores("a")
    source.save_game(record("new", play(3)))
    target = stores("b")
    target.save_game(record("old", play(4)))
    ui = open_ui(memory_services(target), route="/settings")
    _pick(ui, "export.json", json.dumps(source.export_all()).encode())
    ui.click("Replace all my data")
    assert target.game("old") is not None  # not before the second answer
    ui.click("Replace everything")
    assert target.game("old") is None and target.game("new") is not None


@pytest.mark.parametrize(("content", "reason"), [
    (b"\x89PNG not json", "not even JSON"),
    (b'{"format": "something else"}', "this is not a file exported by this app"),
    (b'{"format": "wonderful-companion", "schema_version": 1, "games": [{"id": 5}]}',
     "games[0]"),
])
def test_a_bad_file_changes_nothing_and_says_why(
        open_ui: Callable[..., Ui], stores: Callable[[str], StoreBackend],
        content: bytes, reason: str) -> None:
    target = stores("b")
    target.save_game(record("kept", play(5)))
    before = target.export_all()
    ui = open_ui(memory_services(target), route="/settings")
    _pick(ui, "bad.json", content)
    if "Add to my data" in ui.names():
        ui.click("Add to my data")
    message = ui.last_message()
    assert "nothing was changed" in message and reason in message
    assert target.export_all() == before


def test_reset_keeps_a_backup_and_the_settings(open_ui: Callable[..., Ui],
                                               stores: Callable[[str], StoreBackend],
                                               tmp_path: Path) -> None:
    backend = stores("data")
    backend.set_setting("default_face", "B")
    backend.save_game(record("g1", play(6)))
    ui = open_ui(memory_services(backend), route="/settings")
    ui.click("Erase all my data…")
    ui.click("Cancel")
    assert backend.game("g1") is not None
    ui.click("Erase all my data…")
    ui.click("Erase everything")
    assert backend.game("g1") is None and backend.finished_games() == []
    assert backend.setting("default_face", None) == "B"
    backups = tmp_path / "data" / "backups"
    assert str(backups) in ui.last_message()
    assert any(backups.iterdir())
