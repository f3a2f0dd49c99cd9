"""Solo scenarios: the cards that must be built, and the medal the score earns.

A scenario is won only if every required card is built at the end (a card listed twice
must be built twice); only then does the score earn a medal, whatever its size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from companion.rules.errors import Rejected


class Medal(StrEnum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


MEDAL_ORDER: tuple[Medal, ...] = (Medal.BRONZE, Medal.SILVER, Medal.GOLD)


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The lowest score for each medal."""

    bronze: int
    silver: int
    gold: int

    def __post_init__(self) -> None:
        if not 0 < self.bronze < self.silver < self.gold:
            raise ValueError(
                f"medal thresholds must rise: bronze {self.bronze} < silver {self.silver}"
                f" < gold {self.gold}"
            )

    def of(self, medal: Medal) -> int:
        return {Medal.BRONZE: self.bronze, Medal.SILVER: self.silver, Medal.GOLD: self.gold}[
            medal
        ]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A solo scenario as the rulebook prints it. Played on Empire face B."""

    id: str
    expansion: str
    names: Mapping[str, str]
    required: tuple[int, ...]
    """Card ids; a card that must be built several times is listed that many times."""
    thresholds: Thresholds
    summary: Mapping[str, str] = field(default_factory=dict)
    translated_names: tuple[str, ...] = ()
    """Languages whose name is our translation rather than a rulebook's."""
    face: str = "B"

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    won: bool
    missing: tuple[int, ...]
    """Required card ids not built (repeated when several copies are still missing)."""
    medal: Medal | None
    next_medal: Medal | None
    points_to_next: int | None
    """Points short of the next medal (None once gold is reached)."""


def medal_for(total: int, thresholds: Thresholds) -> Medal | None:
    best: Medal | None = None
    for medal in MEDAL_ORDER:
        if total >= thresholds.of(medal):
            best = medal
    return best


def missing_cards(required: Iterable[int], built: Iterable[int]) -> tuple[int, ...]:
    """Required card ids not yet built, in the scenario's order, counting copies."""
    have = Counter(built)
    missing: list[int] = []
    for card_id in required:
        if have[card_id] > 0:
            have[card_id] -= 1
        else:
            missing.append(card_id)
    return tuple(missing)


def scenario_result(scenario: Scenario, built: Iterable[int], total: int, face: str) -> ScenarioResult:
    """Won or lost, the medal, and how far the next medal is."""
    if face != scenario.face:
        raise Rejected(
            "Scenario {scenario} is played with Empire face {required}, not face {face}",
            scenario=scenario.id,
            required=scenario.face,
            face=face,
        )
    missing = missing_cards(scenario.required, built)
    won = not missing
    medal = medal_for(total, scenario.thresholds) if won else None
    upcoming = [m for m in MEDAL_ORDER if total < scenario.thresholds.of(m)]
    next_medal = upcoming[0] if upcoming else None
    return ScenarioResult(
        won=won,
        missing=missing,
        medal=medal,
        next_medal=next_medal,
        points_to_next=scenario.thresholds.of(next_medal) - total if next_medal else None,
    )
