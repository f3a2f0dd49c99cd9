"""Solo scenario progress and the medal board, computed from the recorded attempts.

Only attempts are stored; bests are derived on demand, so they can never disagree with
the attempts they come from (an import or a deleted attempt updates them for free).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.scenarios import Scenario, points_short
from companion.rules.scenarios import progress as scenario_progress


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
    """Points the best won game lacked for the next medal; None at gold or never won
    (a lost game is missing cards, not points)."""


def medal_board(
    scenarios: Iterable[Scenario], attempts: Iterable[Mapping[str, Any]]
) -> list[MedalRow]:
    """One row per scenario, in the order given, from all recorded attempts."""
    by_scenario: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for attempt in attempts:
        by_scenario[str(attempt["scenario"])].append(attempt)
    rows: list[MedalRow] = []
    for scenario in scenarios:
        mine = by_scenario.get(scenario.id, [])
        found = scenario_progress(mine, scenario)
        short = points_short(scenario, mine)
        rows.append(
            MedalRow(
                scenario=scenario,
                attempts=found.attempts,
                wins=found.wins,
                best_score=found.best_score,
                best_medal=found.best_medal.value if found.best_medal else None,
                first_gold_date=found.first_gold,
                points_to_next=short[1] if short else None,
            )
        )
    return rows
