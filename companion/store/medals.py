"""Solo scenario progress and the medal board, computed from the recorded attempts.

Only attempts are stored; bests are derived on demand, so they can never disagree with
the attempts they come from (an import or a deleted attempt updates them for free).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.scenarios import MEDAL_ORDER, Medal, Scenario

_RANK = {medal.value: rank for rank, medal in enumerate(MEDAL_ORDER, start=1)}


def progress(attempts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """{attempts, best_score, best_medal, first_gold_date, wins} for one scenario's attempts.

    `best_score` is the highest score of any attempt, won or not (a lost attempt still
    shows how close the player came); `best_medal` only comes from won attempts.
    """
    count = wins = 0
    best_score: int | None = None
    best_medal: str | None = None
    first_gold: str | None = None
    for attempt in sorted(attempts, key=lambda a: str(a["date"])):
        count += 1
        wins += bool(attempt["won"])
        score = int(attempt["score"])
        best_score = score if best_score is None else max(best_score, score)
        medal = attempt["medal"]
        if medal is not None and _RANK.get(medal, 0) > _RANK.get(best_medal or "", 0):
            best_medal = medal
        if medal == Medal.GOLD.value and first_gold is None:
            first_gold = str(attempt["date"])
    return {
        "attempts": count,
        "wins": wins,
        "best_score": best_score,
        "best_medal": best_medal,
        "first_gold_date": first_gold,
    }


@dataclass(frozen=True, slots=True)
class MedalRow:
    scenario: Scenario
    attempts: int
    wins: int
    best_score: int | None
    best_medal: str | None
    first_gold_date: str | None
    points_to_next: int | None
    """Points from the best score to the next medal above the best one (None at gold)."""


def medal_board(
    scenarios: Iterable[Scenario], attempts: Iterable[Mapping[str, Any]]
) -> list[MedalRow]:
    """One row per scenario, in the order given, from all recorded attempts."""
    by_scenario: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for attempt in attempts:
        by_scenario[str(attempt["scenario"])].append(attempt)
    rows: list[MedalRow] = []
    for scenario in scenarios:
        found = progress(by_scenario.get(scenario.id, []))
        best_medal = found["best_medal"]
        above = [m for m in MEDAL_ORDER if _RANK[m.value] > _RANK.get(best_medal or "", 0)]
        to_next: int | None = None
        if above:
            to_next = max(0, scenario.thresholds.of(above[0]) - (found["best_score"] or 0))
        rows.append(
            MedalRow(
                scenario=scenario,
                attempts=found["attempts"],
                wins=found["wins"],
                best_score=found["best_score"],
                best_medal=best_medal,
                first_gold_date=found["first_gold_date"],
                points_to_next=to_next,
            )
        )
    return rows
