"""A seat's game taken home from a shared table: one file in the app's own export format.

A shared table's games live on the host. At the end, each player can take theirs to
their own app (the phone app, or the app on their own computer), where Settings →
Import adds it like any export: the file is an export document (`export_document`
accepts it) with no attempts, campaigns, players or settings, so an import only adds
games. The seat's final screen downloads it; the web host also serves it at
`take_home_path`, behind its door, for a QR code that a player scans with their own
phone (`Share.link` puts the code in it).

Why it holds every finished seat of the table, not only the player's own: a seat's
record knows only its own total. The players pages (`rules.players.played_games`) make a
shared table one game from all its seats' records, and rank it from their totals. With
one seat, the player's app would see a game of one player: no place, no win, no rival,
no head-to-head. With every seat, its players pages give the places of the table's
ranking. The price is that the app's history lists every seat's game, as the host's
does. The store merges an import by game id, so a second import of the same file, or of
the same table taken home by another player, adds nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from companion.store.files import export_bytes
from companion.store.identity import shared
from companion.store.schema import SCHEMA_VERSION
from companion.store.validate import EXPORT_FORMAT
from companion.usecases.services import Services
from companion.usecases.tables import table_hub

ROUTE = "take-home"
"""The first part of the address the web host serves a seat's file at."""
_PATH = re.compile(rf"/{ROUTE}/([0-9A-Za-z_-]{{1,64}})/([1-9])")
"""`/take-home/<table>/<seat>`, the seat counted from 1, as the phones count it."""
MAX_NAME_PART = 40


@dataclass(frozen=True, slots=True)
class TakenHome:
    """The file of one seat's game: its name and the export it holds."""

    name: str
    document: dict[str, Any]

    @property
    def data(self) -> bytes:
        """The file's bytes, as every export of the app is written."""
        return export_bytes(self.document)


def take_home_path(table_id: str, seat: int) -> str:
    """Where the web host serves seat `seat`'s file (counted from 0)."""
    return f"/{ROUTE}/{table_id}/{seat + 1}"


def file_name(updated: str, name: str, seat: int) -> str:
    """`wonderful-companion-table-<day>-<name>.json`: the day the game ended and the
    player's name, in letters any file system and browser keep ("Zoé" gives "zoe"); the
    seat's number for a name with none of them."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    part = "-".join(re.findall(r"[A-Za-z0-9]+", plain)).lower()[:MAX_NAME_PART].strip("-")
    return f"wonderful-companion-table-{updated[:10]}-{part or f'seat-{seat + 1}'}.json"


def take_home(services: Services, table_id: str, seat: int) -> TakenHome | None:
    """The file of seat `seat` (from 0) of a table: its game and the table's other
    finished games. None when there is no such seat or its game is not finished."""
    table = table_hub(services).find(table_id)
    if table is None or not 0 <= seat < len(table.names):
        return None
    records = [services.backend.game(game_id) if game_id else None
               for game_id in table.seats]
    own = records[seat]
    if own is None or not own.get("finished"):
        return None
    # Without the host's revisions, which count its own saves (see companion.store.identity).
    games = [shared(record) for record in records
             if record is not None and record.get("finished") and not record.get("abandoned")]
    document = {"format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION, "games": games,
                "attempts": [], "campaigns": [], "players": [], "settings": {}}
    return TakenHome(file_name(str(own.get("updated") or ""), table.names[seat], seat),
                     document)


def take_home_at(services: Services, path: str) -> TakenHome | None:
    """The file the web host serves at `path`, if it is a seat's (see `take_home`)."""
    found = _PATH.fullmatch(path)
    if found is None:
        return None
    return take_home(services, found.group(1), int(found.group(2)) - 1)
