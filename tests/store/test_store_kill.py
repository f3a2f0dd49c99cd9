"""Kill -9 a writer at random moments: the folder always opens, and every save that
returned is there, whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from kill_writer import GAMES_AGAIN, again_score, length, minutes
from processes import HERE, ROOT, env
from store_samples import attempt, bare, fake_record

from companion.store import open_store

TRIALS = int(os.environ.get("STORE_KILL_TRIALS", "200"))
AGAIN_TRIALS = int(os.environ.get("STORE_KILL_AGAIN_TRIALS", "60"))


def kill_at_random(folder: Path, trial: int | str, rng: random.Random) -> list[str]:
    """Start a writer, kill it at a random moment, return every line it reported."""
    writer = subprocess.Popen(
        [sys.executable, str(HERE / "kill_writer.py"), str(folder), str(trial)],
        cwd=ROOT, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stderr is not None
    lines: list[str] = []
    if rng.random() < 0.1:
        time.sleep(rng.uniform(0, 0.3))  # sometimes while it opens the store
    else:
        lines.append(writer.stdout.readline())
        assert lines[0] == "ready\n", writer.stderr.read() or lines[0]
        # The moment is counted in the writer's own reports, then a few milliseconds on:
        # how far it gets before the kill never depends on how busy the machine is (a
        # time alone let a loaded machine finish too few games, and the test fail).
        for _ in range(rng.randrange(31)):
            line = writer.stdout.readline()
            if not line:
                break
            lines.append(line)
        time.sleep(rng.uniform(0, 0.01))
    writer.send_signal(signal.SIGKILL)
    # The rest through the same file object: readline() may have buffered lines past
    # "ready" that communicate(), reading the pipe itself, would never see.
    lines += writer.stdout.readlines()
    err = writer.stderr.read()
    writer.wait(timeout=30)
    writer.stdout.close()
    writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL, err
    return [line.rstrip("\n") for line in lines]


def check(folder: Path, reports: list[str], finished: dict[str, dict[str, Any]],
          attempts: list[dict[str, Any]]) -> None:
    last_saved: tuple[str, int] | None = None
    for line in reports:
        kind, *rest = line.split()
        if kind == "ready":
            continue
        ident, count = rest[0], int(rest[1])
        trial, game = (int(part[1:]) for part in ident.split("-"))
        when = minutes(trial, game)
        if kind == "saved":
            last_saved = (ident, count)
        elif kind == "finished":
            finished[ident] = fake_record(ident, count, finished=True, minutes=when)
            last_saved = None
        else:
            attempts.append(attempt("kill", count, won=False, minutes=when, game=ident))
    with open_store(folder) as store:
        assert store.notices == [], [str(n) for n in store.notices]
        everything = {g["id"]: g for g in store.export_all()["games"]}
        for ident, expected in finished.items():
            assert bare(everything.get(ident)) == expected, f"finished game {ident} lost"
        if last_saved is not None:
            ident, count = last_saved
            trial, game = (int(part[1:]) for part in ident.split("-"))
            when, total = minutes(trial, game), length(trial, game)
            allowed = [fake_record(ident, count, minutes=when)]
            if count < total:
                allowed.append(fake_record(ident, count + 1, minutes=when))
            else:
                allowed.append(fake_record(ident, total, finished=True, minutes=when))
            assert bare(everything.get(ident)) in allowed, f"game {ident} after save {count}"
        stored = store.attempts("kill")
        assert all(a in stored for a in attempts), "a recorded attempt was lost"
        assert len(stored) <= len(attempts) + 1, "at most the last save went unreported"
        attempts[:] = stored
    leftovers = [p for p in folder.rglob("*") if ".damaged-" in p.name or p.name.endswith(".tmp")]
    assert leftovers == []


@pytest.mark.slow
def test_kill_9_at_random_moments_never_loses_a_returned_save(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("STORE_KILL_SEED", "20250131")))
    folder = tmp_path / "data"
    finished: dict[str, dict[str, Any]] = {}
    attempts: list[dict[str, Any]] = []
    busy = 0
    for trial in range(TRIALS):
        reports = kill_at_random(folder, trial, rng)
        busy += any(line.startswith("saved") for line in reports)
        check(folder, reports, finished, attempts)
    assert busy >= TRIALS * 0.7, "too few kills landed while the writer was saving"
    assert len(finished) >= TRIALS, "the writer should finish games in most runs"


def in_flight(reports: list[str]) -> tuple[str, int]:
    """The attempt the "again" writer was recording when it died: the one after the last
    it reported (each run starts again at round 0, game 0)."""
    done = [line.split() for line in reports if line.startswith("attempt ")]
    if not done:
        return "again-g0", again_score(0, 0)
    game = int(done[-1][1].removeprefix("again-g"))
    round_ = (int(done[-1][2]) - 10 - game) // GAMES_AGAIN
    following = game + 1
    if following == GAMES_AGAIN:
        round_, following = round_ + 1, 0
    return f"again-g{following}", again_score(round_, following)


@pytest.mark.slow
def test_kill_9_while_an_attempt_is_recorded_again_stores_it_once(tmp_path: Path) -> None:
    """Ending a game again (after an undo) replaces its attempt; a kill -9 in the middle
    of that commit leaves the old attempt or the new one, never both."""
    rng = random.Random(int(os.environ.get("STORE_KILL_SEED", "20250131")))
    folder = tmp_path / "data"
    reported: dict[str, int] = {}
    landed = 0
    for _ in range(AGAIN_TRIALS):
        reports = kill_at_random(folder, "again", rng)
        landed += any(line.startswith("attempt ") for line in reports)
        for line in reports:
            if line.startswith("attempt "):
                _, game, score = line.split()
                reported[game] = int(score)
        with open_store(folder) as store:
            assert store.notices == [], [str(n) for n in store.notices]
            stored = store.attempts("again")
        ids = [a["id"] for a in stored]
        assert len(ids) == len(set(ids)), f"an attempt stored twice: {sorted(ids)}"
        games = {a["game"]: a["score"] for a in stored}
        assert len(games) == len(stored), f"a game with two attempts: {stored}"
        expected = dict(reported)
        game, score = in_flight(reports)
        allowed = [expected, {**expected, game: score}]
        assert games in allowed, f"stored {games}, reported {reported}"
        reported = games
    assert landed >= AGAIN_TRIALS * 0.7, "too few kills landed while the writer was recording"
