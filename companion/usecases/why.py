"""A rule's page with this game's numbers: what a "?" beside a number carries.

The "?" leads to the rule's own address with the numbers the rule needs in its query
(`/rules/supremacy?resource=Energy&totals=...`), so the page works after a reload, from
a link or from the back button, and the rules recompute the reason from them
(`companion.rules.reasons`), never a sentence made elsewhere. An address typed by hand
with numbers that make no sense shows the rule without them (and says so: see
`numbers_given`). A hostile link is refused before it is decoded: a list of players
longer than any table's (`MAX_ROWS_TEXT`) or nested deeper than a list of rows is never
handed to the JSON decoder, whose recursion 2,000 brackets would exhaust.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.i18n import t
from companion.rules.cards import CardType, Resource, Token
from companion.rules.construction import SLOT_BY_NAME, SLOT_NAMES
from companion.rules.errors import Rejected
from companion.rules.moves import CardSource
from companion.rules.reasons import (
    Reason,
    completion_reason,
    krystallium_reason,
    medal_reason,
    solo_rank_reason,
    supremacy_reason,
    victory_reason,
)
from companion.rules.scenarios import Scenario
from companion.rules.scoring import Standing, element_counts
from companion.rules.supremacy import MAX_PLAYERS
from companion.shipped.player_files import nesting
from companion.store.validate import MAX_ID
from companion.usecases.session import saved_state


class GameSource(Protocol):
    """Where saved games are read from (the store's backend)."""

    def game(self, game_id: str) -> dict[str, Any] | None: ...

MAX_NUMBER = 9999
MAX_NAME = 40
"""A name in a "?" address: as long as the app lets a name be typed."""
FACES = ("A", "B", "C", "D", "E", "F")
ROWS_DEPTH = 2
"""A list of rows, each a list of a name and numbers: nothing deeper."""
MAX_ROWS_TEXT = MAX_PLAYERS * (2 + 12 * MAX_NAME + 4 * 5 + 4)
"""The longest list of rows a "?" can carry: every player's name at its longest, each
character escaped as JSON's longest escape (12 characters), four numbers of 4 digits."""
NUMBER_KEYS: dict[str, tuple[str, ...]] = {
    "construction": ("card",),
    "supremacy": ("resource", "totals"),
    "score": ("standings",),
    "krystallium": ("cubes", "held"),
    "solo-rank": ("total", "face"),
    "solo-scenarios": ("total", "scenario", "won"),
}
"""What each rule's "?" carries in its address."""


def supremacy_numbers(resource: Resource, totals: Sequence[tuple[str, int]]) -> dict[str, str]:
    return {"resource": SLOT_NAMES[resource],
            "totals": json.dumps([[name, total] for name, total in totals],
                                 ensure_ascii=False, separators=(",", ":"))}


def step_numbers(resource: Resource, produced: int, others: Sequence[int] | None, *,
                 solo: bool, names: Sequence[str] = ()) -> dict[str, str]:
    """A production step's totals for its supremacy rule: the player's, then the others'
    (named by `names`, else "Player 2"...), when all are known; none at a table whose
    totals were answered without numbers (the rule then comes alone)."""
    if not solo and not others:
        return {}
    totals = [(t("You"), produced)]
    for number, total in enumerate(others or (), start=2):
        name = names[number - 2] if number - 2 < len(names) else t("Player {number}",
                                                                     number=number)
        totals.append((name, total))
    return supremacy_numbers(resource, totals)


def rank_numbers(total: int, face: str) -> dict[str, str]:
    return {"total": str(total), "face": face}


def medal_numbers(total: int, scenario_id: str, won: bool) -> dict[str, str]:
    return {"total": str(total), "scenario": scenario_id, "won": "1" if won else "0"}


def standings_numbers(standings: Sequence[tuple[str, Standing]]) -> dict[str, str]:
    """Every player's name, total, built cards and character tokens: what decides a
    table's winner."""
    return {"standings": json.dumps(
        [[name, s.total, s.built_cards, s.characters] for name, s in standings],
        ensure_ascii=False, separators=(",", ":"))}


def _standings(text: str | None) -> list[tuple[str, Standing]] | None:
    rows = _named_rows(text, 3, least=2)
    return None if rows is None else [(name, Standing(*numbers)) for name, numbers in rows]


def krystallium_numbers(cubes: int, held: int) -> dict[str, str]:
    """The cubes that sat on the Empire card (before any became Krystallium) and the
    Krystallium held after."""
    return {"cubes": str(cubes), "held": str(held)}


def completion_numbers(card_number: int) -> dict[str, str]:
    return {"card": str(card_number)}


def _number(text: str | None) -> int | None:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 4:
        return None
    return int(text)


def _totals(text: str | None) -> list[tuple[str, int]] | None:
    rows = _named_rows(text, 1, least=1)
    return None if rows is None else [(name, numbers[0]) for name, numbers in rows]


def _named_rows(text: str | None, width: int,
                least: int) -> list[tuple[str, tuple[int, ...]]] | None:
    """A JSON list of `[name, n1, ..., n<width>]`, one per player, or None as soon as
    anything is not a short name or a whole number in range (a hostile link). Its length
    and depth are checked before it is decoded."""
    if not text or len(text) > MAX_ROWS_TEXT:
        return None
    encoded = text.encode("utf-8", "surrogatepass")
    if nesting(encoded) > ROWS_DEPTH:
        return None
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(raw, list) or not least <= len(raw) <= MAX_PLAYERS:
        return None
    rows: list[tuple[str, tuple[int, ...]]] = []
    for entry in raw:
        if not (isinstance(entry, list) and len(entry) == width + 1
                and isinstance(entry[0], str) and 0 < len(entry[0]) <= MAX_NAME
                and all(type(n) is int and 0 <= n <= MAX_NUMBER for n in entry[1:])):
            return None
        rows.append((entry[0], tuple(entry[1:])))
    return rows


def numbers_given(topic: str, numbers: Mapping[str, str]) -> bool:
    """Whether the address of `topic` carries numbers for it (from a "?"), readable or
    not: with no reason from them, the page says it could not read them."""
    return any(key in numbers for key in NUMBER_KEYS.get(topic, ()))


def reason_for(topic: str, numbers: Mapping[str, str], scenarios: Mapping[str, Scenario],
               cards: CardSource | None = None) -> Reason | None:
    """The reason the rules give for these numbers, or None when they are missing or
    make no sense (the page then shows the rule alone)."""
    if topic == "construction":
        number = _number(numbers.get("card"))
        if number is None or cards is None:
            return None
        try:
            return completion_reason(cards.card(number))
        except Rejected:  # no card with that number
            return None
    if topic == "supremacy":
        resource = SLOT_BY_NAME.get(numbers.get("resource", ""))
        totals = _totals(numbers.get("totals"))
        if not isinstance(resource, Resource) or totals is None:
            return None
        return supremacy_reason(resource, totals)
    if topic == "score" and "standings" in numbers:
        standings = _standings(numbers.get("standings"))
        return None if standings is None else victory_reason(standings)
    if topic == "krystallium":
        cubes, held = _number(numbers.get("cubes")), _number(numbers.get("held"))
        return None if cubes is None or held is None else krystallium_reason(cubes, held)
    total = _number(numbers.get("total"))
    if total is None:
        return None
    if topic == "solo-rank":
        face = numbers.get("face", "")
        return solo_rank_reason(total, face) if face in FACES else None
    if topic == "solo-scenarios":
        scenario = scenarios.get(numbers.get("scenario", ""))
        won = numbers.get("won")
        if scenario is None or won not in ("0", "1"):
            return None
        return medal_reason(total, scenario.thresholds, won == "1")
    return None


def counts_in_game(backend: GameSource, cards: CardSource,
                   game_id: str) -> dict[CardType | Token, int] | None:
    """What a card's points would count in a saved game now: its built cards by type and
    the tokens held; None when there is no such game or it cannot be replayed."""
    state = saved_state(backend.game(game_id) if len(game_id) <= MAX_ID else None, cards)
    if state is None:
        return None
    return element_counts(state.built, state.generals, state.financiers)
