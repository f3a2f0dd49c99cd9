"""A data folder as days of play leave it, for the damage tests (the fixtures that copy it
are in this folder's conftest.py).

Finished games in June and July 2025, each day opening the folder (which makes the day's
backup, holding the days before), the last day's game finished after that backup, and a
game in progress begun that day: the case of issue 34, where the previous version of
`archive/2025-07.json` lacks the month's last game and no daily backup holds it.
"""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path
from typing import Any

from store_samples import play, record

from companion.store import open_store

JULY = Path("archive") / "2025-07.json"
JUNE = Path("archive") / "2025-06.json"
DAYS = [  # (the day played, the games finished that day: id, when it began)
    ("2025-06-28", [("june-05", "2025-06-05T18:00:00+00:00"),
                    ("june-28", "2025-06-28T18:00:00+00:00")]),
    ("2025-07-01", [("july-01", "2025-07-01T18:00:00+00:00")]),
    ("2025-07-03", [("july-03", "2025-07-03T18:00:00+00:00")]),
    ("2025-07-12", [("july-12", "2025-07-12T18:00:00+00:00")]),
]
OPEN = "open"
OPEN_BEGUN = "2025-07-12T20:00:00+00:00"
OPEN_SAVES = (2, 25, 40, 41)
"""The moves of the game in progress at each save: its start, then on."""
FINISHED = [game_id for _, games in DAYS for game_id, _ in games]


def game(game_id: str, begun: str, seed: int, moves: int = 120,
         finish: bool = True) -> dict[str, Any]:
    found = record(game_id, play(seed, limit=moves, finish=finish))
    return found | {"created": begun, "updated": begun.replace("T18", "T19")}


def in_progress(moves: int) -> dict[str, Any]:
    found = game(OPEN, OPEN_BEGUN, 99, moves, finish=False)
    return found | {"updated": f"2025-07-12T20:{moves:02d}:00+00:00"}


def build(folder: Path) -> None:
    seed = 0
    for day, games in DAYS:
        with open_store(folder) as store:
            for game_id, begun in games:
                store.save_game(game(game_id, begun, seed))
                seed += 1
            if day == DAYS[-1][0]:
                for moves in OPEN_SAVES:
                    store.save_game(in_progress(moves))
        today = folder / "backups" / date.today().isoformat()
        if today.is_dir():
            today.rename(folder / "backups" / day)


def flip(path: Path, at: float = 0.5, bit: int = 2) -> bytes:
    """One bit flipped, `at` of the way into the file; returns the damaged bytes."""
    raw = bytearray(path.read_bytes())
    raw[int(len(raw) * at)] ^= 1 << bit
    path.write_bytes(bytes(raw))
    return bytes(raw)


def cut(path: Path, keep: float = 0.6) -> bytes:
    raw = path.read_bytes()[: int(path.stat().st_size * keep)]
    path.write_bytes(raw)
    return raw


def without_own_backups(folder: Path) -> None:
    """As a folder kept by an older version of the app: no game has a backup of its own."""
    shutil.rmtree(folder / "backups" / "games")
