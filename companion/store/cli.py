"""`companion export | import | history | medals`: the player's data from the shell.

Exit codes: 0 done, 1 the data folder cannot be used (open elsewhere, newer data,
not writable), 2 bad input (a file that cannot be read or imported). Errors are one
line on stderr; notices about the data folder (a damaged file set aside...) go to
stderr too, so stdout stays the command's output.

`export`, `history` and `medals` only read, so they open the folder read-only: they work
while the app is open and never write in the folder. `import` changes the data, so it
takes the folder's lock and is refused while the app has it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from companion.i18n import language, t
from companion.rules.scenarios import Scenario
from companion.store.errors import StoreError
from companion.store.location import data_dir
from companion.store.medals import MedalRow, medal_board
from companion.store.store import Store, open_store

OK, UNUSABLE, BAD_INPUT = 0, 1, 2


def register(sub: Any, parser: argparse.ArgumentParser) -> None:
    export = sub.add_parser(
        "export", help=t("save all your games, medals, campaigns and settings to one file"),
        description=t("Write everything the app stores to one JSON file, to keep as a"
                      " backup or to move to another device."))
    export.add_argument("file", help=t("the JSON file to write"))
    export.set_defaults(handler=run_export)

    imported = sub.add_parser(
        "import", help=t("add the content of an exported file"),
        description=t("Read a file written by 'companion export'. Everything is checked"
                      " first: a file with any problem changes nothing."))
    imported.add_argument("file", help=t("the JSON file to read"))
    imported.add_argument("--replace", action="store_true",
                          help=t("replace all your data by the file's content instead of"
                                 " adding to it (a backup is made first)"))
    imported.set_defaults(handler=run_import)

    history = sub.add_parser("history",
                             help=t("list finished and abandoned games, newest first"))
    history.set_defaults(handler=run_history)

    medals = sub.add_parser("medals", help=t("show the medal board of the solo scenarios"))
    medals.set_defaults(handler=run_medals)


def _with_store(args: argparse.Namespace, action: Callable[[Store], int], *,
                read_only: bool = False) -> int:
    try:
        folder = data_dir(getattr(args, "data_dir", None), create=not read_only)
        with open_store(folder, read_only=read_only) as store:
            told = print_notices(store, 0)
            try:
                return action(store)
            finally:  # damage met while reading an archive file is told too
                print_notices(store, told)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return UNUSABLE


def print_notices(store: Store, start: int) -> int:
    """Print the store's notices from number `start` on stderr; returns how many there are."""
    for notice in store.notices[start:]:
        print(str(notice), file=sys.stderr)
    return len(store.notices)


def run_export(args: argparse.Namespace) -> int:
    def export(store: Store) -> int:
        try:
            counts = store.export_file(Path(args.file))
        except StoreError as exc:
            print(str(exc), file=sys.stderr)
            return BAD_INPUT
        print(t("Exported {games} games, {attempts} scenario attempts, {campaigns} campaigns"
                " and {players} players to {path}.", path=args.file, **counts))
        return OK

    return _with_store(args, export, read_only=True)


def run_import(args: argparse.Namespace) -> int:
    def do_import(store: Store) -> int:
        try:
            counts = store.import_file(Path(args.file), replace=args.replace)
        except StoreError as exc:
            print(str(exc), file=sys.stderr)
            return BAD_INPUT
        template = (
            "Replaced your data by {games} games, {attempts} scenario attempts, {campaigns}"
            " campaigns and {players} players." if args.replace else
            "Added {games} games (and replaced {games_replaced} older ones), {attempts}"
            " scenario attempts, {campaigns} campaigns and {players} players.")
        print(t(template, **counts))
        from companion.store.derive import correction_notes

        for note in correction_notes(counts):
            print(note)
        return OK

    return _with_store(args, do_import)


def history_line(record: dict[str, Any]) -> str:
    """One game of the history on one line: when, mode, who, which Empire, score (or
    "abandoned" for a game given up before its end, kept there to be resumed)."""
    when = str(record.get("updated", ""))[:16].replace("T", " ")
    players = record.get("players")
    who = ", ".join(str(p) for p in players) if isinstance(players, list) else str(players)
    empires = ", ".join(str(e) for e in record.get("empires") or [])
    score = record.get("score")
    total = score.get("total") if isinstance(score, dict) else None
    parts = [when, t(str(record.get("mode", ""))), who, empires]
    if record.get("scenario"):
        parts.append(t("scenario {id}", id=record["scenario"]))
    if record.get("abandoned"):
        parts.append(t("abandoned"))
    else:
        parts.append(t("{total} points", total=total) if total is not None else t("no score"))
    return "  ".join(part for part in parts if part)


def run_history(args: argparse.Namespace) -> int:
    def history(store: Store) -> int:
        games = store.games(finished=True)
        if not games:
            print(t("No finished games yet."))
        for record in games:
            print(history_line(record))
        return OK

    return _with_store(args, history, read_only=True)


def board_lines(rows: Iterable[MedalRow]) -> list[str]:
    """The medal board as text, one scenario a line."""
    lines: list[str] = []
    for row in rows:
        name = row.scenario.name_in(language())
        if not row.attempts:
            status = t("not played yet")
        else:
            medal = t(row.best_medal) if row.best_medal else t("no medal")
            status = t("{medal}, best score {score}, {attempts} attempts, {wins} won",
                       medal=medal, score=row.best_score, attempts=row.attempts, wins=row.wins)
            if row.first_gold_date:
                status += "; " + t("first gold {date}", date=row.first_gold_date[:10])
        if row.points_to_next is not None and row.attempts:
            status += "; " + t("{points} points to the next medal", points=row.points_to_next)
        lines.append(f"{name} ({row.scenario.id}): {status}")
    return lines


def solo_scenarios(folder: Path) -> list[Scenario]:
    """The shipped scenarios, then the player's own ones if they have any."""
    from companion.shipped.scenarios import load_scenarios, shipped_scenarios, user_scenarios_dir

    found = dict(shipped_scenarios())
    mine = user_scenarios_dir(folder)
    if mine.is_dir():
        found.update(load_scenarios(user_folder=mine).scenarios)
    return list(found.values())


def run_medals(args: argparse.Namespace) -> int:
    def medals(store: Store) -> int:
        rows = medal_board(solo_scenarios(store.folder), store.attempts())
        for line in board_lines(rows):
            print(line)
        return OK

    return _with_store(args, medals, read_only=True)
