"""Benchmark of the store with years of history: 5,000 finished games and 50 campaigns.

Run: `python bench/bench_store.py` (from the repository root). It builds the store in a
temporary folder by importing an export (so the import is timed too), then times what
the app does: open, save one action of the game in progress, list the history, compute
the medal board, finish a game with its attempt and import a few games (each one commit
of several files, see `companion/store/journal.py`), and reports file sizes. Targets:
open < 300 ms, save < 20 ms, history < 100 ms.
"""

from __future__ import annotations

import argparse
import gc
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# The same random sample games as the store's tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "store"))

import msgspec
from store_samples import play as random_game

from companion.rules.campaign import Campaign
from companion.rules.game import Game
from companion.shipped.scenarios import campaign_boxes, shipped_scenarios
from companion.store import open_store
from companion.store.medals import medal_board

EMPIRES = ("Noram States", "Federation of Asia", "Panafrican Union", "Republic of Europe",
           "Aztec Empire")
NAMES = ("Ana", "Bo", "Chloé", "Dmitri", "Eun-ji", "Farid")
START = datetime(2021, 1, 1, 18, 0, tzinfo=UTC)


def play(seed: int) -> Game:
    """A legal game of 100 to 150 actions from random moves, played to its end."""
    return random_game(seed, limit=random.Random(seed).randint(100, 150))


def build_export(games: int, campaigns: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    # Only games that really reach their end: an import works out "finished" from the
    # moves, and a game cut short would land among the games in progress.
    played = [game for game in map(play, range(80)) if game.state.finished][:60]
    scenarios = list(shipped_scenarios())
    records: list[dict[str, Any]] = []
    attempts: list[dict[str, Any]] = []
    for number in range(games):
        game = played[number % len(played)]
        data = game.to_json()
        created = START + timedelta(hours=number * 7, minutes=rng.randint(0, 300))
        solo = rng.random() < 0.6
        scenario = rng.choice(scenarios) if solo and rng.random() < 0.5 else None
        score = game.state.score()
        total = score.total + rng.randint(40, 120)
        record = {
            "id": f"{created:%Y%m%d}-{number:05d}-{rng.getrandbits(32):08x}",
            "actions": data["actions"],
            "redo": data["redo"],
            "mode": "solo" if solo else "table",
            "players": [rng.choice(NAMES)] if solo else rng.sample(NAMES, rng.randint(2, 5)),
            "empires": [game.start.empire] if solo else rng.sample(EMPIRES, 3),
            "scenario": scenario,
            "campaign": None,
            "created": created.isoformat(),
            "updated": (created + timedelta(minutes=rng.randint(30, 90))).isoformat(),
            "finished": True,
            "score": {"raw": total - 30, "combo": 18, "duo": 0, "generals": 5,
                      "financiers": 7, "total": total},
        }
        records.append(record)
        if scenario:
            won = rng.random() < 0.7
            medal = rng.choice([None, "bronze", "silver", "gold"]) if won else None
            attempts.append({"scenario": scenario, "date": record["updated"], "score": total,
                             "won": won, "medal": medal, "game": record["id"]})
    campaign_list = []
    box = campaign_boxes()["war-or-peace"]
    for number in range(campaigns):  # campaigns the rules can rebuild, as an import checks
        people = rng.sample(NAMES, rng.randint(1, 4))
        campaign_list.append(Campaign.new(f"campaign-{number:03d}", f"Campaign {number}",
                                          box, people).to_json())
    return {"format": "wonderful-companion", "schema_version": 1, "games": records,
            "attempts": attempts, "campaigns": campaign_list, "players": list(NAMES),
            "settings": {"language": "en", "theme": "system", "expansions": ["base", "ca"],
                         "default_face": "B"}}


def timed(action: Callable[[], Any], repeat: int = 1) -> list[float]:
    """Durations in milliseconds."""
    results = []
    for _ in range(repeat):
        begin = time.perf_counter()
        action()
        results.append((time.perf_counter() - begin) * 1000)
    return results


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def report(label: str, values: list[float], target: float | None = None) -> None:
    line = f"{label:<46} median {statistics.median(values):8.1f} ms"
    if len(values) > 1:
        ordered = sorted(values)
        line += f"   p95 {ordered[int(len(ordered) * 0.95) - 1]:7.1f}   max {ordered[-1]:7.1f}"
    if target is not None:
        line += f"   target < {target:.0f} ms: {'ok' if max(values) < target else 'MISSED'}"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--campaigns", type=int, default=50)
    parser.add_argument("--keep", action="store_true", help="keep the data folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-store-"))
    folder = work / "data"
    try:
        begin = time.perf_counter()
        export = build_export(args.games, args.campaigns)
        source = work / "export.json"
        source.write_bytes(msgspec.json.encode(export))
        actions = statistics.mean(len(g["actions"]) for g in export["games"])
        print(f"built {args.games} finished games (mean {actions:.0f} actions),"
              f" {len(export['attempts'])} attempts, {args.campaigns} campaigns"
              f" in {time.perf_counter() - begin:.1f} s; export file"
              f" {size(source) / 2**20:.1f} MB")
        template = dict(export["games"][0])
        some = export["games"][min(1234, args.games - 1)]["id"]
        del export  # millions of objects the app would not hold: they slow every GC pass
        gc.collect()

        with open_store(folder) as store:
            report("import the export (every game replayed)",
                   timed(lambda: store.import_file(source)))

        report("first open of the day (makes the daily backup)",
               timed(lambda: open_store(folder).close()))
        report("open", timed(lambda: open_store(folder).close(), repeat=10), 300)

        with open_store(folder) as store:
            ongoing = play(999)
            record = dict(template, id="in-progress", finished=False, score=None,
                          created=datetime.now(UTC).isoformat())
            saves = []
            replay = list(ongoing.to_json()["actions"])
            for count in range(1, len(replay) + 1):
                record = dict(record, actions=replay[:count],
                              updated=datetime.now(UTC).isoformat())
                saves += timed(lambda r=record: store.save_game(r))
            report(f"save one action of a game ({len(saves)} saves)", saves, 20)
            history = timed(lambda: store.games(finished=True), repeat=10)
            report(f"history ({len(store.games(finished=True))} games)", history, 100)
            scenarios = list(shipped_scenarios().values())
            report("medal board", timed(
                lambda: medal_board(scenarios, store.attempts()), repeat=10))
            report("open one finished game (first: reads its month)", timed(
                lambda: store.game(some)))
            report("open one finished game (again)", timed(lambda: store.game(some), 10))
            record = dict(record, finished=True, score={"total": 80})
            report("finish the game (moves it to the archive)", timed(
                lambda: store.save_game(record)))
            finishing = getattr(store, "finish_game", None)
            if finishing is not None:  # one commit: the game and its attempt together
                report("finish a game with its attempt (one commit)", timed(
                    lambda: finishing(dict(record, updated=datetime.now(UTC).isoformat()),
                                      {"scenario": "base-1", "score": 80, "won": True,
                                       "medal": None, "game": record["id"],
                                       "date": datetime.now(UTC).isoformat()}), repeat=10))
            report("record a scenario attempt", timed(lambda: store.record_attempt(
                {"scenario": "base-1", "date": datetime.now(UTC).isoformat(), "score": 80,
                 "won": True, "medal": None, "game": None}), repeat=10))
            report("export everything", timed(lambda: store.export_file(work / "out.json")))
            small = work / "small.json"
            small.write_bytes(msgspec.json.encode({
                "format": "wonderful-companion", "schema_version": 1,
                "games": [dict(template, id=f"small-{n}") for n in range(5)]}))
            report("import 5 games (one commit of every file it rewrites)", timed(
                lambda: store.import_file(small), repeat=3))
        print("sizes:")
        for label, path in [("store.json (index, attempts, campaigns...)", "store.json"),
                            ("ongoing.json (games in progress)", "ongoing.json"),
                            ("archive/ (finished games, one file a month)", "archive"),
                            ("backups/", "backups")]:
            print(f"  {label:<46} {size(folder / path) / 2**20:8.2f} MB")
        print(f"  {'archive files':<46} {len(list((folder / 'archive').glob('*.json'))):8d}")
        print(f"  {'export file':<46} {size(work / 'out.json') / 2**20:8.2f} MB")
    finally:
        if args.keep:
            print(f"data kept in {folder}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
