"""A shared table: every player keeps their own Empire (their own game), and what the
players share is settled from all of their games at once.

Each seat is an ordinary table-mode game, a list of actions replayed like any other. The
table adds what one seat cannot know alone: every player's production total for a step,
so the supremacy of that step is settled with no totals typed (it is played into each
seat's game as the `Opponents` action a player would have typed); when a step may end
(every seat has placed its cubes); and the draft of each round. Everything here is a
pure function of the seats' states, so a reload, a sleeping phone or a restarted host
finds the table exactly where the seats' saved games put it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.rules.actions import Action, Opponents
from companion.rules.cards import PRODUCTION_ORDER, Card
from companion.rules.errors import Refusal, Rejected
from companion.rules.planning import DRAFTED_PER_ROUND
from companion.rules.plural import Plural
from companion.rules.scoring import Standing, TieBreak, ranking, tie_breaks
from companion.rules.state import ROUNDS, GameState, Phase
from companion.rules.supremacy import MAX_PLAYERS, max_players
from companion.rules.tableau import check_seating, check_table_copies

Direction = Literal["left", "right"]
KEPT = DRAFTED_PER_ROUND
"""Every player drafts 7 cards a round, whatever was dealt."""

CA_DEALS: Mapping[int, tuple[int, int]] = {
    2: (8, 4), 3: (6, 3), 4: (6, 3), 5: (6, 2), 6: (6, 2), 7: (5, 2),
}
"""With Corruption & Ascension: players → (base cards, C&A cards) dealt to each."""


def draft_direction(round_number: int) -> Direction:
    """Cards pass left in rounds 1 and 3, right in rounds 2 and 4."""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not (
            1 <= round_number <= ROUNDS):
        raise Rejected(Refusal.BAD_NUMBER,
                       "A game has rounds 1 to {rounds}, not {round}", rounds=ROUNDS,
                       round=round_number)
    return "left" if round_number % 2 else "right"


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards each player is dealt for one round's draft."""

    base: int
    corruption_ascension: int = 0

    @property
    def dealt(self) -> int:
        return self.base + self.corruption_ascension

    @property
    def discarded(self) -> int:
        """Cards left after the 7 drafted, discarded without their recycling bonus."""
        return self.dealt - KEPT


def deal(players: int, expansions: Iterable[str]) -> Deal:
    """Base game: 7 cards each (10 with 2 players, 3 of them discarded); with C&A each
    player gets base and C&A cards in the numbers of the expansion's table."""
    kept = set(expansions)
    if isinstance(players, bool) or not isinstance(players, int) or not (
            2 <= players <= max_players(kept)):
        raise Rejected(Refusal.PLAYER_COUNT,
                       "A draft is dealt to 2 to {most} players, not {players}",
                       most=max_players(kept), players=players)
    if "ca" in kept:
        base, extra = CA_DEALS[players]
        return Deal(base, extra)
    return Deal(10 if players == 2 else KEPT)


# --- where each seat is ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Position:
    """How far a seat's game is: a round, then 0 for Planning, 1–5 for the production
    steps, 6 for the War or Peace step and 7 once the game is over."""

    round: int
    stage: int


FINISHED_STAGE = len(PRODUCTION_ORDER) + 2


def position(state: GameState) -> Position:
    if state.phase is Phase.FINISHED:
        return Position(state.round, FINISHED_STAGE)
    if state.phase is Phase.PLANNING:
        return Position(state.round, 0)
    if state.phase is Phase.EXTRA:
        return Position(state.round, len(PRODUCTION_ORDER) + 1)
    assert state.step is not None
    return Position(state.round, PRODUCTION_ORDER.index(state.step) + 1)


def step_done(state: GameState) -> bool:
    """Whether a seat has finished its production step: every cube placed, the supremacy
    settled and a Science bonus chosen."""
    return (state.phase is Phase.PRODUCTION and not state.to_place
            and state.supremacy is not None and not state.science_pending)


Seats = Sequence[GameState | None]
"""Every seat's state in seat order; None for a seat whose player has not set up yet."""


def check_table(seats: Seats, names: Sequence[str]) -> None:
    """The seats of one table share its size, face and expansions, each with its own
    Empire (`tableau.check_seating`) and together no more copies of a card than the deck
    holds."""
    if not 2 <= len(seats) <= MAX_PLAYERS:
        raise Rejected(Refusal.PLAYER_COUNT,
                       "A table has 2 to 7 players, not {players}", players=len(seats))
    present = [(names[i], s) for i, s in enumerate(seats) if s is not None]
    for _, state in present:
        if state.mode != "table" or state.players != len(seats):
            raise Rejected(Refusal.PLAYER_COUNT,
                           "Every seat plays a table game of {players} players",
                           players=len(seats))
    check_seating([(who, s.empire.name, s.empire.face) for who, s in present])
    check_table_copies([(who, [*s.built, *(c.card for c in s.under_construction)])
                        for who, s in present])


def check_empire(seats: Seats, empire: str, face: str) -> None:
    """Whether a new seat may take this Empire on this face."""
    for state in seats:
        if state is None:
            continue
        if state.empire.name == empire:
            raise Rejected(Refusal.EMPIRE_TAKEN,
                           "{empire} is already another player's Empire: choose another",
                           empire=empire)
        if state.empire.face != face:
            raise Rejected(Refusal.EMPIRE_FACE,
                           "This table plays face {face}: every player uses the same face",
                           face=state.empire.face)


def check_copies(seats: Seats, card: Card) -> None:
    """The players share one deck: together they never hold more copies of a card (built
    or under construction) than it has."""
    held = sum(
        sum(1 for c in s.built if c.id == card.id)
        + sum(1 for c in s.under_construction if c.card.id == card.id)
        for s in seats if s is not None)
    if held >= card.copies:
        raise Rejected(Refusal.NO_COPY_LEFT,
                       Plural("The deck has {copies} {card}, already taken at this table",
                              "The deck has {copies} copies of {card}, all already taken at "
                              "this table", "copies"), copies=card.copies, card=card.name)


def supremacy_answers(seats: Seats) -> dict[int, Opponents]:
    """The `Opponents` action each seat takes now, when every seat is at the same
    production step: the other seats' totals, in seat order. Nothing until then, and
    nothing for a seat that already has them."""
    if any(s is None or s.phase is not Phase.PRODUCTION for s in seats):
        return {}
    states = [s for s in seats if s is not None]
    if len({position(s) for s in states}) != 1:  # no seat, or not all at one step
        return {}
    totals = [s.produced for s in states]
    return {
        index: Opponents(tuple(totals[:index] + totals[index + 1:]))
        for index, state in enumerate(states)
        if state.opponents is None
    }


@dataclass(frozen=True, slots=True)
class Waiting:
    """Whom a seat's production step waits for, in two kinds a player tells apart: those
    who have not reached the step (the supremacy needs their totals) and those at it who
    have not finished (cubes to place, a Science bonus to choose)."""

    arriving: tuple[int, ...] = ()
    placing: tuple[int, ...] = ()


def waiting(seats: Seats, seat: int) -> Waiting:
    """The seats this one waits for before its production step may end, by kind."""
    own = seats[seat]
    if own is None or own.phase is not Phase.PRODUCTION:
        return Waiting()
    here = position(own)
    arriving: list[int] = []
    placing: list[int] = []
    for index, state in enumerate(seats):
        if index == seat:
            continue
        if state is None or position(state) < here:
            arriving.append(index)
        elif position(state) == here and not step_done(state):
            placing.append(index)
    return Waiting(tuple(arriving), tuple(placing))


def waiting_for(seats: Seats, seat: int) -> list[int]:
    """Every seat this one waits for, in seat order, whatever it is still doing."""
    found = waiting(seats, seat)
    return sorted(found.arriving + found.placing)


def check_move_on(seats: Seats, seat: int, names: Sequence[str]) -> None:
    """A seat leaves a production step only once every seat has finished it."""
    waiting = waiting_for(seats, seat)
    if waiting:
        raise Rejected(Refusal.STEP_UNFINISHED,
                       "The step ends when every player has placed their cubes: waiting "
                       "for {names}", names=", ".join(names[i] for i in waiting))


def check_undo(action: Action | None) -> None:
    """Undo stays on each phone, but a supremacy the table settled holds for everyone:
    the totals it was settled with are the seats' own, and the others already took (or
    did not take) their bonus on them."""
    if isinstance(action, Opponents):
        raise Rejected(Refusal.NOT_UNDOABLE,
                       "This step's supremacy was settled for the whole table with every "
                       "player's total: it cannot be undone on one phone")


# --- the end --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ranked:
    """One seat's place in the final ranking, with the tie-breakers that decided it."""

    seat: int
    place: int
    total: int
    reasons: tuple[TieBreak, ...] = ()


def final_ranking(seats: Seats) -> list[Ranked]:
    """The ranking once every seat's game is over: points, then built cards, then
    character tokens; still equal, the place is shared."""
    if any(s is None or not s.finished for s in seats):
        raise Rejected(Refusal.GAME_NOT_OVER, "The ranking comes when every player's game is over")
    standings = [standing(s) for s in seats if s is not None]
    reasons = tie_breaks(standings)
    return [Ranked(index, place, standings[index].total, reasons.get(index, ()))
            for index, place in ranking(standings)]


def standing(state: GameState) -> Standing:
    """What places a finished game at its table: total, built cards, tokens."""
    return Standing(state.score().total, len(state.built), state.financiers + state.generals)
