"""A seat takes its game home from a shared table, in a real browser, into another app.

The host's data folder holds a 2-player table played through its use cases
(tests/table_play.py): Ana has finished with 16 points; Bo, 4 points, has one tap left.
Bo's phone ends the game, sees the ranking, downloads the game; a phone that never
opened the app fetches the same file through the link the QR code would hold (the
access code in it); a second app, on a data folder of its own as the player's own app
would be, imports the file and lists the game in its History.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_page import AppPage
from table_play import open_table, play_on

from companion.shipped.catalog import catalog
from companion.store import open_store
from companion.usecases.services import Services
from companion.usecases.store_backend import StoreBackend

pytestmark = pytest.mark.browser

CODE = "TABLE-42"
SHARE = ["--share", "--host", "127.0.0.1"]
CODE_GIVEN = {"COMPANION_CODE": CODE}


def bo_one_tap_from_the_end(folder: Path) -> tuple[str, list[str]]:
    """The table in the host's folder; its id and its seats' game ids."""
    with open_store(folder) as store:
        table, seats = open_table(Services(catalog=catalog(), backend=StoreBackend(store)))
        play_on(seats, until_end_of=1)
    return table.id, [session.id for session in seats]


def test_a_seat_takes_its_game_home_into_another_app(
        app_server: Any, browser: Any, page: Any, data_dir: Path, tmp_path: Path) -> None:
    table, games = bo_one_tap_from_the_end(data_dir)
    host = app_server(args=SHARE, env=CODE_GIVEN)
    bo = AppPage(page)
    bo.open(f"{host.root}tables/{table}/2?code={CODE}",
            first="End the game and count the score")
    bo.click("End the game and count the score")
    bo.wait_text("rank-1", "1. Ana: 16 points")
    bo.wait_text("rank-2", "2. Bo: 4 points")
    # Shared on this computer's loopback only: no code a phone could follow.
    assert "no other phone can fetch the file" in bo.text("take-home-here-only")
    with page.expect_download() as download:
        bo.click("Take this game home")
    name = download.value.suggested_filename
    assert name.startswith("wonderful-companion-table-") and name.endswith("-bo.json")
    downloaded = tmp_path / name
    download.value.save_as(downloaded)

    # What the QR code holds: the file's address on the host, with the access code. A
    # phone that never opened the app is let in by the code and gets the file.
    stranger = browser.new_context()
    try:
        fetched = stranger.request.get(f"{host.root}take-home/{table}/2?code={CODE}")
        assert fetched.status == 200
        assert fetched.headers["content-disposition"].startswith(
            f'attachment; filename="{name}"')
        assert fetched.body() == downloaded.read_bytes()
    finally:
        stranger.close()

    own = app_server(folder=tmp_path / "own-app")  # the player's own app
    phone = AppPage(browser.new_page(viewport={"width": 390, "height": 844}))
    try:
        phone.page.set_default_timeout(60_000)
        phone.open(own.address("settings"), first="Import an exported file")
        with phone.page.expect_file_chooser() as chooser:
            phone.click("Import an exported file")
        chooser.value.set_files(str(downloaded))
        phone.wait_for_text("It holds: 2 games,")
        phone.settle()  # the dialog has finished opening
        phone.click("Add to my data")
        phone.page.locator('[aria-label^="Imported: 2 new games,"]').first.wait_for()
        phone.open(own.address("history"), first="Statistics")
        phone.wait_text("history-count", "2 games")
        assert "Panafrican Union (face A)" in phone.text(f"game-{games[1]}")
        assert "Noram States (face A)" in phone.text(f"game-{games[0]}")
    finally:
        phone.page.context.close()
