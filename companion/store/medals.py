"""Solo scenario progress and the medal board, computed from the recorded attempts.

Only attempts are stored; bests are derived on demand, so they can never disagree with
the attempts they come from (an import or a deleted attempt updates them for free).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.scenarios import MEDAL_ORDER, Scenario
from companion.rules.scenarios import progress as scenario_progress

_RANK = {medal.value: rank for rank, medal in enumerate(MEDAL_ORDER, start=1)}


def progress(attempts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """{attempts, wins, best_score, best_medal, first_gold_date} of one scenario's attempts,
    as JSON values; the rule itself is `companion.rules.scenarios.progress`.
    """
    found = scenario_progress(attempts)
    return {
        "attempts": found.attempts,
        "wins": found.wins,
        "best_score": found.best_score,
        "best_medal": found.best_medal.value if found.best_medal else None,
        "first_gold_date": found.first_gold,
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
