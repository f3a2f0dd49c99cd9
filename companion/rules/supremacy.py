"""Who wins the supremacy bonus of a production step.

The thresholds differ by table size: solo needs 5; 2–5 players need a unique strict
maximum; 6–7 players (Corruption & Ascension) reward the two highest unless ties make
"the two highest" ambiguous. A total of 0 never wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.rules.cards import SUPREMACY_BONUS, Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.plural import Plural

SOLO_THRESHOLD = 5
MAX_PLAYERS = 7
MAX_PLAYERS_BASE = 5
"""6 and 7 players need the Corruption & Ascension expansion."""
WINNERS_BASE = 1
"""2–5 players: one player at most gains the bonus."""
WINNERS_LARGE = 2
"""6–7 players: the two highest may both gain it."""


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
        raise Rejected(Refusal.PLAYER_COUNT,
                       "Supremacy needs 1 to 7 players' totals, got {count}", count=count)
    if any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in totals):
        raise Rejected(Refusal.BAD_NUMBER, "Production totals are whole numbers of 0 or more")
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
        raise Rejected(Refusal.NOT_AN_OPTION,
                       "Science supremacy gives a General or a Financier: choose one")
    assert science_choice is not None
    return science_choice


# --- the question asked at the table ---------------------------------------------------
#
# A player of a table game knows their own total; the others say theirs aloud. For the
# player's own bonus only one thing matters: how many others produced at least as much
# (a tie counts like a higher total). With 2–5 players the bonus needs nobody there;
# with 6–7 players (the two highest) at most one: alone on top, tied on top with one
# other, or the clear second behind one. Two or more at or above you leaves you out.
# A total of 0 never wins, so then nobody needs to be asked.


def winners_allowed(players: int) -> int:
    """How many players a supremacy can reward at this table size (solo: the threshold)."""
    return WINNERS_LARGE if players > MAX_PLAYERS_BASE else WINNERS_BASE


def others_can_matter(own: int, players: int) -> bool:
    """Whether the other players' totals can change your supremacy outcome.

    Solo has no others; at a table, your 0 loses whatever they produced.
    """
    return players > 1 and own > 0


def wins_with_rivals(own: int, players: int, reaching: int) -> bool:
    """Whether you gain the bonus when `reaching` other players produced `own` or more.

    `reaching` may be a lower bound ("someone", "two or more"): any count from
    `winners_allowed(players)` on gives the same answer.
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise Rejected(Refusal.PLAYER_COUNT,
                       "A table game has 2 to 7 players, not {players}", players=players)
    if isinstance(reaching, bool) or not isinstance(reaching, int) or not 0 <= reaching < players:
        raise Rejected(Refusal.PLAYER_COUNT,
                       Plural("Between 0 and {others} other player can reach your total, "
                              "not {count}",
                              "Between 0 and {others} other players can reach your total, "
                              "not {count}", "others"), others=players - 1, count=reaching)
    return others_can_matter(own, players) and reaching < winners_allowed(players)


def rival_answers(players: int) -> tuple[int, ...]:
    """The answers worth offering, as counts of others at or above your total; the last
    one means "that many or more" (2–5 players: nobody, someone; 6–7: 0, 1, 2+)."""
    return tuple(range(min(winners_allowed(players), players - 1) + 1))
