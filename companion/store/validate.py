"""Checks of everything that enters the store, from the app or from an imported file.

Records are plain JSON values chosen by other parts of the app, so the store checks the
fields it relies on (ids, dates, the shape of an action list) and otherwise keeps what it
is given. An imported file is checked completely, down to replaying every game under the
rules, before a single byte is written; the first problem is reported with where it is
(`games[3].actions`) so the player can find it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

import msgspec

from companion.i18n import SUPPORTED as LANGUAGES
from companion.rules.cards import Expansion
from companion.rules.players import FROM_GAME, ME
from companion.rules.players import name_key as name_key
from companion.rules.scenarios import MEDAL_ORDER
from companion.rules.supremacy import MAX_PLAYERS as TABLE_MAX
from companion.store import derive
from companion.store.derive import Known as Known
from companion.store.derive import Played as Played
from companion.store.errors import Invalid as Invalid
from companion.store.identity import attempt_id
from companion.store.marks import DELETED, KEYS, KINDS

EXPORT_FORMAT = "wonderful-companion"
MAX_IMPORT_BYTES = 128 * 1024 * 1024
"""An export of 5,000 games is about 25 MB; anything far larger is not one of ours."""
MAX_RECORD_BYTES = 2 * 1024 * 1024
MAX_ACTIONS = 5000
MAX_ID = 100
MAX_NAME = 60
MAX_TEXT = 200
MAX_GAMES = 200_000
MAX_ATTEMPTS = 200_000
MAX_CAMPAIGNS = 10_000
MAX_PLAYERS = 1_000
MAX_MARKS = MAX_GAMES + MAX_CAMPAIGNS
MAX_BUILT = 200
MAX_DRAFTED = MAX_ACTIONS
"""Each draft is one action of its own, so no game drafts more cards than it has actions
(a replayed game is not held to a round's limit: see `companion.rules.planning`)."""
MAX_CARD = 999
MODES = ("solo", "table")
THEMES = ("system", "light", "dark")
MEDALS = tuple(m.value for m in MEDAL_ORDER)
DEFAULT_SETTINGS: dict[str, Any] = {
    "language": "en",
    "theme": "system",
    "expansions": ["base"],
    "default_face": "A",
    "recent_cards": [],
}
GAME_DEFAULTS: dict[str, Any] = {
    "redo": [],
    "players": [],
    "empires": [],
    "scenario": None,
    "campaign": None,
    "score": None,
}
GAME_REQUIRED = ("id", "actions", "mode", "created", "updated", "finished")
ATTEMPT_KEYS = ("id", "scenario", "date", "score", "won", "medal", "game")


def json_copy(value: object, where: str, limit: int = MAX_RECORD_BYTES) -> Any:
    """A deep copy that is guaranteed plain JSON (and small enough to store)."""
    try:
        encoded = msgspec.json.encode(value)
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise Invalid(where, "is not plain JSON data ({reason})", reason=str(exc)) from None
    if len(encoded) > limit:
        raise Invalid(
            where, "is {size} bytes; the limit is {limit}", size=len(encoded), limit=limit
        )
    try:
        return msgspec.json.decode(encoded)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise Invalid(where, "is not plain JSON data ({reason})", reason=str(exc)) from None


def _type_name(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false"}.get(
        type(value), "null" if value is None else "a number"
    )


def _expect(value: object, kind: type | tuple[type, ...], where: str, wanted: str) -> None:
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise Invalid(where, "must be {wanted}, not {found}", wanted=wanted,
                      found=_type_name(value))


def identifier(value: object, where: str) -> str:
    _expect(value, str, where, "a text id")
    assert isinstance(value, str)
    if not value.strip() or len(value) > MAX_ID or not value.isprintable():
        raise Invalid(where, "must be 1 to {limit} printable characters", limit=MAX_ID)
    return value


def text(value: object, where: str, limit: int = MAX_TEXT) -> str:
    _expect(value, str, where, "a text")
    assert isinstance(value, str)
    if len(value) > limit:
        raise Invalid(where, "is longer than {limit} characters", limit=limit)
    return value


def player_name(value: object, where: str = "name") -> str:
    """A player's name as it is kept: trimmed, in Unicode NFC (see `name_key`)."""
    name = unicodedata.normalize("NFC", text(value, where, MAX_NAME).strip())
    if not name or not name.isprintable():
        raise Invalid(where, "a player's name must be 1 to {limit} printable characters",
                      limit=MAX_NAME)
    return name




def timestamp(value: object, where: str) -> str:
    _expect(value, str, where, "a date and time (ISO 8601, like 2025-01-31T18:02:00)")
    assert isinstance(value, str)
    try:
        if len(value) > 64:
            raise ValueError
        datetime.fromisoformat(value)
    except ValueError:
        raise Invalid(where, "'{value}' is not a date and time like 2025-01-31T18:02:00",
                      value=value[:64]) from None
    return value


def _optional(check: Callable[[object, str], Any], value: object, where: str) -> Any:
    return None if value is None else check(value, where)


def action_list(value: object, where: str) -> list[dict[str, Any]]:
    _expect(value, list, where, "a list of actions")
    assert isinstance(value, list)
    if len(value) > MAX_ACTIONS:
        raise Invalid(where, "holds {count} actions; a game has at most {limit}",
                      count=len(value), limit=MAX_ACTIONS)
    for number, action in enumerate(value):
        here = f"{where}[{number}]"
        _expect(action, dict, here, "an action (an object with a 'type')")
        if not isinstance(action.get("type"), str):
            raise Invalid(here, "an action needs a text 'type'")
    return value


def game_record(raw: object, where: str = "game") -> dict[str, Any]:
    """A checked copy of a game record, with defaults for the optional fields."""
    _expect(raw, dict, where, "a game (an object)")
    assert isinstance(raw, dict)
    missing = [key for key in GAME_REQUIRED if key not in raw]
    if missing:
        raise Invalid(where, "is missing {keys}", keys=", ".join(missing))
    record: dict[str, Any] = json_copy(raw, where)
    for key, default in GAME_DEFAULTS.items():
        record.setdefault(key, json_copy(default, where))
    identifier(record["id"], f"{where}.id")
    action_list(record["actions"], f"{where}.actions")
    action_list(record["redo"], f"{where}.redo")
    if record["mode"] not in MODES:
        raise Invalid(f"{where}.mode", "must be one of {allowed}", allowed=", ".join(MODES))
    players = record["players"]
    if isinstance(players, int) and not isinstance(players, bool):
        if not 1 <= players <= 100:
            raise Invalid(f"{where}.players", "must be between 1 and 100")
    else:
        _expect(players, list, f"{where}.players", "a list of names or a number of players")
        for number, name in enumerate(players):
            text(name, f"{where}.players[{number}]", MAX_NAME)
    _expect(record["empires"], list, f"{where}.empires", "a list of Empire names")
    for number, name in enumerate(record["empires"]):
        text(name, f"{where}.empires[{number}]")
    _optional(identifier, record["scenario"], f"{where}.scenario")
    _optional(identifier, record["campaign"], f"{where}.campaign")
    timestamp(record["created"], f"{where}.created")
    timestamp(record["updated"], f"{where}.updated")
    _expect(record["finished"], bool, f"{where}.finished", "true or false")
    # Optional and left out when false, so records saved before it existed stay as they were.
    abandoned = record.get("abandoned", False)
    _expect(abandoned, bool, f"{where}.abandoned", "true or false")
    if abandoned and record["finished"]:
        raise Invalid(f"{where}.abandoned", "a finished game cannot be abandoned")
    if record["score"] is not None:
        _expect(record["score"], dict, f"{where}.score", "an object or null")
    _optional(identifier, record.get(FROM_GAME), f"{where}.{FROM_GAME}")
    # A quick score's tableau of the app's own player; left out or null: none of them.
    me, tableaux = record.get(ME), record.get("tableaux")
    if me is not None and not (isinstance(tableaux, list) and _seat_number(me) is not None
                               and me < len(tableaux)):
        raise Invalid(f"{where}.{ME}", "must be one of {allowed}", allowed=", ".join(
            [*map(str, range(len(tableaux) if isinstance(tableaux, list) else 0)), "null"]))
    # The cards a game has built, and every card it drafted (built or recycled): derived
    # from its actions (and worked out again on import), kept so the statistics and the
    # card picker need not replay years of games. Absent in records saved before them.
    _card_numbers(record.get("built", []), f"{where}.built", MAX_BUILT)
    _card_numbers(record.get("drafted", []), f"{where}.drafted", MAX_DRAFTED)
    return record


def _card_numbers(cards: object, where: str, limit: int) -> None:
    _expect(cards, list, where, "a list of card numbers")
    assert isinstance(cards, list)
    if len(cards) > limit or not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_CARD
            for n in cards):
        raise Invalid(where, "must be a list of at most {limit} card numbers", limit=limit)


def _fields(raw: dict[Any, Any], where: str, keys: Sequence[str],
            optional: Sequence[str] = ()) -> None:
    """A record of an import holds only the fields it may, and every one it must."""
    unknown = sorted(str(k) for k in raw if k not in keys)
    if unknown:
        raise Invalid(where, "has unknown fields {keys}; allowed: {allowed}",
                      keys=", ".join(unknown)[:200], allowed=", ".join(keys))
    missing = [k for k in keys if k not in raw and k not in optional]
    if missing:
        raise Invalid(where, "is missing {keys}", keys=", ".join(missing))


def attempt_record(raw: object, where: str = "attempt") -> dict[str, Any]:
    _expect(raw, dict, where, "a scenario attempt (an object)")
    assert isinstance(raw, dict)
    _fields(raw, where, ATTEMPT_KEYS, optional=("id", "game"))
    attempt: dict[str, Any] = {key: raw.get(key) for key in ATTEMPT_KEYS}
    identifier(attempt["scenario"], f"{where}.scenario")
    timestamp(attempt["date"], f"{where}.date")
    _expect(attempt["score"], int, f"{where}.score", "a whole number")
    if attempt["score"] < 0:  # every point of a score is won: none is ever taken away
        raise Invalid(f"{where}.score", "cannot be negative ({value})", value=attempt["score"])
    if attempt["score"] > 100_000:
        raise Invalid(f"{where}.score", "{value} is not a possible score",
                      value=attempt["score"])
    _expect(attempt["won"], bool, f"{where}.won", "true or false")
    medal = attempt["medal"]
    if medal is not None and medal not in MEDALS:
        raise Invalid(f"{where}.medal", "must be null or one of {allowed}",
                      allowed=", ".join(MEDALS))
    if medal is not None and not attempt["won"]:
        raise Invalid(f"{where}.medal", "a lost attempt earns no medal")
    _optional(identifier, attempt["game"], f"{where}.game")
    # The key that makes it one attempt on every device (see identity.py): derived when
    # it has none, as the upgrade of an attempt saved before ids existed derives it.
    if attempt["id"] is None:
        attempt["id"] = attempt_id(attempt)
    identifier(attempt["id"], f"{where}.id")
    return attempt


def campaign_data(raw: object, where: str = "campaign") -> dict[str, Any]:
    """Campaign content belongs to the campaign logic: only its shape is checked here."""
    _expect(raw, dict, where, "a campaign (an object)")
    assert isinstance(raw, dict)
    if "id" not in raw:
        raise Invalid(where, "is missing {keys}", keys="id")
    identifier(raw["id"], f"{where}.id")
    if "updated" in raw:  # set by the store at each save (see identity.py)
        timestamp(raw["updated"], f"{where}.updated")
    data: dict[str, Any] = json_copy(raw, where)
    return data


def deletion_mark(raw: object, where: str) -> dict[str, Any]:
    """A mark left by a deleted game or campaign (see `marks.py`): its id, its kind, when."""
    _expect(raw, dict, where, "a deletion mark (an object with id, kind and deleted)")
    assert isinstance(raw, dict)
    _fields(raw, where, KEYS)
    identifier(raw["id"], f"{where}.id")
    if raw["kind"] not in KINDS:
        raise Invalid(f"{where}.kind", "must be one of {allowed}", allowed=", ".join(KINDS))
    timestamp(raw["deleted"], f"{where}.deleted")
    return {k: raw[k] for k in KEYS}


@cache
def empire_faces() -> tuple[str, ...]:
    from companion.shipped.catalog import catalog

    return tuple(sorted({face.face for face in catalog().empires}))


def _language(value: object, where: str) -> str:
    if value not in LANGUAGES:
        raise Invalid(where, "must be one of {allowed}", allowed=", ".join(LANGUAGES))
    assert isinstance(value, str)
    return value


def _theme(value: object, where: str) -> str:
    if value not in THEMES:
        raise Invalid(where, "must be one of {allowed}", allowed=", ".join(THEMES))
    assert isinstance(value, str)
    return value


def _expansions(value: object, where: str) -> list[str]:
    allowed = [e.value for e in Expansion]
    _expect(value, list, where, "a list of expansions")
    assert isinstance(value, list)
    if not value or any(v not in allowed for v in value) or len(set(value)) != len(value):
        raise Invalid(where, "must list each owned game once, among {allowed}",
                      allowed=", ".join(allowed))
    return list(value)


def _face(value: object, where: str) -> str:
    faces = empire_faces()
    if value not in faces:
        raise Invalid(where, "must be one of {allowed}", allowed=", ".join(faces))
    assert isinstance(value, str)
    return value


MAX_RECENT_CARDS = 30


def _recent_cards(value: object, where: str) -> list[int]:
    """Card numbers picked lately, newest first, so the card search can offer them."""
    _expect(value, list, where, "a list of card numbers")
    assert isinstance(value, list)
    from companion.shipped.catalog import catalog

    known = {card.id for card in catalog().cards}
    if len(value) > MAX_RECENT_CARDS or any(
        isinstance(v, bool) or not isinstance(v, int) or v not in known for v in value
    ):
        raise Invalid(where, "must list at most {limit} known card numbers",
                      limit=MAX_RECENT_CARDS)
    return list(value)


MAX_ALIASES = 1000
ALIASES = "player_aliases"
"""The setting of players known by another name."""


def _aliases(value: object, where: str) -> dict[str, str]:
    """Players known by another name (`rules.players.merge`): a name's key → the name it
    is shown as; an empty name is the app's own player ("that seat was me")."""
    _expect(value, dict, where, "an object of names")
    assert isinstance(value, dict)
    if len(value) > MAX_ALIASES:
        raise Invalid(where, "holds {count} entries; the limit is {limit}", count=len(value),
                      limit=MAX_ALIASES)
    for key, shown in value.items():
        for text_ in (key, shown):
            if not (isinstance(text_, str) and len(text_) <= MAX_NAME
                    and (not text_ or text_.isprintable()) and text_ == text_.strip()):
                raise Invalid(where, "a player's name must be 1 to {limit} printable"
                                     " characters", limit=MAX_NAME)
        if key != name_key(key):
            raise Invalid(where, "'{name}' is not written as names are compared (in small"
                                 " letters)", name=key)
    return dict(value)


def _seat_number(value: object) -> int | None:
    """A player of a table counted from 0, if `value` is one."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < TABLE_MAX:
        return value
    return None


QUICK_ME = "quick_score_me"
"""Which player the app's own player was in their last quick score (from 0), or null:
none of them. The next quick score asks again, with that answer chosen."""


def _quick_me(value: object, where: str) -> int | None:
    if value is not None and _seat_number(value) is None:
        raise Invalid(where, "must be one of {allowed}",
                      allowed=", ".join([*map(str, range(TABLE_MAX)), "null"]))
    return _seat_number(value)


SETTINGS: dict[str, Callable[[object, str], Any]] = {
    "language": _language,
    "theme": _theme,
    "expansions": _expansions,
    "default_face": _face,
    "recent_cards": _recent_cards,
    ALIASES: _aliases,
    QUICK_ME: _quick_me,
}


def settings_values(raw: Mapping[str, object], where: str = "settings") -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in raw.items():
        check = SETTINGS.get(key)
        if check is None:
            raise Invalid(where, "unknown setting '{key}'; settings are {allowed}",
                          key=str(key)[:MAX_TEXT], allowed=", ".join(SETTINGS))
        checked[key] = check(value, f"{where}.{key}")
    return checked


# --- a whole export -------------------------------------------------------------------


@dataclass
class Export:
    """A checked export, ready to be written."""

    games: list[dict[str, Any]] = field(default_factory=list)
    attempts: list[dict[str, Any]] = field(default_factory=list)
    campaigns: list[dict[str, Any]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    deleted: list[dict[str, Any]] = field(default_factory=list)
    """Deletion marks (see `marks.py`), each record's once."""
    corrections: dict[str, int] = field(default_factory=dict)
    """How many records claimed a result their moves do not give (see `derive.py`)."""


TOP_LEVEL = ("format", "schema_version", "games", "attempts", "campaigns", "players",
             "settings", DELETED)


def _list(data: Mapping[str, object], key: str, limit: int) -> list[Any]:
    value = data.get(key, [])
    _expect(value, list, key, "a list")
    assert isinstance(value, list)
    if len(value) > limit:
        raise Invalid(key, "holds {count} entries; the limit is {limit}", count=len(value),
                      limit=limit)
    return value


def _no_duplicates(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for number, ident in enumerate(ids):
        if ident in seen:
            raise Invalid(f"{where}[{number}].id", "'{id}' appears twice", id=ident)
        seen.add(ident)


def export_document(
    raw: object, schema_version: int,
    check_actions: Callable[[dict[str, Any], str], Played | None],
    known: Known | None = None,
) -> Export:
    """Check a whole export; `check_actions` replays one game record under the rules and
    puts its derived fields right; attempts and campaigns are checked against `known`
    (by default the scenarios and campaign boxes shipped with the app)."""
    _expect(raw, dict, "file", "a JSON object exported by this app")
    assert isinstance(raw, dict)
    if raw.get("format") != EXPORT_FORMAT:
        raise Invalid("format", "this is not a file exported by this app (expected "
                      "\"format\": \"{expected}\")", expected=EXPORT_FORMAT)
    version = raw.get("schema_version")
    if isinstance(version, str) and version.strip().isascii() and version.strip().isdigit():
        # As `companion score` reads numbers: a number is written without quotes.
        raise Invalid("schema_version", "must be a whole number, not the text \"{value}\":"
                      " write it without quotes", value=version[:20])
    _expect(version, int, "schema_version", "a whole number")
    assert isinstance(version, int)
    if version > schema_version:
        raise Invalid("schema_version", "the file was exported by a newer version of the app "
                      "(version {version}; this app reads up to {supported}): update the app",
                      version=version, supported=schema_version)
    if version < 1:
        raise Invalid("schema_version", "{version} is not a version of this app",
                      version=version)
    unknown = sorted(str(k) for k in raw if k not in TOP_LEVEL)
    if unknown:
        raise Invalid("file", "has unknown fields {keys}", keys=", ".join(unknown)[:200])
    result = Export()
    result.games = [game_record(g, f"games[{n}]")
                    for n, g in enumerate(_list(raw, "games", MAX_GAMES))]
    _no_duplicates([g["id"] for g in result.games], "games")
    result.attempts = [attempt_record(a, f"attempts[{n}]")
                       for n, a in enumerate(_list(raw, "attempts", MAX_ATTEMPTS))]
    result.campaigns = [campaign_data(c, f"campaigns[{n}]")
                        for n, c in enumerate(_list(raw, "campaigns", MAX_CAMPAIGNS))]
    _no_duplicates([c["id"] for c in result.campaigns], "campaigns")
    names = [player_name(p, f"players[{n}]")
             for n, p in enumerate(_list(raw, "players", MAX_PLAYERS))]
    folded = [name_key(n) for n in names]
    for number, name in enumerate(folded):
        if name in folded[:number]:
            raise Invalid(f"players[{number}]", "'{name}' appears twice", name=names[number])
    result.players = names
    settings = raw.get("settings", {})
    _expect(settings, dict, "settings", "an object")
    assert isinstance(settings, dict)
    result.settings = settings_values(settings)
    result.deleted = [deletion_mark(m, f"{DELETED}[{n}]")
                      for n, m in enumerate(_list(raw, DELETED, MAX_MARKS))]
    seen: set[tuple[str, str]] = set()
    for number, found in enumerate(result.deleted):
        if (found["kind"], found["id"]) in seen:
            raise Invalid(f"{DELETED}[{number}].id", "'{id}' appears twice", id=found["id"])
        seen.add((found["kind"], found["id"]))
    _derive(result, check_actions, known)
    return result


def _derive(result: Export, check_actions: Callable[[dict[str, Any], str], Played | None],
            known: Known | None) -> None:
    """Replay every game, then check attempts and campaigns by what the games give."""
    known = known if known is not None else derive.Known.shipped()
    corrections = derive.Corrections()
    played: dict[str, Played] = {}
    for number, game in enumerate(result.games):
        outcome = check_actions(game, f"games[{number}]")
        if outcome is not None:
            played[game["id"]] = outcome
            corrections.games += outcome.corrected
    for number, attempt in enumerate(result.attempts):
        its_game = played.get(attempt["game"])  # no game (None) is no key: game ids are text
        corrections.attempts += derive.derive_attempt(attempt, its_game, known.scenarios,
                                                      f"attempts[{number}]")
    for number, campaign in enumerate(result.campaigns):
        derive.check_campaign(campaign, f"campaigns[{number}]", known.boxes)
    result.corrections = corrections.counts()
