"""Scoring a final tableau given as JSON, for `companion score` (`companion.cli.score`):
decoded JSON in, the output's JSON value out, for a player's or a whole table's tableau.

Everything a person could type wrong gets one line saying what and where, and exit
code 2; the output is plain JSON so other tools can build on it. "Wrong" includes what
the box makes impossible (more copies of a card than it holds, two players with one
Empire, a table mixing faces) and whatever a file can throw at a parser: nesting a
thousand deep, numbers of thousands of digits, a line break inside a name, a key given
twice, bytes that are not UTF-8, a pipe or a device named as the file. None of it may
end in a traceback: the command is meant to sit behind other tools.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence

from companion.i18n import Plural, t
from companion.rules.cards import Card, Resource
from companion.rules.errors import Refusal, Rejected
from companion.rules.scoring import solo_adjusted, solo_rank
from companion.rules.tableau import (
    Tableau,
    check_seating,
    check_table_copies,
    table_ranking,
    table_supremacy,
)
from companion.shipped.catalog import Catalog, catalog

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any

MAX_COPIES = 200
MAX_TOKENS = 1000
MAX_DEPTH = 16
"""A table input nests 4 deep (`table`, a player, `built`, a `{"card", "count"}`)."""
MAX_TEXT = 200
"""The longest name printed on a card is about 30 characters."""
MAX_SHOWN = 60
LOG2 = 0.30103
"""log10(2): an int of n bits has about n × log10(2) decimal digits."""
"""How much of a wrong value a message quotes: enough to recognise it, one line."""
RESOURCE_KEYS = {
    Resource.MATERIALS: "materials",
    Resource.ENERGY: "energy",
    Resource.SCIENCE: "science",
    Resource.GOLD: "gold",
    Resource.EXPLORATION: "exploration",
}
PLAYER_KEYS = {"empire", "face", "players", "built", "generals", "financiers", "krystallium",
               "scenario", "variant_faces"}
TABLE_PLAYER_KEYS = PLAYER_KEYS - {"players", "variant_faces"}
TABLE_KEYS = {"table", "variant_faces"}
_UNPRINTABLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
"""Unicode categories no name contains: controls (a line break, a terminal escape),
format marks (a right-to-left override), surrogates, private and unassigned code
points, line and paragraph separators. Printed back in a message they would break it
over lines or rewrite the terminal."""


def parse_json(raw: bytes | str) -> Any:
    """Decode the input with the app's reader of files a person chose
    (`companion.store.files.decode_json`): UTF-8, no key twice in one object (a plain
    decoder silently keeps the last one), bounded nesting, no NaN or Infinity, and a
    number too long for Python is a message, not a ValueError. A leading byte order mark
    (Windows editors write one) is allowed, as by every reader of a player's file.
    `JsonRefused` says what is wrong."""
    from companion.store.files import decode_json

    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    return decode_json(data, MAX_DEPTH)


def _shown(value: object) -> str:
    """A wrong value quoted in a message: JSON, on one line, cut to `MAX_SHOWN`."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        # Never str() it: past 4,300 digits Python refuses to convert an int to text.
        return t("a number of about {digits} digits", digits=int(value.bit_length() * LOG2))
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def _check_text(data: object, where: str) -> None:
    """Refuse a string (value or key) anywhere in the input that no name could be: one
    with an unprintable character, or longer than any name. Checked once, up front, so
    every message after this may quote the input's text safely."""
    pending: list[tuple[object, str]] = [(data, where)]
    while pending:
        value, at = pending.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                _check_string(key, f"a field name in {at}")
                # A table's players are called table[i] in every message, not input.table[i].
                inner = key if at == where and key == "table" else f"{at}.{key}"
                pending.append((item, inner))
        elif isinstance(value, list):
            pending.extend((item, f"{at}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_string(value, at)


def _check_string(text: str, where: str) -> None:
    if len(text) > MAX_TEXT:
        raise Rejected(Refusal.BAD_NAME,
                       "{where} is {length} characters long; no name is longer than {limit}",
                       where=where, length=len(text), limit=MAX_TEXT)
    for char in text:
        if unicodedata.category(char) in _UNPRINTABLE:
            raise Rejected(Refusal.BAD_NAME,
                           "{where} contains the invisible character {code}; names are "
                           "printed text", where=where, code=f"U+{ord(char):04X}")


def _whole(value: object, where: str, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(Refusal.BAD_NUMBER,
                       "{where} must be a whole number, not {value}", where=where,
                       value=_shown(value))
    if value < 0:
        raise Rejected(Refusal.BAD_NUMBER, "{where} cannot be negative ({value})", where=where,
                       value=_shown(value))
    if value > limit:
        raise Rejected(Refusal.BAD_NUMBER,
                       "{where} is {value}; no game has more than {limit}", where=where,
                       value=_shown(value), limit=limit)
    return value


def _card(entry: object, at: str, cards: Catalog) -> Card:
    if isinstance(entry, bool) or not isinstance(entry, str | int):
        raise Rejected(Refusal.MALFORMED, "{at} must be a card name or number, not {value}", at=at,
                       value=_shown(entry))
    # The catalog reads digits as a card number: "²" or 5,000 nines are digits no card
    # number is written with (and Python will not convert).
    if isinstance(entry, int):
        unnumbered = abs(entry) >= 10_000
    else:
        digits = entry.strip()
        unnumbered = digits.isdigit() and not (digits.isascii() and len(digits) <= 4)
    if unnumbered:
        raise Rejected(Refusal.UNKNOWN_CARD,
                       "{at}: {number} is not a card number", at=at, number=_shown(entry))
    try:
        return cards.card(entry)
    except Rejected as exc:
        raise Rejected(exc.kind, "{at}: {reason}", at=at, reason=str(exc)) from None


def _built(value: object, where: str, cards: Catalog) -> list[Card]:
    if not isinstance(value, list):
        raise Rejected(Refusal.MALFORMED,
                       "{where}.built must be a list of card names, numbers or "
                       "{{\"card\": name, \"count\": n}}", where=where)
    if len(value) > MAX_COPIES:
        raise Rejected(Refusal.TOO_LONG,
                       "{where}.built lists {count} cards; no Empire holds that many",
                       where=where, count=len(value))
    built: list[Card] = []
    for index, entry in enumerate(value):
        at = f"{where}.built[{index}]"
        count = 1
        if isinstance(entry, dict):
            unknown = set(entry) - {"card", "count"}
            if unknown or "card" not in entry:
                raise Rejected(Refusal.MALFORMED,
                               "{at} must look like {{\"card\": \"Zeppelin\", \"count\": 2}}",
                               at=at)
            count = _whole(entry.get("count", 1), f"{at}.count", MAX_COPIES)
            entry = entry["card"]
        built.extend([_card(entry, at, cards)] * count)
        if len(built) > MAX_COPIES:
            raise Rejected(Refusal.TOO_LONG,
                           "{where}.built lists {count} cards; no Empire holds that many",
                           where=where, count=len(built))
    for card_id, count in Counter(card.id for card in built).items():
        card = cards.card(card_id)
        if count > card.copies:
            raise Rejected(Refusal.NO_COPY_LEFT,
                           Plural("{where}.built: the box has only {count} {card}, not {built}",
                                  "{where}.built: the box has only {count} copies of {card}, "
                                  "not {built}"),
                           where=where, card=card.name, built=count, count=card.copies)
    return built


def _variant_faces(data: Mapping[str, Any], where: str) -> bool:
    allowed = data.get("variant_faces", False)
    if not isinstance(allowed, bool):
        raise Rejected(Refusal.MALFORMED,
                       "{where}.variant_faces must be true or false", where=where)
    return allowed


def _tableau(data: Mapping[str, Any], where: str, cards: Catalog, variants: bool) -> Tableau:
    if "empire" not in data:
        raise Rejected(Refusal.MALFORMED,
                       "{where} needs an \"empire\", e.g. \"Noram States\"", where=where)
    face = data.get("face", "A")
    if not isinstance(face, str):
        raise Rejected(Refusal.MALFORMED,
                       "{where}.face must be a letter such as \"A\" or \"B\"", where=where)
    try:
        empire = cards.empire(data["empire"], face)
    except Rejected as exc:
        raise Rejected(exc.kind, "{where}.empire: {reason}", where=where, reason=str(exc)) from None
    if empire.variant and not variants:
        raise Rejected(Refusal.EMPIRE_FACE,
                       "{where}.face: face {face} of {empire} is a variant, not the "
                       "rulebook's A or B; add \"variant_faces\": true to score it",
                       where=where, face=empire.face, empire=empire.name)
    return Tableau(
        empire=empire,
        built=tuple(_built(data.get("built", []), where, cards)),
        generals=_whole(data.get("generals", 0), f"{where}.generals", MAX_TOKENS),
        financiers=_whole(data.get("financiers", 0), f"{where}.financiers", MAX_TOKENS),
        krystallium=_whole(data.get("krystallium", 0), f"{where}.krystallium", MAX_TOKENS),
    )


def _check_keys(data: object, allowed: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise Rejected(Refusal.MALFORMED,
                       "{where} must be a JSON object like {{\"empire\": \"Noram States\"}}",
                       where=where)
    unknown = sorted(set(data) - allowed)
    if unknown:
        fields = ", ".join(unknown[:5]) + (", …" if len(unknown) > 5 else "")
        raise Rejected(Refusal.MALFORMED,
                       Plural("{where} has an unknown field {fields}; allowed: {allowed}",
                              "{where} has unknown fields {fields}; allowed: {allowed}"),
                       where=where, fields=fields, allowed=", ".join(sorted(allowed)),
                       count=len(unknown))
    return data


def check_table(tableaus: Sequence[Tableau]) -> None:
    """What the box makes impossible at one table: the players use one face (the
    rulebooks: faces A and B are never mixed), each Empire card is dealt once, and
    together they build no card more often than the box holds it."""
    check_seating([(f"table[{index}]", t.empire.name, t.empire.face)
                   for index, t in enumerate(tableaus)])
    check_table_copies([(f"table[{index}]", t.built) for index, t in enumerate(tableaus)])


def _player_output(tableau: Tableau) -> dict[str, Any]:
    produced = tableau.production()
    return {
        "production": {RESOURCE_KEYS[r]: produced[r] for r in Resource},
        "score": tableau.score().as_dict(),
        "built_cards": len(tableau.built),
        "characters": tableau.characters,
    }


def _scenario_output(tableau: Tableau, scenario_id: object, cards: Catalog) -> dict[str, Any]:
    from companion.rules.scenarios import scenario_result
    from companion.shipped.scenarios import shipped_scenarios

    scenarios = shipped_scenarios()
    if not isinstance(scenario_id, str) or scenario_id not in scenarios:
        raise Rejected(Refusal.UNKNOWN_SCENARIO, "Unknown scenario {scenario}: use one of {known}",
                       scenario=_shown(scenario_id), known=", ".join(scenarios))
    scenario = scenarios[scenario_id]
    result = scenario_result(scenario, [c.id for c in tableau.built], tableau.score().total,
                             tableau.empire.face)
    return {
        "id": scenario.id,
        "won": result.won,
        "missing": [cards.card(card_id).name for card_id in result.missing],
        "medal": result.medal.value if result.medal else None,
    }


def _solo_output(tableau: Tableau) -> dict[str, Any]:
    """The rank table of the solo rules, which the rulebook gives for faces A and B only:
    on a variant face there is no rank, and the output says why."""
    total = tableau.score().total
    face = tableau.empire.face
    rank = solo_rank(total, face)
    if rank is None:
        return {"adjusted": None, "rank": None,
                "note": t("The solo rank table does not apply: it is for the rulebook's "
                          "faces A and B, not the variant face {face}", face=face)}
    return {"adjusted": solo_adjusted(total, face), "rank": rank.value}


def score_player(data: object, cards: Catalog) -> dict[str, Any]:
    """The output for one player's JSON object."""
    data = _check_keys(data, PLAYER_KEYS, "input")
    players = _whole(data.get("players", 1), "input.players", 7)
    if players < 1:
        raise Rejected(Refusal.PLAYER_COUNT, "input.players must be 1 to 7")
    tableau = _tableau(data, "input", cards, _variant_faces(data, "input"))
    output = _player_output(tableau)
    if players == 1:
        output["solo"] = _solo_output(tableau)
    if data.get("scenario") is not None:
        if players != 1:
            raise Rejected(Refusal.PLAYER_COUNT,
                           "Scenarios are solo games: remove \"scenario\" or set players to 1")
        output["scenario"] = _scenario_output(tableau, data["scenario"], cards)
    return output


def score_table(data: Mapping[str, Any], cards: Catalog) -> dict[str, Any]:
    """The output for `{"table": [player, ...]}`."""
    unknown = sorted(set(data) - TABLE_KEYS)
    if unknown:
        raise Rejected(Refusal.MALFORMED,
                       "A table input holds only \"table\" and \"variant_faces\", not "
                       "{fields}", fields=", ".join(unknown[:5]))
    variants = _variant_faces(data, "input")
    players = data["table"]
    if not isinstance(players, list) or not 2 <= len(players) <= 7:
        raise Rejected(Refusal.PLAYER_COUNT, "\"table\" must list 2 to 7 players")
    tableaus: list[Tableau] = []
    for index, player in enumerate(players):
        where = f"table[{index}]"
        player = _check_keys(player, TABLE_PLAYER_KEYS, where)
        if player.get("scenario") is not None:
            raise Rejected(Refusal.PLAYER_COUNT,
                           "{where}: scenarios are solo games, not table games", where=where)
        tableaus.append(_tableau(player, where, cards, variants))
    check_table(tableaus)
    return {
        "players": [_player_output(t) for t in tableaus],
        "supremacy": {RESOURCE_KEYS[r]: w for r, w in table_supremacy(tableaus).items()},
        "ranking": [{"player": i, "place": p} for i, p in table_ranking(tableaus)],
    }


def score_input(data: object, cards: Catalog | None = None) -> dict[str, Any]:
    """The output for decoded input; `Rejected` names what is wrong and where."""
    cards = cards if cards is not None else catalog()
    _check_text(data, "input")
    if isinstance(data, dict) and "table" in data:
        return score_table(data, cards)
    return score_player(data, cards)


def one_line(text: str) -> str:
    """A message as one line of printable text, whatever it quotes."""
    if all(unicodedata.category(c) not in _UNPRINTABLE for c in text):
        return text
    return "".join(c if unicodedata.category(c) not in _UNPRINTABLE
                   else f"\\u{ord(c):04x}" for c in text)
