"""The numbers behind the statistics screen, from the history's game records.

Every figure is about the player's own Empire: in a game played in the app that is the
only one the app knows; in a quick score it is the tableau it names as theirs (`ME`: a
quick score that names none is not one of their games, whatever its first line). Which
records are theirs is `rules.players.owners_records`. A record is a plain mapping as the
store keeps it (see `companion.usecases.services.Backend`); anything a record lacks (an old
record without the score pad's rows, say) leaves that record out of the figure that needs
it, never a crash.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rules.cards import Expansion
from companion.rules.players import ANY_TIME, ME, QUICK, Period
from companion.rules.scenarios import MEDAL_ORDER
from companion.rules.scoring import SoloRank, solo_rank

MODES = ("solo", "table", "scenario", "quick")
"""How the history sorts games: a solo game, a table game, a scenario, a quick score."""
CATEGORIES = ("raw", "combo", "duo", "generals", "financiers")
"""The score pad's rows, in its order."""
MEDAL_KEYS = (*(m.value for m in reversed(MEDAL_ORDER)), "none", "lost")
"""Scenario attempts: a medal, won without one, or lost."""
TOP_CARDS = 10
ONLY_WITH = {"duo": Expansion.CORRUPTION_ASCENSION.value}
"""Score pad rows only an expansion's cards score: a figure of theirs is shown only
when a counted game had that expansion (a row of zeros would say nothing)."""


def record_mode(record: Mapping[str, Any]) -> str:
    """One of `MODES`."""
    if record.get("kind") == QUICK:
        return "quick"
    if record.get("scenario"):
        return "scenario"
    return "table" if record.get("mode") == "table" else "solo"


def is_played(record: Mapping[str, Any]) -> bool:
    """A finished game, as opposed to one abandoned on the way."""
    return bool(record.get("finished")) and not record.get("abandoned")


def own_tableau(record: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A quick score's tableau of the app's own player (its `ME`), if it names one."""
    tableaux, me = record.get("tableaux"), record.get(ME)
    if (isinstance(tableaux, list) and isinstance(me, int) and not isinstance(me, bool)
            and 0 <= me < len(tableaux) and isinstance(tableaux[me], Mapping)):
        found: Mapping[str, Any] = tableaux[me]
        return found
    return None


def record_expansions(record: Mapping[str, Any]) -> frozenset[str]:
    """The expansions a game was played with, as far as the record says: the list saved
    with it, or its shared table's; a record older than both had Corruption & Ascension
    if its score pad has Duo points."""
    for found in (record.get("expansions"), (record.get("table") or {}).get("expansions")
                  if isinstance(record.get("table"), Mapping) else None):
        if isinstance(found, list):
            return frozenset(code for code in found if isinstance(code, str))
    score = record_score(record)
    duo = score.get("duo") if score is not None else None
    return frozenset({Expansion.CORRUPTION_ASCENSION.value} if isinstance(duo, int)
                     and not isinstance(duo, bool) and duo > 0 else ())


def record_empire(record: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(Empire, face) the player played, None where the record does not say (a quick
    score that names no tableau as theirs: its first tableau's)."""
    mine = own_tableau(record)
    if mine is None and record_mode(record) == "quick":
        tableaux = record.get("tableaux")
        mine = tableaux[0] if isinstance(tableaux, list) and tableaux and isinstance(
            tableaux[0], Mapping) else None
    if mine is not None:
        return _text(mine.get("empire")), _text(mine.get("face"))
    empires = record.get("empires")
    empire = _text(empires[0]) if isinstance(empires, list) and empires else None
    return empire, _text(record.get("face"))


def record_score(record: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The player's score pad (rows and total), None if the record has none."""
    mine = own_tableau(record)
    found = mine.get("score") if mine is not None else record.get("score")
    return found if isinstance(found, Mapping) else None


def record_total(record: Mapping[str, Any]) -> int | None:
    score = record_score(record)
    total = score.get("total") if score is not None else None
    return total if isinstance(total, int) and not isinstance(total, bool) else None


def quick_built(record: Mapping[str, Any]) -> list[int]:
    """The cards of a quick score's own tableau ([[card id, copies], ...])."""
    mine = own_tableau(record)
    found: list[int] = []
    cards = mine.get("cards") if mine is not None else None
    for entry in cards if isinstance(cards, list) else []:
        if isinstance(entry, list) and len(entry) == 2 and all(
                isinstance(x, int) for x in entry):
            found += [entry[0]] * max(entry[1], 0)
    return found


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


@dataclass(frozen=True, slots=True)
class EmpireStat:
    empire: str
    face: str | None
    games: int
    average: float
    best: int


@dataclass(frozen=True, slots=True)
class ScorePoint:
    game_id: str
    date: str
    total: int


@dataclass(slots=True)
class Statistics:
    games: int = 0
    """Finished games (abandoned ones do not count)."""
    over_time: list[ScorePoint] = field(default_factory=list)
    """Each finished game's total, oldest first."""
    empires: list[EmpireStat] = field(default_factory=list)
    """Per Empire and face, most played first."""
    solo_ranks: dict[SoloRank, int] = field(default_factory=dict)
    medals: dict[str, int] = field(default_factory=dict)
    """Scenario attempts by `MEDAL_KEYS`."""
    categories: dict[str, float] = field(default_factory=dict)
    """Average points per score-pad row, over the games that have the rows; a row only
    an expansion scores (`ONLY_WITH`) only when a counted game had it."""
    top_cards: list[tuple[int, int]] = field(default_factory=list)
    """(card id, times built), most built first."""

    @property
    def empty(self) -> bool:
        return self.games == 0 and not any(self.medals.values())


def record_players(record: Mapping[str, Any]) -> int | None:
    """How many played: a quick score's tableaux, a game's count or list of names."""
    tableaux = record.get("tableaux")
    if record_mode(record) == "quick" and isinstance(tableaux, list):
        return len(tableaux)
    players = record.get("players")
    if isinstance(players, list):
        return len(players) or 1
    return players if isinstance(players, int) and not isinstance(players, bool) else None


def _date(record: Mapping[str, Any]) -> str:
    return str(record.get("updated") or record.get("created") or "")


def statistics(records: Iterable[Mapping[str, Any]],
               attempts: Iterable[Mapping[str, Any]] = (),
               built: Mapping[str, Sequence[int]] | None = None,
               period: Period = ANY_TIME) -> Statistics:
    """Aggregate the history. `built` maps a played game's id to the cards it built
    (the story of its actions); quick scores carry theirs in the record. `period` keeps
    the games of a table size and dates (scenario attempts: their dates)."""
    played = sorted((r for r in records if is_played(r) and record_total(r) is not None
                     and (record_mode(r) != "quick" or own_tableau(r) is not None)
                     and period.covers(_date(r), record_players(r))),
                    key=lambda r: (_date(r), str(r.get("id"))))
    result = Statistics(games=len(played))
    result.over_time = [ScorePoint(str(r.get("id")), _date(r), record_total(r) or 0)
                        for r in played]
    result.empires = _per_empire(played)
    result.solo_ranks = _solo_ranks(played)
    result.medals = _medals(a for a in attempts  # an attempt is a solo game
                            if period.covers(str(a.get("date") or ""), 1))
    had = frozenset().union(*map(record_expansions, played))
    result.categories = {key: value for key, value in _categories(played).items()
                         if key not in ONLY_WITH or ONLY_WITH[key] in had}
    result.top_cards = _top_cards(played, built or {})
    return result


def _per_empire(played: Sequence[Mapping[str, Any]]) -> list[EmpireStat]:
    totals: dict[tuple[str, str | None], list[int]] = {}
    for record in played:
        empire, face = record_empire(record)
        total = record_total(record)
        if empire is not None and total is not None:
            totals.setdefault((empire, face), []).append(total)
    stats = [EmpireStat(empire, face, len(values), sum(values) / len(values), max(values))
             for (empire, face), values in totals.items()]
    return sorted(stats, key=lambda s: (-s.games, s.empire, s.face or ""))


def _solo_ranks(played: Sequence[Mapping[str, Any]]) -> dict[SoloRank, int]:
    counts = dict.fromkeys(SoloRank, 0)
    for record in played:
        mode = record_mode(record)
        solo_quick = mode == "quick" and record.get("mode") == "solo"
        _, face = record_empire(record)
        total = record_total(record)
        if (mode == "solo" or solo_quick) and face is not None and total is not None:
            rank = solo_rank(total, face)
            if rank is not None:  # a variant face has no rank
                counts[rank] += 1
    return counts


def _medals(attempts: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    counts = dict.fromkeys(MEDAL_KEYS, 0)
    for attempt in attempts:
        medal = attempt.get("medal")
        if not attempt.get("won"):
            counts["lost"] += 1
        elif isinstance(medal, str) and medal in counts:
            counts[medal] += 1
        else:
            counts["none"] += 1
    return counts


def _categories(played: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    pads = [score for score in (record_score(r) for r in played)
            if score is not None and all(isinstance(score.get(k), int) for k in CATEGORIES)]
    if not pads:
        return {}
    return {key: sum(int(pad[key]) for pad in pads) / len(pads) for key in CATEGORIES}


def _top_cards(played: Sequence[Mapping[str, Any]],
               built: Mapping[str, Sequence[int]]) -> list[tuple[int, int]]:
    counts: Counter[int] = Counter()
    for record in played:
        if record_mode(record) == "quick":
            counts.update(quick_built(record))
        else:
            counts.update(built.get(str(record.get("id")), ()))
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_CARDS]
