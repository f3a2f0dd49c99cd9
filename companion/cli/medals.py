"""`companion medals`: the medal board of the solo scenarios, one scenario a line.

It only reads, so it opens the data folder read-only and works while the app is open.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.storage import OK, with_store
from companion.i18n import language, t, tn
from companion.rules.scenarios import Scenario
from companion.store.medals import MedalRow, medal_board

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No arguments: the data folder (`--data-dir`) is the main parser's."""


def board_lines(rows: Iterable[MedalRow]) -> list[str]:
    """The medal board as text, one scenario a line."""
    lines: list[str] = []
    for row in rows:
        name = row.scenario.name_in(language())
        if not row.attempts:
            status = t("not played yet")
        else:
            medal = t(row.best_medal) if row.best_medal else t("no medal")
            status = t("{medal}, best score {score}, {attempts}, {wins}", medal=medal,
                       score=row.best_score,
                       attempts=tn("{count} attempt", "{count} attempts", row.attempts),
                       wins=tn("{count} won", "{count} won", row.wins))
            if row.first_gold_date:
                status += "; " + t("first gold {date}", date=row.first_gold_date[:10])
        if row.points_to_next is not None and row.attempts:
            status += "; " + tn("{points} point to the next medal",
                                  "{points} points to the next medal", row.points_to_next,
                                  points=row.points_to_next)
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


def run(args: argparse.Namespace) -> int:
    def medals(store: Store) -> int:
        rows = medal_board(solo_scenarios(store.folder), store.attempts())
        for line in board_lines(rows):
            print(line)
        return OK

    return with_store(args, medals, read_only=True)
