"""Who wins the supremacy bonus of a production step.

The thresholds differ by table size: solo needs 5; 2–5 players need a unique strict
maximum; 6–7 players (Corruption & Ascension) reward the two highest unless ties make
"the two highest" ambiguous. A total of 0 never wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.rules.cards import SUPREMACY_BONUS, Resource, Token
from companion.rules.errors import Rejected

SOLO_THRESHOLD = 5
MAX_PLAYERS = 7
MAX_PLAYERS_BASE = 5
"""6 and 7 players need the Corruption & Ascension expansion."""


def max_players(expansions: Iterable[str]) -> int:
    """The largest table the expansions in play allow."""
    return MAX_PLAYERS if "ca" in set(expansions) else MAX_PLAYERS_BASE


def expansions_for(players: int) -> tuple[str, ...]:
    """The expansions a table of `players` needs beyond the base game."""
    return ("ca",) if players > MAX_PLAYERS_BASE else ()


def supremacy_winners(totals: Sequence[int]) -> list[int]:
    """Indices of the players who gain the bonus, given every player's net total."""
    count = len(totals)
    if not 1 <= count <= MAX_PLAYERS:
        raise Rejected("Supremacy needs 1 to 7 players' totals, got {count}", count=count)
    if any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in totals):
        raise Rejected("Production totals are whole numbers of 0 or more")
    if count == 1:
        return [0] if totals[0] >= SOLO_THRESHOLD else []
    top = max(totals)
    if top == 0:
        return []
    at_top = [i for i, x in enumerate(totals) if x == top]
    if count <= 5:
        return at_top if len(at_top) == 1 else []
    if len(at_top) == 2:
        return at_top
    if len(at_top) > 2:
        return []
    rest = [x for x in totals if x != top]
    second = max(rest)
    at_second = [i for i, x in enumerate(totals) if x == second]
    if second == 0 or len(at_second) != 1:
        return at_top
    return sorted(at_top + at_second)


def supremacy_bonus(resource: Resource, science_choice: Token | None = None) -> Token:
    """The character token won by supremacy in `resource` (Science: the player's choice)."""
    bonus = SUPREMACY_BONUS[resource]
    if bonus is not None:
        return bonus
    if science_choice not in (Token.FINANCIER, Token.GENERAL):
        raise Rejected("Science supremacy gives a General or a Financier: choose one")
    assert science_choice is not None
    return science_choice
