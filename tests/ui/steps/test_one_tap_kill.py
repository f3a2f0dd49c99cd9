"""Kill -9 a process playing the tap at random moments: every game it left reopens with
all of the tap or none of it, and the game it said it tapped has all of it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from taps import cubes_left

from companion.store import open_store

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
TRIALS = int(os.environ.get("ONE_TAP_KILL_TRIALS", "30"))


def kill_at_random(folder: Path, rng: random.Random) -> list[str]:
    """Start the writer, kill it at a random moment, return every line it reported."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE)]),
               PYTHONDONTWRITEBYTECODE="1")
    writer = subprocess.Popen([sys.executable, str(HERE / "tap_writer.py"), str(folder)],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stderr is not None
    first = writer.stdout.readline()
    assert first == "ready\n", writer.stderr.read() or first
    time.sleep(rng.uniform(0, 0.6))
    writer.send_signal(signal.SIGKILL)
    lines = [first, *writer.stdout.readlines()]
    err = writer.stderr.read()
    writer.wait(timeout=30)
    writer.stdout.close()
    writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL, err
    return [line.rstrip("\n") for line in lines]


@pytest.mark.slow
def test_a_kill_at_any_moment_leaves_all_of_the_tap_or_none(tmp_path: Path) -> None:
    rng = random.Random(34)
    seen: dict[int, int] = {}
    for trial in range(TRIALS):
        folder = tmp_path / f"trial-{trial}"
        reports = kill_at_random(folder, rng)
        tapped = {line.split()[1] for line in reports if line.startswith("tapped ")}
        with open_store(folder) as store:
            games = [g["id"] for g in store.ongoing_games()]
        for game_id in games:
            left = cubes_left(folder, game_id)
            assert left in (0, 3), f"trial {trial}: game {game_id} reopened half tapped"
            assert game_id not in tapped or left == 0, f"trial {trial}: a tap was lost"
            seen[left] = seen.get(left, 0) + 1
    assert seen, "the writer was killed before any game was set up, every time"
