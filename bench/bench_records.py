"""Benchmark of the records screens' work with years of history (5,000 finished games).

Run: `python bench/bench_records.py` (from the repository root). It builds a store the
way `bench_store.py` does, then times what the History, Statistics, Medals and Cards
sections compute when they open, server side (no drawing): list and filter the history,
the statistics (first time: every game replayed for the cards it built; then from the
tab's cache; games saved by this version keep their built cards in the history, half of
the sample here), one game's story, the medal board, a card search per keystroke, and
the players: the list of everyone who played, and one player's page with head-to-head
(each table game here names 1 to 4 others from a circle of friends).
"""

from __future__ import annotations

import argparse
import gc
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec
from bench_store import NAMES, build_export, report, timed

from companion.rules.actions import actions_from_json
from companion.rules.game import replay
from companion.rules.players import head_to_head, name_key, players, summary
from companion.rules.stats import statistics
from companion.rules.story import game_story
from companion.shipped.catalog import catalog
from companion.shipped.scenarios import shipped_scenarios
from companion.store import open_store
from companion.store.medals import medal_board
from companion.usecases.people import played


def built_cards(store: Any, records: list[dict[str, Any]]) -> dict[str, list[int]]:
    """What the statistics screen does the first time: replay each game once."""
    cards = catalog()
    found: dict[str, list[int]] = {}
    for record in records:
        full = store.game(record["id"])
        found[record["id"]] = replay(actions_from_json(full["actions"]), cards).built_ids()
    return found


def _player_page(history: list[dict[str, Any]], name: str) -> object:
    """What `/players/<name>` works out when it opens: the games, who played, then the
    player's figures and every rivalry."""
    games = played(history, {})
    key = name_key(name)
    return players(games), summary(games, key), head_to_head(games, key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-records-"))
    try:
        export = build_export(args.games, 10)
        for game in export["games"][: args.games // 2]:
            game["built"] = []  # saved by this version: the import works the list out
        friends = random.Random(2)
        for game in export["games"]:
            if game["mode"] == "table":  # the others at the table, as a setup names them
                game["names"] = friends.sample(NAMES, friends.randint(1, 4))
        source = work / "export.json"
        source.write_bytes(msgspec.json.encode(export))
        del export
        gc.collect()
        with open_store(work / "data") as store:
            store.import_file(source)
        with open_store(work / "data") as store:
            history = store.games(finished=True)
            print(f"{len(history)} finished games")
            report("history: list every game", timed(
                lambda: store.games(finished=True), repeat=10), 100)
            report("history: filter by Empire and mode", timed(lambda: [
                r for r in history if r["mode"] == "solo"
                and "Noram States" in r["empires"]], repeat=10), 100)
            attempts = store.attempts()
            old = [r for r in history if "built" not in r]
            built: dict[str, list[int]] = {r["id"]: r["built"] for r in history
                                           if "built" in r}
            first = timed(lambda: built.update(built_cards(store, old)))
            report(f"statistics: replay {len(old)} older games for their cards", first)
            report(f"statistics: first open, {len(history) - len(old)} games keep their"
                   " cards", timed(lambda: statistics(
                       store.games(finished=True), attempts,
                       {r["id"]: r["built"] for r in history if "built" in r})), 300)
            report("statistics: again (older games' cards cached in the tab)", timed(
                lambda: statistics(history, attempts, built), repeat=5), 300)
            one = store.game(history[0]["id"])
            steps = actions_from_json(one["actions"])
            report("one game's story (replayed from its actions)", timed(
                lambda: game_story(steps, catalog()), repeat=10), 100)
            rival = players(played(history, {}))[1]  # the most frequent friend
            report(f"players: the list ({len(players(played(history, {})))} players)",
                   timed(lambda: players(played(history, {})), repeat=10), 100)
            key = name_key(rival.name)
            report(f"player page: {rival.name}'s figures", timed(
                lambda: summary(played(history, {}), key), repeat=10), 100)
            report(f"player page: {rival.name}'s head-to-head", timed(
                lambda: head_to_head(played(history, {}), key), repeat=10), 100)
            report("player page, whole (history read included)", timed(
                lambda: _player_page(store.games(finished=True), rival.name), repeat=10))
            scenarios = list(shipped_scenarios().values())
            report("medal board", timed(lambda: medal_board(scenarios, attempts), 10), 100)
        cards = catalog()
        for typed in ("e", "eolien", "windkraft"):
            report(f"card search, typing '{typed}'", timed(
                lambda typed=typed: cards.find_cards(typed, limit=200), repeat=50), 50)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
