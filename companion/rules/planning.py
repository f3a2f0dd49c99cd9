"""Planning in solo: the sequences of a round, and the scenario cards that must not be lost.

Solo rules (RULES.md §5): no draft; each Planning phase is 2 sequences, and in each the
player takes a face-down pool of 5 cards (3 base + 2 Corruption & Ascension cards when
playing with that expansion) and builds or recycles every one of them. So the tenth card
of a round is the last; "card 3 of 5, sequence 1 of 2" is where the player is.

The "discard 2, draw 5, keep 1" option leaves a pool one card shorter, so a round may
play fewer than 10 cards, never more. At a table (RULES.md §1) every player drafts 7
cards a round and builds or recycles each. `check_round_limit` refuses the card past
either limit; the engine asks it of every new move (`engine.check_new_move`), so the
screens, a shared table and an import all hold it, while replaying a game does not, so
a game recorded before this check still opens.

Scenarios (RULES.md §6): the scenario is won only if every required card is built at
the end, a card listed twice built twice.

In any game, solo or at a table, the cards a player drafted are the ones built or
recycled in its Planning phases (`drafts`, `drafted_cards`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.rules.actions import Action, Construct, NextStep, Recycle, Start
from companion.rules.errors import Refusal, Rejected
from companion.rules.scenarios import missing_cards
from companion.rules.state import GameState

SEQUENCES_PER_ROUND = 2
POOL_SIZE = 5
POOL_BASE_CARDS = 3
"""With Corruption & Ascension a pool is 3 base-game cards..."""
POOL_CA_CARDS = 2
"""...and 2 Corruption & Ascension cards."""


@dataclass(frozen=True, slots=True)
class SequencePosition:
    """Where a solo Planning phase stands: the next card to play, in which sequence."""

    sequence: int
    """1 or 2 (stays 2 past the round's last card)."""
    card: int
    """1 to 5: the next card of that sequence's pool."""
    played: int
    """Cards built or recycled this Planning phase."""

    @property
    def done(self) -> bool:
        """Every card of the round's two pools has been played."""
        return self.played >= SEQUENCES_PER_ROUND * POOL_SIZE


def pool_makeup(expansions: Iterable[str]) -> tuple[int, int]:
    """(base cards, Corruption & Ascension cards) in one solo pool."""
    if "ca" in set(expansions):
        return POOL_BASE_CARDS, POOL_CA_CARDS
    return POOL_SIZE, 0


def cards_played_this_planning(actions: Sequence[Action]) -> int:
    """Drafted cards built or recycled since this Planning phase began.

    A Planning phase begins at the setup or right after the step that closed the last
    round, so counting back to the latest `NextStep` or `Start` finds it.
    """
    played = 0
    for action in reversed(actions):
        if isinstance(action, NextStep | Start):
            break
        if isinstance(action, Construct | Recycle):
            played += 1
    return played


def drafts(actions: Iterable[Action]) -> list[int]:
    """Every card this game drafted, one per draft, in the order taken: each was put
    under construction (`Construct`) or recycled at once (`Recycle`; its `onto` is where
    the cube goes, not a card taken back). A card later recycled from the construction
    area (`Discard`) is no new draft: it was counted when it went under construction. A
    step of several moves (`Together`) only places cubes and tokens: it holds no draft.

    >>> from companion.rules.actions import Discard
    >>> drafts([Start(empire="Noram States"), Construct(5), Recycle(9), Discard(1),
    ...         Construct(5)])
    [5, 9, 5]
    """
    return [a.card for a in actions if isinstance(a, Construct | Recycle)]


def drafted_cards(actions: Sequence[Action]) -> list[int]:
    """The cards this game drafted (built or recycled), the latest first, each once.

    The same cards come back from one game to the next and round after round, so a
    card search offers these first. At a shared table every seat plays on one host:
    a seat's recent cards must be its own game's, not what the other seats picked.

    >>> drafted_cards([Start(empire="Noram States"), Construct(5), Recycle(9), Construct(5)])
    [5, 9]
    """
    return list(dict.fromkeys(reversed(drafts(actions))))


def sequence_position(played: int) -> SequencePosition:
    """The solo sequence and card of the next card, after `played` cards this round.

    >>> sequence_position(0)
    SequencePosition(sequence=1, card=1, played=0)
    >>> sequence_position(7)
    SequencePosition(sequence=2, card=3, played=7)
    """
    if played < 0:
        raise ValueError("cards played cannot be negative")
    last = SEQUENCES_PER_ROUND * POOL_SIZE - 1
    index = min(played, last)
    return SequencePosition(sequence=index // POOL_SIZE + 1, card=index % POOL_SIZE + 1,
                            played=played)


def required_left(required: Iterable[int], built: Iterable[int]) -> Counter[int]:
    """Required card id → copies still to build for the scenario to be won."""
    return Counter(missing_cards(required, built))


def discard_loses_scenario(card_id: int, required: Iterable[int], built: Iterable[int],
                           under_construction: Iterable[int]) -> bool:
    """Whether discarding one card `card_id` under construction leaves fewer copies on the
    table than the scenario still needs (it is then lost unless another copy is drafted)."""
    needed = required_left(required, built)[card_id]
    if needed == 0:
        return False
    return Counter(under_construction)[card_id] <= needed


DRAFTED_PER_ROUND = 7
"""At a table every player keeps 7 drafted cards a round, whatever was dealt (2 players:
10 dealt, 7 kept; with Corruption & Ascension the deals differ, the 7 do not)."""
SOLO_PER_ROUND = SEQUENCES_PER_ROUND * POOL_SIZE


def check_round_limit(state: GameState) -> None:
    """Refuse one more card in a Planning phase that has played its round's limit
    (games recorded before this rule still replay: only a new move is checked)."""
    if not state.solo and state.drafted >= DRAFTED_PER_ROUND:
        raise Rejected(Refusal.CARD_LIMIT,
                       "Each player keeps {most} drafted cards a round: this would be card "
                       "{number}. Start production, or undo a card played by mistake.",
                       most=DRAFTED_PER_ROUND, number=state.drafted + 1)
    if state.solo:
        refuse_past_the_pools(state.drafted)


def refuse_past_the_pools(played: int) -> None:
    """Refuse one more card in a solo Planning phase that has played `played`: the two
    pools hold 10 cards, and discarding to draw only ever shrinks a pool."""
    most = SOLO_PER_ROUND
    if played >= most:
        raise Rejected(Refusal.CARD_LIMIT,
                       "A solo round plays at most {most} cards, two pools of {pool}: this "
                       "would be card {number}. Start production, or undo a card played "
                       "by mistake.", most=most, pool=POOL_SIZE, number=played + 1)
