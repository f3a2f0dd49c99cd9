"""How the screens name and address a player of the records (`companion.rules.players`).

The app's own player has no typed name: the screens say "You", and its address uses a
segment no typed name can be (names are trimmed, so a lone space never is one).
"""

from __future__ import annotations

from datetime import date, timedelta

from companion.i18n import t
from companion.rules.players import OWNER, Period
from companion.rules.supremacy import MAX_PLAYERS

OWNER_SEGMENT = " "


def player_label(key: str, name: str) -> str:
    """A player's name as the screens show it."""
    return t("You") if key == OWNER else name


def player_segment(key: str, name: str) -> str:
    """The last segment of a player's page address (`/players/<segment>`)."""
    return OWNER_SEGMENT if key == OWNER else name


PERIODS = ("all", "year", "12m")
"""The periods the records' figures offer: all time, this calendar year, 12 months."""


def period_from(players: str | None, period: str | None,
                today: date) -> tuple[Period, int | None, str]:
    """The filter an address asks for (`?players=3&period=year`): anything it does not
    understand means no filter. Returns the period and the two choices as understood."""
    count = int(players) if players in {str(n) for n in range(1, MAX_PLAYERS + 1)} else None
    chosen = period if period in PERIODS else "all"
    since = {"year": today.replace(month=1, day=1),
             "12m": today - timedelta(days=365)}.get(chosen)
    return Period(count, since.isoformat() if since else None), count, chosen


def period_query(count: int | None, period: str) -> dict[str, str]:
    """The address query of a filter (what `period_from` reads back)."""
    query = {"period": period} if period != "all" else {}
    if count is not None:
        query["players"] = str(count)
    return query
