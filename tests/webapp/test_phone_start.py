"""What the phone app imports before its home screen: in the browser every module is read
from app.zip and run by Python compiled to WebAssembly, several times slower than here,
so a module the first screen does not use is time to that screen for nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIRST_SCREEN = ("import flet\n"
                "from companion.usecases.services import open_services\n"
                "from companion.ui.app import make_main\n"
                "import companion.ui.home\n")
"""The imports `main_in_browser.start` makes, then the home screen's (its route's)."""


def imported(code: str) -> set[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                         text=True).stdout
    return set(json.loads(out))


def test_the_home_screen_draws_no_canvas_and_no_chart() -> None:
    """The canvas is only for QR codes (a table's invitation) and the charts for the
    records: a fifth of the screens' imports in all."""
    found = imported(FIRST_SCREEN)
    assert "companion.ui.home" in found  # the probe did reach the home screen
    drawn = sorted(m for m in found if m.startswith(("flet.canvas", "flet_charts")))
    assert drawn == []


def test_the_app_frame_leaves_the_shared_tables_to_the_screens_that_show_them() -> None:
    """The frame settles a table a stopped host left only outside the browser (the phone
    app hosts no table): it imports them there and then."""
    found = imported("import flet\nfrom companion.ui.app import make_main\n")
    assert "companion.ui.app" in found
    assert "companion.usecases.tables" not in found


def test_the_home_screen_opens_with_no_game_session_no_table_and_no_scenario_read(
        tmp_path: Path) -> None:
    """A phone hosts no table, and a player without a game in progress opens none: the
    game sessions, the tables and the scenarios (their modules and files) wait for the
    screens that use them. `open_services` runs as `main_in_browser.start` runs it."""
    found = imported(FIRST_SCREEN + f"open_services({str(tmp_path / 'data')!r}).close()\n")
    assert "companion.store.store" in found  # the probe did open the store
    waiting = {"companion.usecases.session", "companion.usecases.tables",
               "companion.ui.open_games", "companion.shipped.scenarios",
               "companion.rules.campaign"}
    assert sorted(waiting & found) == []
