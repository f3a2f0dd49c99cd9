"""Shared tables on the host: every player's phone a seat, each seat its own game.

A seat's game is an ordinary table game, saved after every action like any other and
listed in the history; its record carries `table` (the table's id, the seat's number,
every player's name, the face and expansions) so that the table is found again from the
games alone after a reload, a sleeping phone or a restart of the host. What the seats
share is derived by the rules (`companion.rules.table`) from their states: when every
seat has opened a production step, the host plays each seat's `Opponents` answer, the
very action a player would have typed, so supremacy is settled with no typing and the
seat's story reads like any table game's.

A table whose players have not all chosen an Empire yet exists only in the host's
memory until its first seat is set up: nothing is lost if the host stops then.

Every screen of a table draws it from the seats' saved games, so every screen must hear
of every change to them: the hub watches every game written (`Services.watch`), and each
write to a seat, by whatever made it, bumps its table's `version` and tells the
listeners (the screens' tabs) once. Who holds each seat (which phone plays it) lives here
too, in memory: it changes what the phones show, so it is told the same way.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rules.actions import Action, Construct, End, NextStep, Opponents, Start
from companion.rules.cards import Expansion
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState, Phase
from companion.rules.supremacy import max_players
from companion.rules.table import (
    check_copies,
    check_empire,
    check_move_on,
    supremacy_answers,
    waiting,
)
from companion.store.errors import StoreError
from companion.store.validate import name_key
from companion.usecases.services import Services
from companion.usecases.session import GameSession, SessionError, saved_state

log = logging.getLogger(__name__)

MAX_NAME = 40
FACES = ("A", "B")

Listener = Callable[[str, int], None]
"""Told a table's id and its new version after each change to what its screens show."""


class SeatHeld(Rejected):
    """The seat is played on another phone; taking it over must be asked first."""

    def __init__(self, name: str) -> None:
        super().__init__(Refusal.SEAT_TAKEN,
                         "{name} is playing on another phone: take this seat over here?",
                         name=name)
        self.name = name


@dataclass
class SharedTable:
    """Who sits where, and the game they all play."""

    id: str
    names: tuple[str, ...]
    face: str
    expansions: tuple[str, ...]
    seats: list[str | None] = field(default_factory=list)
    """Each seat's game id, None until its player has chosen an Empire."""

    def seat_tag(self, seat: int) -> dict[str, Any]:
        """What a seat's game record keeps of its table."""
        return {"id": self.id, "seat": seat, "names": list(self.names), "face": self.face,
                "expansions": list(self.expansions)}

    def others(self, seat: int) -> list[str]:
        """The other players' names in seat order: the order of the seat's `Opponents`."""
        return [name for index, name in enumerate(self.names) if index != seat]


def table_from_tag(tag: object) -> tuple[SharedTable, int] | None:
    """The table a record's `table` value names, and its seat; None if it is not one
    (an imported file may hold anything)."""
    if not isinstance(tag, dict):
        return None
    table_id, seat, names = tag.get("id"), tag.get("seat"), tag.get("names")
    face, expansions = tag.get("face"), tag.get("expansions", ["base"])
    if not (isinstance(table_id, str) and table_id and isinstance(names, list)
            and isinstance(seat, int) and not isinstance(seat, bool)
            and 2 <= len(names) <= 7 and 0 <= seat < len(names)
            and all(isinstance(n, str) for n in names)
            and face in FACES and isinstance(expansions, list)
            and all(isinstance(e, str) for e in expansions)):
        return None
    table = SharedTable(table_id, tuple(names), str(face), tuple(expansions),
                        [None] * len(names))
    return table, seat


@dataclass(frozen=True)
class Holder:
    """The tab that plays a seat, and the device it runs on."""

    who: str
    device: str = ""


@dataclass(frozen=True)
class AtTable:
    """Where a seat's game sits: its table, its seat and every seat's state."""

    table: SharedTable
    seat: int
    states: list[GameState | None]


class TableHub:
    """The host's shared tables; one per app process, used by every tab."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._tables: dict[str, SharedTable] = {}
        self._replayed: dict[str, tuple[object, GameState | None]] = {}
        self._versions: dict[str, int] = {}
        self._listeners: dict[object, Listener] = {}
        self._holders: dict[str, dict[int, Holder]] = {}
        self._away: set[str] = set()
        services.watch(self._written)

    # --- telling every screen ---------------------------------------------------------

    def listen(self, key: object, listener: Listener) -> None:
        """Be told of every change to any table (one listener per `key`: a server's hub
        of tabs registers once, however many tabs it has)."""
        self._listeners.setdefault(key, listener)

    def version(self, table_id: str) -> int:
        """How many changes the table has seen in this process: a screen that drew
        version n and hears of version n has nothing to redraw."""
        return self._versions.get(table_id, 0)

    def _written(self, game_id: str | None) -> None:
        if game_id is None:
            tables = list(self._tables.values())
        else:
            tables = [t for t in self._tables.values() if game_id in t.seats]
        for table in tables:
            self._changed(table)

    def _changed(self, table: SharedTable) -> None:
        version = self._versions[table.id] = self.version(table.id) + 1
        for listener in list(self._listeners.values()):
            listener(table.id, version)

    # --- making and finding tables ----------------------------------------------------

    def create(self, names: Sequence[str], face: str, expansions: Sequence[str]) -> SharedTable:
        """A new table; `Rejected` says what is wrong with the names or the setup."""
        kept = tuple(e.value for e in Expansion if e.value in set(expansions) | {"base"})
        cleaned = [" ".join(str(name).split())[:MAX_NAME] for name in names]
        if not 2 <= len(cleaned) <= max_players(kept):
            raise Rejected(Refusal.PLAYER_COUNT,
                           "A table has 2 to {most} players with these expansions, not "
                           "{players}", most=max_players(kept), players=len(cleaned))
        for number, name in enumerate(cleaned, start=1):
            if not name:
                raise Rejected(Refusal.BAD_NAME, "Give player {number} a name", number=number)
        keys = [name_key(name) for name in cleaned]
        for name, key in zip(cleaned, keys, strict=True):
            if keys.count(key) > 1:
                raise Rejected(Refusal.NAME_TAKEN,
                               "Two players are called {name}: give each a different name",
                               name=name)
        if face not in FACES:
            raise Rejected(Refusal.EMPIRE_FACE, "A table plays face A or face B")
        table = SharedTable(uuid.uuid4().hex[:12], tuple(cleaned), face, kept,
                            [None] * len(cleaned))
        self._tables[table.id] = table
        return table

    def find(self, table_id: str) -> SharedTable | None:
        """The table, from memory or else from the seats' saved games."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        for record in self._records():
            found = table_from_tag(record.get("table"))
            if found is None or found[0].id != table_id:
                continue
            candidate, seat = found
            if table is None:
                table = candidate
            if table.names == candidate.names and table.seats[seat] is None:
                table.seats[seat] = str(record.get("id"))
        if table is not None:
            self._tables[table.id] = table
        return table

    def tables(self) -> list[SharedTable]:
        """The tables still being played (a seat's game in progress, or no seat yet)."""
        found: dict[str, SharedTable] = {}
        for record in self.services.backend.ongoing_games():
            tag = table_from_tag(record.get("table"))
            if tag is not None:
                table = self.find(tag[0].id)
                if table is not None:
                    found[table.id] = table
        for table in self._tables.values():
            if not any(table.seats):
                found[table.id] = table
        return list(found.values())

    def _records(self) -> list[dict[str, Any]]:
        backend = self.services.backend
        return [*backend.ongoing_games(), *backend.finished_games()]

    # --- the seats --------------------------------------------------------------------

    def states(self, table: SharedTable) -> list[GameState | None]:
        """Each seat's state as saved (None: not set up, or its game is gone)."""
        return [self._saved_state(game_id) if game_id else None for game_id in table.seats]

    def _saved_state(self, game_id: str) -> GameState | None:
        """A seat's saved game replayed, once per saved revision: every tap at the table
        asks for every seat's state (to settle, to check, to redraw who is waiting). The
        states are only read, never changed."""
        record = self.services.backend.game(game_id)
        if record is None:
            return None
        actions, redo = record.get("actions"), record.get("redo", [])
        key = (record.get("revision"), len(actions) if isinstance(actions, list) else -1,
               len(redo) if isinstance(redo, list) else -1)
        cached = self._replayed.get(game_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        state = _state(record, self.services)
        self._replayed[game_id] = (key, state)
        return state

    def at_table(self, session: GameSession) -> AtTable | None:
        """A seat's table, its number and every seat's state, this seat's as its session
        has it (just played, not yet read back); None for a game not at a shared table."""
        found = self.seat_of(session)
        if found is None:
            return None
        table, seat = found
        states = self.states(table)
        states[seat] = session.state
        return AtTable(table, seat, states)

    def waiting(self, session: GameSession) -> tuple[list[str], list[str]] | None:
        """Who this seat's step waits for, by name: those not at the step yet, and those
        still placing (None: not a shared seat)."""
        here = self.at_table(session)
        if here is None:
            return None
        found = waiting(here.states, here.seat)
        names = here.table.names
        return [names[i] for i in found.arriving], [names[i] for i in found.placing]

    def join(self, table: SharedTable, seat: int, empire: str) -> GameSession:
        """Set up a seat's game with the Empire its player was dealt."""
        if not 0 <= seat < len(table.names):
            raise Rejected(Refusal.UNKNOWN_PLAYER,
                           "This table has no seat {number}", number=seat + 1)
        if table.seats[seat] is not None:
            raise Rejected(Refusal.SEAT_TAKEN,
                           "{name} has already chosen an Empire", name=table.names[seat])
        check_empire(self.states(table), empire, table.face)
        start = Start(empire=empire, face=table.face, mode="table", players=len(table.names),
                      expansions=table.expansions)
        session = GameSession.new(self.services, start, table.others(seat),
                                  table=table.seat_tag(seat))
        table.seats[seat] = session.id
        self._changed(table)  # saved before it was a seat: the seat is new news
        return session

    # --- who plays each seat ------------------------------------------------------------

    def holder(self, table: SharedTable, seat: int) -> str | None:
        """Who plays the seat now (a tab's token), None if nobody has opened it."""
        held = self._holders.get(table.id, {}).get(seat)
        return None if held is None else held.who

    def sit(self, table: SharedTable, seat: int, who: str, device: str = "", *,
            take_over: bool = False) -> None:
        """`who` plays the seat from now on; `SeatHeld` if another phone does and this
        was not asked (a second "This is me" must not land silently in someone's game).

        The one exception is the same device coming back as a new tab while its old
        tab is disconnected (a phone's browser that lost its tab): nobody else to ask.
        `device` names the device (its address and browser), empty when unknown."""
        seats = self._holders.setdefault(table.id, {})
        held = seats.get(seat)
        if held is not None and held.who == who:
            return
        same_device_back = (held is not None and bool(device) and held.device == device
                            and held.who in self._away)
        if held is not None and not (take_over or same_device_back):
            raise SeatHeld(table.names[seat])
        seats[seat] = Holder(who, device)
        self._changed(table)

    def check_holder(self, table: SharedTable, seat: int, who: str) -> None:
        """Refuse a move from a phone that no longer plays the seat."""
        held = self.holder(table, seat)
        if held is not None and held != who:
            raise Rejected(Refusal.SEAT_TAKEN,
                           "{name}'s seat is now played on another phone: this phone no "
                           "longer plays it.", name=table.names[seat])

    def away(self, who: str, gone: bool) -> None:
        """A tab lost its connection (a phone asleep, a reload under way), or is back."""
        (self._away.add if gone else self._away.discard)(who)

    def leave(self, who: str) -> None:
        """A tab is gone for good (its session ended): its seats are free again."""
        self._away.discard(who)
        for table_id, seats in self._holders.items():
            freed = [seat for seat, held in seats.items() if held.who == who]
            for seat in freed:
                del seats[seat]
            table = self._tables.get(table_id)
            if freed and table is not None:
                self._changed(table)

    def seat_of(self, session: GameSession) -> tuple[SharedTable, int] | None:
        found = table_from_tag(session.table)
        if found is None:
            return None
        table = self.find(found[0].id)
        return None if table is None else (table, found[1])

    # --- what the table decides -------------------------------------------------------

    def check(self, session: GameSession, action: Action) -> None:
        """Refuse what one seat may not do alone: take a card the other seats hold every
        copy of, or leave a production step before everyone has finished it."""
        leaving = isinstance(action, NextStep | End) and session.state.phase is Phase.PRODUCTION
        if not (isinstance(action, Construct) or leaving):
            return
        here = self.at_table(session)
        if here is None:
            return
        if isinstance(action, Construct):
            check_copies(here.states, self.services.catalog.card(action.card))
        else:
            check_move_on(here.states, here.seat, here.table.names)

    def settle(self, session: GameSession) -> None:
        """Play every seat's supremacy answer the table can give now, after a move of
        `session`'s seat. The acting seat's answer goes through its own session (so its
        phone announces the bonus); the others' through their saved games, whose writes
        tell their phones."""
        here = self.at_table(session)
        if here is None:
            return
        for index, answer in supremacy_answers(here.states).items():
            if index != here.seat:
                self._answer_saved(here.table, index, answer)
                continue
            events, hook = list(session.events), session.on_played
            session.on_played = None  # this is the hook's own work: not twice
            try:
                session.play(answer)
            finally:
                session.on_played = hook
            session.events = events + session.events

    def settle_table(self, table: SharedTable) -> int:
        """Play every answer the table can give now into the seats' saved games, and say
        how many. A move is saved before the table settles after it: a host stopped in
        between leaves every seat at a step whose supremacy nobody settled and no move
        left to settle it, so the table settles again whenever it is looked at (a seat
        opened, a table page, a change caught up, the server starting). Twice changes
        nothing: a seat that has its answer is given none.

        It is the table's work, not a seat's move: no phone's holding of a seat is
        checked (whoever opens a screen of the table, the host too, may settle it), and
        each phone hears of its seat's new answer as of any write (`watch`)."""
        answers = supremacy_answers(self.states(table))
        for index, answer in answers.items():
            self._answer_saved(table, index, answer)
        return len(answers)

    def settle_quietly(self, table: SharedTable) -> int:
        """`settle_table` where a screen is about to draw: a settling that fails (a
        folder turned read-only, another write in between) is logged in one line and
        left for the next look, and the screen shows the table as it is saved."""
        try:
            return self.settle_table(table)
        except (Rejected, SessionError, StoreError) as exc:
            log.warning("Table %s not settled yet: %s: %s", table.id, type(exc).__name__,
                        " ".join(str(exc).split())[:200])
            return 0

    def settle_every_table(self) -> None:
        """Settle every table still played (the server starting after a stop)."""
        for table in self.tables():
            self.settle_quietly(table)

    def _answer_saved(self, table: SharedTable, seat: int, answer: Opponents) -> None:
        game_id = table.seats[seat]
        record = self.services.backend.game(game_id) if game_id else None
        if record is not None:
            GameSession.resume(self.services, record).play(answer)


def _state(record: dict[str, Any] | None, services: Services) -> GameState | None:
    return saved_state(record, services.catalog)


def table_hub(services: Services) -> TableHub:
    """The shared tables this app hosts, one set for every tab (every phone): kept on the
    services every tab shares, made here so that the services need not know tables."""
    if not isinstance(services.shared_tables, TableHub):
        services.shared_tables = TableHub(services)
    return services.shared_tables
