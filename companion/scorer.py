"""`companion score`: JSON in, JSON out, for a player's or a whole table's final tableau.

Everything a person could type wrong gets one line saying what and where, and exit
code 2; the output is plain JSON so other tools can build on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from companion.catalog import Catalog, catalog
from companion.i18n import Plural, t
from companion.rules.cards import Card, Resource
from companion.rules.errors import Rejected
from companion.rules.scenarios import scenario_result
from companion.rules.scoring import solo_adjusted, solo_rank
from companion.rules.tableau import Tableau, table_ranking, table_supremacy

MAX_INPUT_BYTES = 1_000_000
MAX_COPIES = 200
MAX_TOKENS = 1000
RESOURCE_KEYS = {
    Resource.MATERIALS: "materials",
    Resource.ENERGY: "energy",
    Resource.SCIENCE: "science",
    Resource.GOLD: "gold",
    Resource.EXPLORATION: "exploration",
}
PLAYER_KEYS = {"empire", "face", "players", "built", "generals", "financiers", "krystallium",
               "scenario"}
TABLE_PLAYER_KEYS = PLAYER_KEYS - {"players"}


def parse_json(text: str) -> Any:
    """Decode JSON, turning a syntax error into a message with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Rejected("Malformed JSON at line {line}, column {column}: {problem}",
                       line=exc.lineno, column=exc.colno, problem=exc.msg) from None


def _whole(value: object, where: str, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected("{where} must be a whole number, not {value}", where=where,
                       value=json.dumps(value))
    if value < 0:
        raise Rejected("{where} cannot be negative ({value})", where=where, value=value)
    if value > limit:
        raise Rejected("{where} is {value}; no game has more than {limit}", where=where,
                       value=value, limit=limit)
    return value


def _built(value: object, where: str, cards: Catalog) -> list[Card]:
    if not isinstance(value, list):
        raise Rejected("{where}.built must be a list of card names, numbers or "
                       "{{\"card\": name, \"count\": n}}", where=where)
    built: list[Card] = []
    for index, entry in enumerate(value):
        at = f"{where}.built[{index}]"
        count = 1
        if isinstance(entry, dict):
            unknown = set(entry) - {"card", "count"}
            if unknown or "card" not in entry:
                raise Rejected("{at} must look like {{\"card\": \"Zeppelin\", \"count\": 2}}",
                               at=at)
            count = _whole(entry.get("count", 1), f"{at}.count", MAX_COPIES)
            entry = entry["card"]
        if isinstance(entry, bool) or not isinstance(entry, str | int):
            raise Rejected("{at} must be a card name or number, not {value}", at=at,
                           value=json.dumps(entry))
        try:
            card = cards.card(entry)
        except Rejected as exc:
            raise Rejected("{at}: {reason}", at=at, reason=str(exc)) from None
        built.extend([card] * count)
    if len(built) > MAX_COPIES:
        raise Rejected("{where}.built lists {count} cards; no Empire holds that many",
                       where=where, count=len(built))
    return built


def _tableau(data: Mapping[str, Any], where: str, cards: Catalog) -> Tableau:
    if "empire" not in data:
        raise Rejected("{where} needs an \"empire\", e.g. \"Noram States\"", where=where)
    face = data.get("face", "A")
    if not isinstance(face, str):
        raise Rejected("{where}.face must be a letter such as \"A\" or \"B\"", where=where)
    try:
        empire = cards.empire(data["empire"], face)
    except Rejected as exc:
        raise Rejected("{where}.empire: {reason}", where=where, reason=str(exc)) from None
    return Tableau(
        empire=empire,
        built=tuple(_built(data.get("built", []), where, cards)),
        generals=_whole(data.get("generals", 0), f"{where}.generals", MAX_TOKENS),
        financiers=_whole(data.get("financiers", 0), f"{where}.financiers", MAX_TOKENS),
        krystallium=_whole(data.get("krystallium", 0), f"{where}.krystallium", MAX_TOKENS),
    )


def _check_keys(data: object, allowed: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise Rejected("{where} must be a JSON object like {{\"empire\": \"Noram States\"}}",
                       where=where)
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise Rejected(Plural("{where} has an unknown field {fields}; allowed: {allowed}",
                              "{where} has unknown fields {fields}; allowed: {allowed}"),
                       where=where, fields=", ".join(unknown), allowed=", ".join(sorted(allowed)),
                       count=len(unknown))
    return data


def _player_output(tableau: Tableau) -> dict[str, Any]:
    produced = tableau.production()
    return {
        "production": {RESOURCE_KEYS[r]: produced[r] for r in Resource},
        "score": tableau.score().as_dict(),
        "built_cards": len(tableau.built),
        "characters": tableau.characters,
    }


def _scenario_output(tableau: Tableau, scenario_id: object, cards: Catalog) -> dict[str, Any]:
    from companion.scenarios import shipped_scenarios

    scenarios = shipped_scenarios()
    if not isinstance(scenario_id, str) or scenario_id not in scenarios:
        raise Rejected("Unknown scenario {scenario}: use one of {known}",
                       scenario=json.dumps(scenario_id), known=", ".join(scenarios))
    scenario = scenarios[scenario_id]
    result = scenario_result(scenario, [c.id for c in tableau.built], tableau.score().total,
                             tableau.empire.face)
    return {
        "id": scenario.id,
        "won": result.won,
        "missing": [cards.card(card_id).name for card_id in result.missing],
        "medal": result.medal.value if result.medal else None,
    }


def score_player(data: object, cards: Catalog) -> dict[str, Any]:
    """The output for one player's JSON object."""
    data = _check_keys(data, PLAYER_KEYS, "input")
    players = _whole(data.get("players", 1), "input.players", 7)
    if players < 1:
        raise Rejected("input.players must be 1 to 7")
    tableau = _tableau(data, "input", cards)
    output = _player_output(tableau)
    if players == 1:
        total = tableau.score().total
        output["solo"] = {
            "adjusted": solo_adjusted(total, tableau.empire.face),
            "rank": solo_rank(total, tableau.empire.face).value,
        }
    if data.get("scenario") is not None:
        if players != 1:
            raise Rejected("Scenarios are solo games: remove \"scenario\" or set players to 1")
        output["scenario"] = _scenario_output(tableau, data["scenario"], cards)
    return output


def score_table(data: Mapping[str, Any], cards: Catalog) -> dict[str, Any]:
    """The output for `{"table": [player, ...]}`."""
    unknown = sorted(set(data) - {"table"})
    if unknown:
        raise Rejected("A table input holds only \"table\", not {fields}",
                       fields=", ".join(unknown))
    players = data["table"]
    if not isinstance(players, list) or not 2 <= len(players) <= 7:
        raise Rejected("\"table\" must list 2 to 7 players")
    tableaus: list[Tableau] = []
    for index, player in enumerate(players):
        where = f"table[{index}]"
        player = _check_keys(player, TABLE_PLAYER_KEYS, where)
        if player.get("scenario") is not None:
            raise Rejected("{where}: scenarios are solo games, not table games", where=where)
        tableaus.append(_tableau(player, where, cards))
    return {
        "players": [_player_output(t) for t in tableaus],
        "supremacy": {RESOURCE_KEYS[r]: w for r, w in table_supremacy(tableaus).items()},
        "ranking": [{"player": i, "place": p} for i, p in table_ranking(tableaus)],
    }


def score_input(data: object, cards: Catalog | None = None) -> dict[str, Any]:
    cards = cards if cards is not None else catalog()
    if isinstance(data, dict) and "table" in data:
        return score_table(data, cards)
    return score_player(data, cards)


def _read(source: str) -> str:
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        try:
            with open(source, "rb") as handle:
                raw = handle.read(MAX_INPUT_BYTES + 1)
        except OSError as exc:
            raise Rejected("Cannot read {file}: {reason}", file=source,
                           reason=exc.strerror or str(exc)) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise Rejected("The input is larger than {limit} bytes; a tableau is far smaller",
                       limit=MAX_INPUT_BYTES)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Rejected("The input is not UTF-8 text (byte {position})",
                       position=exc.start) from None


def run(args: argparse.Namespace) -> int:
    try:
        output = score_input(parse_json(_read(args.file)))
    except Rejected as exc:
        print(t(exc.template, **exc.params), file=sys.stderr)
        return 2
    json.dump(output, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def register(sub: Any, parser: argparse.ArgumentParser) -> None:
    command = sub.add_parser(
        "score",
        help=t("score a final tableau given as JSON"),
        description=t("Read one player's or a table's final tableau as JSON and print the "
                      "score as JSON."),
    )
    command.add_argument("file", nargs="?", default="-",
                         help=t("JSON file to read, or - for standard input (default)"))
    command.set_defaults(handler=run)
