"""The player's own scenario files can hold anything: each bad one is skipped with its
reason, the shipped twelve are always offered, and nothing hangs or crashes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.shipped.scenarios import load_scenarios, shipped_scenarios
from companion.usecases.services import load_scenario_library

GOOD = {"id": "deep-freeze", "expansion": "base", "names": {"en": "Deep Freeze"},
        "summary": {"en": "Icebreakers everywhere."},
        "required": [{"card": "Icebreaker", "count": 2}],
        "thresholds": {"bronze": 50, "silver": 70, "gold": 90}}


def hostile(folder: Path) -> dict[str, str]:
    """A folder of bad scenario files; returns what each one's reason must say."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad-byte.json").write_bytes(b'{"id": "x\xff"}')
    (folder / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    (folder / "twice.json").write_text(json.dumps(GOOD)[:-1] + ', "id": "other"}')
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "x.json").mkdir()
    (folder / "deep-freeze.json").write_text(json.dumps(GOOD))
    return {"bad-byte.json": "not UTF-8", "deep.json": "nested 100000 deep",
            "twice.json": '"id" appears twice', "pipe.json": "named pipe",
            "zero.json": "a device", "x.json": "a folder"}


def in_time(action: object, seconds: float = 10) -> object:
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(action()),  # type: ignore[operator]
                              daemon=True)
    thread.start()
    thread.join(seconds)
    assert result, "loading the scenarios hung"
    return result[0]


def test_each_bad_file_is_skipped_with_its_reason(tmp_path: Path) -> None:
    expected = hostile(tmp_path / "mine")
    library = in_time(lambda: load_scenarios(user_folder=tmp_path / "mine"))
    reasons = {path.name: reason for path, reason in library.rejected}  # type: ignore[attr-defined]
    assert sorted(reasons) == sorted(expected)
    for name, words in expected.items():
        assert words in reasons[name], (name, reasons[name])
    offered = library.scenarios  # type: ignore[attr-defined]
    assert list(offered)[:12] == list(shipped_scenarios()) and "deep-freeze" in offered


def test_the_app_offers_the_shipped_twelve_whatever_the_player_added(tmp_path: Path) -> None:
    hostile(tmp_path / "mine")
    scenarios, skipped = in_time(  # type: ignore[misc]
        lambda: load_scenario_library(tmp_path / "mine"))
    assert len(scenarios) == 13 and len(skipped) == 6


@pytest.mark.slow
def test_companion_scenarios_lists_them_and_names_each_bad_file(tmp_path: Path) -> None:
    hostile(tmp_path / "data" / "scenarios")
    done = subprocess.run([sys.executable, "-m", "companion", "--data-dir",
                           str(tmp_path / "data"), "scenarios"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("Skipped scenario file") == 6
    assert "Traceback" not in done.stderr
    assert "deep-freeze" in done.stdout and "base-1" in done.stdout
