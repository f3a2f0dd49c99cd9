"""Send a finished game to BG Stats: its "createPlay" link (the game's page shows it as a
QR code too, drawn from `companion.usecases.qr`).

BG Stats documents the link on "Push plays to BG Stats from other apps or websites"
(bgstatsapp.com/support): `https://app.bgstatsapp.com/createPlay.html?data=<data>`
(or the same with `bgstats://`), where <data> is a URL-encoded JSON object with the
play date, the duration, the game (name, BoardGameGeek id, highest score wins) and the
players (name, score, rank, winner). Opening it on a phone with BG Stats installed shows
BG Stats' own import dialog, where the player matches names; nothing is sent by this app.

Which players won: a quick score knows every tableau and its place; a game played in
the app knows only the player's own score, so at a table the others come without a
score and nobody is marked winner (BG Stats lets the player tick it); a solo scenario is
won as the scenario says; a plain solo game counts as won from the rank of Dictator up.

The link has no field for expansions: the ones played (read from the game's setup, its
first action) go in the play's comments, in the player's language ("Expansions:
Corruption & Ascension, War or Peace"), after any comments of the caller's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from companion.i18n import tn
from companion.rules.cards import Expansion
from companion.rules.scoring import SoloRank, solo_rank
from companion.rules.stats import record_mode, record_total
from companion.usecases.labels import expansion_name

BGG_ID = 271324
"""It's a Wonderful World on BoardGameGeek."""
GAME_NAME = "It's a Wonderful World"
SOURCE_NAME = "Wonderful Companion"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
MAX_DURATION_MIN = 24 * 60
"""A longer gap between a game's start and its last save is not its playing time."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    score: int | None
    winner: bool = False
    rank: int | None = None


def players_of(record: Mapping[str, Any], me: str, won: bool | None = None
               ) -> list[PlayerResult]:
    """Each player's name, score and winner flag, as far as the record knows them.

    `me` names the player in a game played in the app; `won` is a scenario's verdict.
    """
    tableaux = record.get("tableaux")
    if record_mode(record) == "quick" and isinstance(tableaux, list):
        return [_from_tableau(entry, me) for entry in tableaux if isinstance(entry, Mapping)]
    total = record_total(record)
    if record.get("mode") != "table":
        if won is None:
            face = str(record.get("face") or "A")
            rank = solo_rank(total, face) if total is not None else None
            won = rank is not None and rank is not SoloRank.APPRENTICE
        return [PlayerResult(me, total, bool(won), 1)]
    names = record.get("names")
    others = [str(n) for n in names] if isinstance(names, list) else []
    return [PlayerResult(me, total), *(PlayerResult(name, None) for name in others)]


def _from_tableau(entry: Mapping[str, Any], fallback: str) -> PlayerResult:
    score = entry.get("score")
    total = score.get("total") if isinstance(score, Mapping) else None
    place = entry.get("place")
    rank = place if isinstance(place, int) else None
    return PlayerResult(str(entry.get("name") or fallback),
                        total if isinstance(total, int) else None, rank == 1, rank)


def play_data(record: Mapping[str, Any], players: list[PlayerResult],
              comments: str = "") -> dict[str, Any]:
    """The JSON object BG Stats reads from the link."""
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "game": {"name": GAME_NAME, "bggId": BGG_ID, "highestWins": True,
                 "noPoints": False, "sourceGameId": "its-a-wonderful-world"},
        "playDate": _play_date(record),
        "players": [_player(p, number) for number, p in enumerate(players)],
    }
    duration = _duration(record)
    if duration is not None:
        data["durationMin"] = duration
    comments = "\n".join(c for c in (comments, expansions_comment(record)) if c)
    if comments:
        data["comments"] = comments
    return data


def expansions_played(record: Mapping[str, Any]) -> list[Expansion]:
    """The expansions the record's game was set up with, in the boxes' order; none if its
    setup does not say (an imported record may hold anything)."""
    actions = record.get("actions")
    start = actions[0] if isinstance(actions, list) and actions else None
    codes = start.get("expansions") if isinstance(start, Mapping) else None
    if not isinstance(codes, list):
        return []
    return [e for e in Expansion if e is not Expansion.BASE and e.value in codes]


def expansions_comment(record: Mapping[str, Any]) -> str:
    """"Expansions: Corruption & Ascension, War or Peace"; empty for the base game alone."""
    played = expansions_played(record)
    if not played:
        return ""
    return tn("Expansion: {names}", "Expansions: {names}", len(played),
              names=", ".join(expansion_name(e) for e in played))


def _player(player: PlayerResult, number: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": player.name, "winner": player.winner,
                             "startPlayer": False, "sourcePlayerId": str(number + 1)}
    if player.score is not None:
        entry["score"] = player.score
    if player.rank is not None:
        entry["rank"] = player.rank
    return entry


def _moment(value: object) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return moment.astimezone() if moment.tzinfo is not None else moment


def _play_date(record: Mapping[str, Any]) -> str:
    """BG Stats wants local time as "2020-10-23 19:16:58"."""
    moment = _moment(record.get("created")) or _moment(record.get("updated"))
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def _duration(record: Mapping[str, Any]) -> int | None:
    start, end = _moment(record.get("created")), _moment(record.get("updated"))
    if start is None or end is None or (start.tzinfo is None) != (end.tzinfo is None):
        return None
    minutes = round((end - start).total_seconds() / 60)
    return minutes if 0 < minutes <= MAX_DURATION_MIN else None


def create_play_url(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(text, safe='')}"


def read_play_url(url: str) -> dict[str, Any]:
    """The JSON object inside a createPlay link (what BG Stats will read)."""
    values = parse_qs(urlsplit(url).query)
    data = json.loads(values["data"][0])
    assert isinstance(data, dict)
    return data
