"""How a history record is named on screen: what game it was, which Empire, when.

Shared by the history list and a game's page (screens never import each other), so a
game reads the same in both places. Words only: the numbers come from the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.i18n import language, t
from companion.rules.stats import record_empire, record_mode
from companion.usecases.labels import empire_label
from companion.usecases.services import Services


def mode_label(mode: str) -> str:
    return {"solo": t("Solo game"), "table": t("Table game"),
            "scenario": t("Solo scenario"), "quick": t("Quick score")}.get(mode, mode)


def scenario_name(services: Services, scenario_id: str) -> str:
    scenario = services.scenarios.get(scenario_id)
    return scenario.name_in(language()) if scenario else scenario_id


def record_heading(services: Services, record: Mapping[str, Any]) -> str:
    """"Solo game", "Table game, 3 players", "Solo scenario: …", "Quick score"."""
    mode = record_mode(record)
    if mode == "scenario":
        return t("Solo scenario: {name}", name=scenario_name(services,
                                                             str(record["scenario"])))
    players = record.get("players")
    count = len(players) if isinstance(players, list) else players
    if mode == "table" and isinstance(count, int):
        return t("Table game, {n} players", n=count)
    if mode == "quick" and isinstance(count, int) and count > 1:
        return t("Quick score, {n} players", n=count)
    return mode_label(mode)


def record_empire_line(services: Services, record: Mapping[str, Any]) -> str:
    empire, face = record_empire(record)
    if empire is None:
        return ""
    name = empire_label(services.catalog, empire)
    return t("{empire} (face {face})", empire=name, face=face) if face else name


def record_date(record: Mapping[str, Any]) -> str:
    """When it was played, in the device's time: "2025-03-01 18:42"."""
    value = record.get("updated") or record.get("created")
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value or "")
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")
