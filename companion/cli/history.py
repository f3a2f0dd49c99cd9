"""`companion history`: finished and abandoned games, newest first, one a line.

It only reads, so it opens the data folder read-only and works while the app is open.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.cli.storage import OK, with_store
from companion.i18n import t
from companion.i18n.counts import points_total

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No arguments: the data folder (`--data-dir`) is the main parser's."""


def history_line(record: dict[str, Any]) -> str:
    """One game of the history on one line: when, mode, who, which Empire, score (or
    "abandoned" for a game given up before its end, kept there to be resumed)."""
    when = str(record.get("updated", ""))[:16].replace("T", " ")
    if record.get("kind") == "quick-score":
        return "  ".join(part for part in [when, *quick_score_parts(record)] if part)
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
        parts.append(points_total(total) if total is not None else t("no score"))
    return "  ".join(part for part in parts if part)


def quick_score_parts(record: dict[str, Any]) -> list[str]:
    """A quick score says so, then each player with their total (a quick score is
    typed in after the game: its "mode" is only how many played)."""
    tableaux = record.get("tableaux")
    seats = [s for s in tableaux if isinstance(s, dict)] if isinstance(tableaux, list) else []
    who = []
    for seat in seats:
        score = seat.get("score")
        total = score.get("total") if isinstance(score, dict) else None
        who.append(t("{name}: {value}", name=str(seat.get("name", "")),
                     value=points_total(total) if isinstance(total, int) else t("no score")))
    empires = ", ".join(str(e) for e in record.get("empires") or [])
    return [t("Quick score"), ", ".join(who), empires]


def run(args: argparse.Namespace) -> int:
    def history(store: Store) -> int:
        games = store.games(finished=True)
        if not games:
            print(t("No finished games yet."))
        for record in games:
            print(history_line(record))
        return OK

    return with_store(args, history, read_only=True)
