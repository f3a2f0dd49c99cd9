"""Solo scenarios: the cards that must be built, and the medal the score earns.

A scenario is won only if every required card is built at the end (a card listed twice
must be built twice); only then does the score earn a medal, whatever its size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum

from companion.rules.actions import Start
from companion.rules.errors import Refusal, Rejected


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
    number: int | None = None
    """The scenario's number in its rulebook (SC01 is 1), for sorting and display."""
    source: str = "shipped"
    """"shipped" with the app, or "user" for a file the player added."""

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]

    def summary_in(self, language: str) -> str:
        return self.summary.get(language) or self.summary.get("en", "")

    @property
    def expansions(self) -> tuple[str, ...]:
        """Expansions whose cards the game needs: always the base game, plus the scenario's."""
        return ("base",) if self.expansion == "base" else ("base", self.expansion)

    def required_counts(self) -> tuple[tuple[int, int], ...]:
        """(card id, copies) in first-listed order: "Icebreaker ×3" is one entry."""
        return tuple(Counter(self.required).items())


@dataclass(frozen=True, slots=True)
class ScenarioSetup:
    """What a scenario game starts with, in the terms the game's Start action takes."""

    scenario: str
    face: str
    required: tuple[int, ...]
    """Cards put under construction before round 1 (one entry per copy)."""
    expansions: tuple[str, ...]


def setup_for(scenario: Scenario) -> ScenarioSetup:
    """The rule: a scenario game starts with every required card under construction."""
    return ScenarioSetup(
        scenario=scenario.id,
        face=scenario.face,
        required=scenario.required,
        expansions=scenario.expansions,
    )


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


def scenario_result(
    scenario: Scenario, built: Iterable[int], total: int, face: str
) -> ScenarioResult:
    """Won or lost, the medal, and how far the next medal is."""
    if face != scenario.face:
        raise Rejected(
            Refusal.EMPIRE_FACE,
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


def start_for(scenario: Scenario, empire: str, expansions: Iterable[str] = ()) -> Start:
    """The game's Start action for a scenario: solo, face B, required cards under construction.

    `expansions` adds decks beyond the ones the scenario needs (e.g. "ca" for an Empire
    of that expansion in a base-game scenario).
    """
    wanted = dict.fromkeys((*scenario.expansions, *expansions))
    return Start(
        empire=empire,
        face=scenario.face,
        mode="solo",
        players=1,
        scenario=scenario.id,
        required=scenario.required,
        expansions=tuple(wanted),
    )


# --- progress over several attempts ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """One finished scenario game, as kept in the player's history."""

    total: int
    won: bool
    medal: Medal | None = None
    date: str | None = None
    """ISO date or date-time of the end of the game."""

    @classmethod
    def from_mapping(cls, record: Mapping[str, object]) -> Attempt:
        """Read a stored attempt; `Rejected` names the field that cannot be used.

        A record may say "total" or "score"; "won" may be missing when "missing" (the
        unbuilt required cards) or a medal is stored instead.
        """
        total = record.get("total", record.get("score"))
        if isinstance(total, bool) or not isinstance(total, int):
            raise Rejected(Refusal.BAD_NUMBER,
                           "An attempt needs a whole-number total, not {value}", value=total)
        medal_value = record.get("medal")
        medal: Medal | None = None
        if medal_value is not None:
            try:
                medal = Medal(str(medal_value))
            except ValueError:
                raise Rejected(
                    Refusal.NOT_AN_OPTION,
                    "An attempt's medal must be bronze, silver or gold, not {value}",
                    value=medal_value,
                ) from None
        won_value = record.get("won")
        if won_value is None:
            missing = record.get("missing")
            won = (not missing) if isinstance(missing, list | tuple) else medal is not None
        elif isinstance(won_value, bool):
            won = won_value
        else:
            raise Rejected(Refusal.MALFORMED,
                           "An attempt's 'won' must be true or false, not {value}", value=won_value)
        when = next(
            (record[key] for key in ("date", "finished", "ended", "played") if record.get(key)),
            None,
        )
        return cls(total=total, won=won, medal=medal, date=None if when is None else str(when))


@dataclass(frozen=True, slots=True)
class Progress:
    attempts: int
    wins: int
    best_score: int | None
    """Highest total over every attempt, won or lost."""
    best_medal: Medal | None
    """Best medal of a won attempt (a lost attempt never earns one)."""
    first_gold: str | None
    """Date of the earliest gold medal, as stored."""


def _moment(text: str | None) -> tuple[int, datetime | None, str]:
    """Sort key for dates: parsable ones chronologically, then the rest, then no date."""
    if text is None:
        return (2, None, "")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        try:
            moment = datetime.combine(date.fromisoformat(text[:10]), datetime.min.time())
        except ValueError:
            return (1, None, text)
    return (0, moment.replace(tzinfo=None), text)


def progress(
    attempts: Iterable[Attempt | Mapping[str, object]], scenario: Scenario | None = None
) -> Progress:
    """Summarise a player's attempts at one scenario.

    With `scenario`, medals are worked out again from the thresholds, so history stays
    right even if it was stored by an older version; without it the stored medal is used.
    """
    rows = [a if isinstance(a, Attempt) else Attempt.from_mapping(a) for a in attempts]
    medals: list[tuple[Attempt, Medal | None]] = []
    for row in rows:
        if not row.won:
            medal = None
        elif scenario is not None:
            medal = medal_for(row.total, scenario.thresholds)
        else:
            medal = row.medal
        medals.append((row, medal))
    earned = [m for _, m in medals if m is not None]
    golds = [row.date for row, m in medals if m is Medal.GOLD]
    first_gold = min(golds, key=_moment) if golds else None
    return Progress(
        attempts=len(rows),
        wins=sum(1 for row in rows if row.won),
        best_score=max((row.total for row in rows), default=None),
        best_medal=max(earned, key=MEDAL_ORDER.index) if earned else None,
        first_gold=first_gold,
    )


def points_short(scenario: Scenario, attempts: Iterable[Attempt | Mapping[str, object]]
                 ) -> tuple[Medal, int] | None:
    """The next medal and the points the best *won* game lacked for it, or None.

    A medal needs the scenario won (every required card built) and then enough points.
    So "N points short" only makes sense for a scenario already won: there, more points
    alone earn the next medal. A scenario never won is missing cards, not points; at
    gold there is nothing left to earn. A higher score from a lost game earned nothing.
    Base-1 (bronze 70, silver 95, gold 115) won with 80 is 15 points short of silver,
    even if a lost game scored 120.
    """
    rows = [a if isinstance(a, Attempt) else Attempt.from_mapping(a) for a in attempts]
    won = [row.total for row in rows if row.won]
    if not won:
        return None
    best = max(won)
    for medal in MEDAL_ORDER:
        needed = scenario.thresholds.of(medal)
        if best < needed:
            return medal, needed - best
    return None
