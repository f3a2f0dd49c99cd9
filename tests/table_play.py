"""One shared table played through its use cases, with no screen: every seat does what a
phone would tap, in turn, and the table checks and settles as it does for the phones.

Ana (Noram States A: 3 Materials, 1 Gold) and Bo (Panafrican Union A: 2 Materials,
2 Science) draft nothing. Ana wins Materials and Gold every round: 8 Financiers, and
Noram States A scores 1 more per Financier: 16 points. Bo wins Science every round and
takes a Financier: 4 points (the numbers of tests/ui/table/test_shared_table.py).
"""

from __future__ import annotations

from companion.rules.actions import Action, ChooseScience, End, NextStep, Place
from companion.rules.errors import Rejected
from companion.usecases.services import Services
from companion.usecases.session import GameSession
from companion.usecases.tables import SharedTable, table_hub

NAMES = ("Ana", "Bo")
EMPIRES = ("Noram States", "Panafrican Union")
TOTALS = (16, 4)


THREE = (("Ana", "Bruno", "Chloé"), ("Noram States", "Panafrican Union", "Aztec Empire"))
"""A table of three: Chloé's Aztec Empire A (E2 X1) adds an Energy and an Exploration."""


def open_table(services: Services, names: tuple[str, ...] = NAMES,
               empires: tuple[str, ...] = EMPIRES) -> tuple[SharedTable, list[GameSession]]:
    """The table, each seat with its Empire chosen; every action checked and settled."""
    hub = table_hub(services)
    table = hub.create(list(names), "A", ["base"])
    seats = [hub.join(table, seat, empire) for seat, empire in enumerate(empires)]
    for session in seats:
        session.referee = lambda action, session=session: hub.check(session, action)
        session.on_played = lambda session=session: hub.settle(session)
    return table, seats


def _choices(session: GameSession) -> list[Action]:
    state = session.state
    if state.science_pending:
        return [ChooseScience("Fin")]
    if state.to_place:
        return [Place(None, state.to_place)]
    return [NextStep(), End()]


def play_on(seats: list[GameSession], *, until_end_of: int | None = None) -> None:
    """Every seat plays on, in turn, until every game is over, or until only the seat
    `until_end_of` (from 0) has its game left to end: its last tap is the caller's."""
    while True:
        moved = False
        for number, session in enumerate(seats):
            session.reload()  # the table may have played this seat's answer meanwhile
            for action in _choices(session):
                if number == until_end_of and isinstance(action, End):
                    continue
                try:
                    session.play(action)
                except Rejected:  # waiting for the other seat
                    continue
                moved = True
                break
        if not moved:
            break
    done = [session.state.finished for session in seats]
    assert done == [until_end_of is None or n != until_end_of for n in range(len(seats))]


def finished_table(services: Services) -> tuple[SharedTable, list[GameSession]]:
    """The table played to its end: both games finished, 16 and 4 points."""
    table, seats = open_table(services)
    play_on(seats)
    assert [session.state.score().total for session in seats] == list(TOTALS)
    return table, seats
