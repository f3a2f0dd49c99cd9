"""The people at the table: every player of the records, their results and rivalries.

A player is a name, compared as the store compares names (`name_key`: Unicode NFC, any
capitals), so "Zoé" typed two ways on two phones is one person. The records say who sat
at each game as far as they know it:

- a quick score holds every tableau: each player's name, total and place, and which
  tableau, if any, is the app's own player (`ME`, asked when it is saved);
- the seats of a shared table are one record each, tagged with the table: together
  they give every player's total, and their places;
- any other game played in the app is the owner's (`OWNER`, shown as "You"), with the
  names typed for the others at a table but not their totals.

From those, `summary` answers "how does Ann do?" and `head_to_head` "how does Ann do
against Bob?". A figure that needs a number a record lacks (a total nobody typed) leaves
that record out of that figure, never the whole game.
"""

from __future__ import annotations

import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from functools import lru_cache
from typing import Any, NamedTuple

from companion.rules.scoring import Standing, ranking

OWNER = ""
"""The key of the app's own player: the one who plays the games entered in the app."""
ME = "me"
"""A quick score's field: which of its tableaux (counted from 0) is the app's own player.
Missing or null: none of them (a quick score of a game the player only watched or scored
for friends, or one saved before the question was asked)."""
QUICK = "quick-score"
FROM_GAME = "from_game"
"""A quick score's field: the game played in the app it gives everyone's score of (the
quick score after a table game). That game is then the quick score: counted once."""


def _replaced(records: Sequence[Mapping[str, Any]]) -> set[str]:
    """The ids of the games a quick score of these records stands for (`FROM_GAME`)."""
    return {str(r[FROM_GAME]) for r in records
            if r.get("kind") == QUICK and isinstance(r.get(FROM_GAME), str)}


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """What makes two names the same player: "Zoé" typed as one character or as "e" and
    an accent, in any capitals. Compare names only through this (a table's few names
    come back in every game, so each is worked out once)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


class Seat(NamedTuple):
    """One player at one game: what the records say of them (made by `seated`)."""

    name: str
    """As typed (the owner's is empty: the screens say "You")."""
    key: str
    """`name_key(name)`: who this is, whatever the spelling."""
    total: int | None
    place: int | None
    """1 for the winner; equal places are shared; None where the record does not say."""
    empire: str | None


def seated(name: str, total: int | None = None, place: int | None = None,
         empire: str | None = None) -> Seat:
    return Seat(name, name_key(name), total, place, empire)


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game and who sat at it."""

    game_id: str
    date: str
    seats: tuple[Seat, ...]

    def seat(self, key: str) -> Seat | None:
        return next((seat for seat in self.seats if seat.key == key), None)


@dataclass(frozen=True, slots=True)
class Period:
    """Which games a figure counts: a number of players, and dates (ISO, inclusive), the
    days of the player's time zone (`zone`: a game saved at 04:30 UTC was played at
    23:30 the day before in New York). Without a zone, the day written in the record."""

    players: int | None = None
    since: str | None = None
    until: str | None = None
    zone: tzinfo | None = None

    def holds(self, game: Played) -> bool:
        return self.covers(game.date, len(game.seats))

    def day(self, date: str) -> str:
        """The day (ISO) of a moment `date` (ISO) in this period's time zone."""
        if self.zone is not None:
            try:
                moment = datetime.fromisoformat(date)
            except ValueError:
                return date[:10]
            if moment.tzinfo is not None:
                return moment.astimezone(self.zone).date().isoformat()
        return date[:10]

    def covers(self, date: str, players: int | None) -> bool:
        """A game played on `date` (ISO) by `players` players."""
        if self.players is not None and players != self.players:
            return False
        if self.since is None and self.until is None:
            return True  # no day to work out (of thousands of games)
        day = self.day(date)
        return ((self.since is None or day >= self.since)
                and (self.until is None or day <= self.until))


ANY_TIME = Period()
"""No filter: every game."""


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _total(record: Mapping[str, Any]) -> int | None:
    score = record.get("score")
    return _int(score.get("total")) if isinstance(score, Mapping) else None


def _empire(record: Mapping[str, Any]) -> str | None:
    empires = record.get("empires")
    return _text(empires[0]) if isinstance(empires, list) and empires else None


def _quick(record: Mapping[str, Any]) -> tuple[Seat, ...]:
    seats: list[Seat] = []
    me = _me(record)
    for index, entry in enumerate(record.get("tableaux") or ()):
        name = _text(entry.get("name")) if isinstance(entry, Mapping) else None
        if name is None:
            continue
        if index == me:
            name = OWNER
        score = entry.get("score")
        seats.append(seated(name, _int(score.get("total")) if isinstance(score, Mapping) else None,
                          _int(entry.get("place")), _text(entry.get("empire"))))
    return tuple(seats)


def _table_tag(record: Mapping[str, Any]) -> tuple[str, int, list[str]] | None:
    tag = record.get("table")
    if not isinstance(tag, Mapping):
        return None
    table_id, seat, names = tag.get("id"), _int(tag.get("seat")), tag.get("names")
    if (isinstance(table_id, str) and table_id and isinstance(names, list) and seat is not None
            and 0 <= seat < len(names) and all(isinstance(n, str) for n in names)):
        return table_id, seat, names
    return None


def _owned(record: Mapping[str, Any]) -> tuple[Seat, ...]:
    """A game entered in the app: its owner, then the others it names (no totals)."""
    names = record.get("names")
    owner = seated(OWNER, _total(record), None, _empire(record))
    if record.get("mode") != "table" or not isinstance(names, list):
        return (owner,)
    return (owner, *(seated(name.strip()) for name in names
                     if isinstance(name, str) and name.strip()))


def _shared(table_id: str, seats: dict[int, Mapping[str, Any]],
            names: list[str]) -> Played:
    """A shared table's seats as one game: every player's total, and their places by the
    rules' ranking (the tokens held, its last tie-breaker, are not in the records: a tie
    on total and built cards shares the place)."""
    ordered = sorted(seats.items())
    places = dict(ranking([Standing(_total(record) or 0, len(record.get("built") or ()), 0)
                           for _, record in ordered]))
    found = [seated(names[number], _total(record), places[index], _empire(record))
             for index, (number, record) in enumerate(ordered)]
    latest = max(str(record.get("updated") or "") for record in seats.values())
    return Played(table_id, latest, tuple(found))


def played_games(records: Iterable[Mapping[str, Any]],
                 aliases: Mapping[str, str] | None = None) -> list[Played]:
    """Every finished game of the history (abandoned ones left out), oldest first; the
    seats of one shared table become one game. `aliases` (see `merge`) names a player
    by another name: the key of a name as typed → the name it is shown as (`OWNER` for
    the app's own player: "that seat was me")."""
    games = _played(records)
    if not aliases:
        return games
    return [Played(game.game_id, game.date, tuple(
                seated(aliases[s.key], s.total, s.place, s.empire) if s.key in aliases else s
                for s in game.seats)) for game in games]


def _me(record: Mapping[str, Any]) -> int | None:
    """The `ME` tableau of a quick score, if it names one that is there."""
    me, tableaux = _int(record.get(ME)), record.get("tableaux")
    if me is None or not isinstance(tableaux, list) or not 0 <= me < len(tableaux):
        return None
    return me


def _is_me(name: object, aliases: Mapping[str, str]) -> bool:
    """Whether a typed name is known as the app's own player ("That was me")."""
    typed = _text(name)
    key = name_key(typed) if typed is not None else None
    return key is not None and key in aliases and name_key(aliases[key]) == OWNER


def own_line(record: Mapping[str, Any], aliases: Mapping[str, str]) -> int | None:
    """Which tableau of a quick score is the app's own player: the one it was saved with
    as `ME`, else the first whose name is known as theirs; None when none is."""
    me = _me(record)
    if me is not None:
        return me
    tableaux = record.get("tableaux")
    return next((index for index, entry in enumerate(tableaux)
                 if isinstance(entry, Mapping) and _is_me(entry.get("name"), aliases)),
                None) if isinstance(tableaux, list) else None


def is_owners(record: Mapping[str, Any], aliases: Mapping[str, str]) -> bool:
    """Whether a game record is the app's own player's: a game they played in the app
    (solo, a scenario, a table on this device), a shared table's seat known as theirs
    ("That was me"), a quick score with a tableau of theirs (`own_line`)."""
    if record.get("kind") == QUICK:
        return own_line(record, aliases) is not None
    tag = _table_tag(record)
    if tag is None:
        return True
    return _is_me(tag[2][tag[1]], aliases)


def owners_records(records: Iterable[Mapping[str, Any]],
                   aliases: Mapping[str, str]) -> list[Mapping[str, Any]]:
    """The records of the app's own player (`is_owners`), each quick score with its `ME`
    set to their tableau: what their statistics count. A game a quick score stands for
    (`FROM_GAME`) is left out: the quick score counts it."""
    found: list[Mapping[str, Any]] = []
    records = list(records)
    replaced = _replaced(records)
    for record in records:
        if str(record.get("id")) in replaced:
            continue
        if record.get("kind") == QUICK:
            line = own_line(record, aliases)
            if line is not None:
                found.append({**record, ME: line})
        elif is_owners(record, aliases):
            found.append(record)
    return found


def merge(aliases: Mapping[str, str], name: str, into: str) -> dict[str, str]:
    """The aliases once `name` is known as `into` (a rename, or two names found to be one
    person; `OWNER` for "this is me"): every name that was shown as `name` follows it.
    Undo is putting the aliases back as they were."""
    gone = name_key(name)
    merged = {key: into if name_key(shown) == gone else shown
              for key, shown in aliases.items()}
    merged[gone] = into  # also when only the spelling changes ("ann" shown as "Ann")
    return merged


def _played(records: Iterable[Mapping[str, Any]]) -> list[Played]:
    games: list[Played] = []
    tables: dict[str, dict[int, Mapping[str, Any]]] = defaultdict(dict)
    table_names: dict[str, list[str]] = {}
    records = list(records)
    replaced = _replaced(records)
    for record in records:
        if (not record.get("finished") or record.get("abandoned")
                or str(record.get("id")) in replaced):
            continue
        date = str(record.get("updated") or record.get("created") or "")
        tag = _table_tag(record)
        if record.get("kind") == QUICK:
            seats = _quick(record)
        elif tag is not None:
            tables[tag[0]][tag[1]] = record
            table_names.setdefault(tag[0], tag[2])
            continue
        else:
            seats = _owned(record)
        if seats:
            games.append(Played(str(record.get("id")), date, seats))
    games += [_shared(table_id, seats, table_names[table_id])
              for table_id, seats in tables.items()]
    return sorted(games, key=lambda game: (game.date, game.game_id))


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player in the list of players: their name as last typed, and how many games."""

    key: str
    name: str
    games: int
    wins: int


def players(games: Sequence[Played]) -> list[PlayerLine]:
    """Everyone who has played, most games first (then by name)."""
    count: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for game in games:
        for seat in {seat.key: seat for seat in game.seats}.values():
            count[seat.key] += 1
            wins[seat.key] += _won(game, seat)
    names = _names(seat for game in games for seat in game.seats)
    return sorted((PlayerLine(key, names[key], count[key], wins[key]) for key in count),
                  key=lambda line: (-line.games, line.key))


def _names(seats: Iterable[Seat]) -> dict[str, str]:
    """Each player's name as it is most often typed; on a tie, as it was typed last."""
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for seat in seats:
        typed = spellings[seat.key]
        typed[seat.name] = typed.pop(seat.name, 0) + 1  # the latest spelling last
    found: dict[str, str] = {}
    for key, typed in spellings.items():
        top = max(typed.values())
        found[key] = [name for name, n in typed.items() if n == top][-1]
    return found


def _won(game: Played, seat: Seat) -> bool:
    return len(game.seats) > 1 and seat.place == 1


@dataclass(frozen=True, slots=True)
class Summary:
    """A player's page: their games, wins, scores and Empires."""

    games: int
    ranked: int
    """Games with others whose places are known: what `wins` is out of."""
    wins: int
    average: float | None
    best: int | None
    scores: tuple[tuple[str, int], ...]
    """(date, total) of each game with a known total, oldest first."""
    empires: tuple[tuple[str, int], ...]
    """The Empires played most, with how many games, most first (at most 3)."""


def summary(games: Sequence[Played], key: str, period: Period = ANY_TIME) -> Summary:
    mine = [(game, seat) for game in games if period.holds(game)
            for seat in [game.seat(key)] if seat is not None]
    scores = tuple((game.date, seat.total) for game, seat in mine if seat.total is not None)
    ranked = [(game, seat) for game, seat in mine
              if len(game.seats) > 1 and seat.place is not None]
    empires = Counter(seat.empire for _, seat in mine if seat.empire)
    totals = [total for _, total in scores]
    return Summary(
        games=len(mine), ranked=len(ranked),
        wins=sum(1 for game, seat in ranked if _won(game, seat)),
        average=sum(totals) / len(totals) if totals else None,
        best=max(totals) if totals else None, scores=scores,
        empires=tuple(sorted(empires.items(), key=lambda item: (-item[1], item[0]))[:3]))


@dataclass(frozen=True, slots=True)
class Rivalry:
    """A player against one rival, over the games they played together."""

    rival: str
    name: str
    games: int
    ahead: int
    """Games where the player finished ahead of the rival."""
    behind: int
    margin: float | None
    """The player's total minus the rival's, on average, where both totals are known."""


def head_to_head(games: Sequence[Played], key: str,
                 period: Period = ANY_TIME) -> list[Rivalry]:
    """Every rival of a player, most games together first."""
    together: dict[str, list[tuple[Seat, Seat]]] = defaultdict(list)
    for game in games:
        mine = game.seat(key) if period.holds(game) else None
        if mine is None:
            continue
        for seat in game.seats:
            if seat.key != key:
                together[seat.key].append((mine, seat))
    names = _names(seat for game in games for seat in game.seats if seat.key in together)
    rivalries = [_rivalry(rival, names[rival], pairs) for rival, pairs in together.items()]
    return sorted(rivalries, key=lambda r: (-r.games, r.rival))


def _rivalry(rival: str, name: str, pairs: list[tuple[Seat, Seat]]) -> Rivalry:
    placed = [(mine.place, theirs.place) for mine, theirs in pairs
              if mine.place is not None and theirs.place is not None]
    margins = [mine.total - theirs.total for mine, theirs in pairs
               if mine.total is not None and theirs.total is not None]
    return Rivalry(rival, name, len(pairs), sum(1 for a, b in placed if a < b),
                   sum(1 for a, b in placed if a > b),
                   sum(margins) / len(margins) if margins else None)


def groups(games: Sequence[Played]) -> list[tuple[str, ...]]:
    """The groups the app's own player already played with, most recent first: the names
    of the others at each game they sat at with others (a table game entered in the app,
    their seat of a shared table, a quick score with their tableau), each group once, in
    the order they were typed the last time. A game they did not play is no group of
    theirs: a new table always seats them."""
    seen: set[frozenset[str]] = set()
    found: list[tuple[str, ...]] = []
    for game in reversed(games):
        if game.seat(OWNER) is None:
            continue
        names = tuple(seat.name for seat in game.seats if seat.key != OWNER)
        folded = frozenset(name_key(name) for name in names)
        if names and folded not in seen:
            seen.add(folded)
            found.append(names)
    return found
