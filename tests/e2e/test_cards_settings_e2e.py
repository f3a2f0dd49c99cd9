"""The card browser in a real browser, and a file exported from one data folder imported
into another through the settings screen (the browser's own file chooser and download)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_page import AppPage

from companion.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_samples import play, record

pytestmark = pytest.mark.browser


def test_card_search_card_page_and_empires(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.address("cards"), first="Empires")
    app.wait_for_text("^Cards shown: 78$")
    app.screenshots("cards")
    app.fill("Search cards", "eoliennes")
    app.wait_for_text("^Cards shown: 1$")
    app.click("Wind Turbines", exact=False, within="card-list")
    app.wait_for_text("^Recycling bonus$")
    app.wait_for_address("/cards/9$")
    assert "2 Materials" in app.text("card-cost")
    assert "Français: Éoliennes" in app.text("card-names")
    app.screenshots("card-page")
    app.click("Back")
    app.click("Empires")
    app.wait_for_text("^Noram States$")
    app.screenshots("empires")


def test_an_exported_file_imported_through_the_settings_screen(
        app_server, page, data_dir: Path, tmp_path: Path) -> None:
    with open_store(tmp_path / "a") as source:
        source.save_game(record("from-a", play(7)))
        exported = tmp_path / "export.json"
        source.export_file(exported)
    server = app_server()  # an empty data folder
    app = AppPage(page)
    app.open(server.address("settings"), first="Export all my data")
    app.screenshots("settings")

    with page.expect_download() as download:
        app.click("Export all my data")
    assert download.value.suggested_filename.startswith("wonderful-companion-")

    with page.expect_file_chooser() as chooser:
        app.click("Import an exported file")
    chooser.value.set_files(str(exported))
    app.wait_for_text("It holds: 1 game,")
    app.settle()  # the dialog has finished opening
    app.click("Add to my data")
    # The snack bar's message is the accessible name of its node.
    page.locator('[aria-label^="Imported: 1 new game,"]').first.wait_for()
    server.stop()
    with open_store(data_dir, read_only=True) as target:
        assert target.game("from-a") is not None
