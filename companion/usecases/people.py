"""How the screens name and address a player of the records (`companion.rules.players`).

The app's own player has no typed name: the screens say "You", and its address uses a
segment no typed name can be (names are trimmed, so a lone space never is one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, tzinfo
from typing import Any, Protocol

from companion.i18n import t
from companion.rules.errors import Refusal, Rejected
from companion.rules.players import OWNER, Period, Played, merge, name_key, played_games
from companion.rules.supremacy import MAX_PLAYERS
from companion.store.reading import bulk
from companion.store.validate import ALIASES, MAX_NAME

OWNER_SEGMENT = " "


def player_label(key: str, name: str) -> str:
    """A player's name as the screens show it."""
    return t("You") if key == OWNER else name


def player_segment(key: str, name: str) -> str:
    """The last segment of a player's page address (`/players/<segment>`)."""
    return OWNER_SEGMENT if key == OWNER else name


PERIODS = ("all", "year", "12m")
"""The periods the records' figures offer: all time, this calendar year, 12 months."""


def period_from(players: str | None, period: str | None, today: date,
                zone: tzinfo | None = None) -> tuple[Period, int | None, str]:
    """The filter an address asks for (`?players=3&period=year`): anything it does not
    understand means no filter. Returns the period and the two choices as understood.
    The days are the device's (`zone`, by default its time zone now), like the dates
    the history shows."""
    count = int(players) if players in {str(n) for n in range(1, MAX_PLAYERS + 1)} else None
    chosen = period if period in PERIODS else "all"
    since = {"year": today.replace(month=1, day=1), "12m": year_before(today)}.get(chosen)
    if since is None:
        return Period(count), count, chosen
    if zone is None:
        zone = datetime.now().astimezone().tzinfo
    return Period(count, since.isoformat(), zone=zone), count, chosen


def year_before(today: date) -> date:
    """The first day of the last 12 months: the same day a year ago (from 29 February,
    the 28th)."""
    return today.replace(year=today.year - 1, day=min(today.day, 28)
                         if today.month == 2 else today.day)


def period_query(count: int | None, period: str) -> dict[str, str]:
    """The address query of a filter (what `period_from` reads back)."""
    query = {"period": period} if period != "all" else {}
    if count is not None:
        query["players"] = str(count)
    return query




class Settings(Protocol):
    def setting(self, key: str, default: Any) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def aliases(services: Settings) -> dict[str, str]:
    found = services.setting(ALIASES, {})
    return dict(found) if isinstance(found, dict) else {}


def games_of(records: Iterable[Mapping[str, Any]], services: Settings) -> list[Played]:
    """The played games of these records, each player under the name they are known by."""
    return played(records, aliases(services))


def played(records: Iterable[Mapping[str, Any]], known_as: Mapping[str, str]) -> list[Played]:
    """`rules.players.played_games` with the garbage collector paused: years of history
    make thousands of small values with no cycles, and a collection in the middle would
    scan the whole history for nothing (it tripled the slowest of ten page openings)."""
    with bulk():
        return played_games(records, known_as)


def rename(services: Settings, key: str, name: str, typed: str,
           known: Mapping[str, str] | Iterable[str]) -> tuple[str, dict[str, str]]:
    """Show the player `key` (`name`) as `typed` from now on, in one saved step: a new
    name is a rename, a name already played (`known`: their keys, with the names shown
    for them) a merge: they were one person, and the other keeps the name as it is
    shown ("carla" typed for Carla merges into Carla). Returns what to tell the player
    and the aliases as they were (putting them back is the undo). `Rejected` if the
    name cannot be one."""
    new = typed.strip()
    if not new or len(new) > MAX_NAME or not new.isprintable():
        raise Rejected(Refusal.BAD_NAME, "A player's name is 1 to {limit} printable characters",
                       limit=MAX_NAME)
    if new == name and key != OWNER:
        raise Rejected(Refusal.NOTHING_TO_DO, "{name} is already this player's name", name=name)
    other = name_key(new)
    merging = other in set(known) - {key}
    if merging and isinstance(known, Mapping):
        new = known[other] or new
    return _known_as(services, key, name, new, merging)


def this_is_me(services: Settings, key: str, name: str) -> tuple[str, dict[str, str]]:
    """`name` was the app's own player (their seat at a shared table, say)."""
    if key == OWNER:
        raise Rejected(Refusal.NOTHING_TO_DO, "These games are already yours")
    return _known_as(services, key, name, OWNER, True)


def _known_as(services: Settings, key: str, name: str, target: str,
              merging: bool) -> tuple[str, dict[str, str]]:
    before = aliases(services)
    services.set_setting(ALIASES, merge(before, OWNER if key == OWNER else name, target))
    shown, now = player_label(key, name), player_label(name_key(target), target)
    # "You" takes its own sentences: "You is now called Zoé" is no English.
    if target == OWNER:
        said = t("{name} was you: their games are now yours.", name=shown)
    elif merging:
        said = t("{name} and {other} are now one player: {other}.", name=shown, other=now)
    elif key == OWNER:
        said = t("You are now called {other}.", other=now)
    else:
        said = t("{name} is now called {other}.", name=shown, other=now)
    return one_stop(said, now), before


def one_stop(sentence: str, name: str) -> str:
    """A sentence ending with a name that ends with its own full stop ("Carla M.")
    takes no second one: "Carla is now called Carla M.", never "Carla M..".

    >>> one_stop("Bo is now called Carla M..", "Carla M.")
    'Bo is now called Carla M.'
    """
    if name.endswith((".", "…", "!", "?")) and sentence.endswith(name + "."):
        return sentence[:-1]
    return sentence


def put_back(services: Settings, before: Mapping[str, str]) -> None:
    """Undo a rename or a merge: the aliases as they were."""
    services.set_setting(ALIASES, dict(before))
