"""A game being played in the app: the rules' `Game`, saved after every single action.

The app may be closed, or the server killed, at any instant; saving the whole action
list after each action means the game comes back exactly where it was. The rules decide
everything; this class only remembers which card each construction number stands for
(the undo label names the card even after it was built) and talks to the store.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import t, tn
from companion.rules.actions import Action, End, Start
from companion.rules.engine import Event, apply, start_state
from companion.rules.errors import Rejected
from companion.rules.game import Game
from companion.rules.moves import CardSource
from companion.rules.planning import drafts
from companion.rules.scenarios import scenario_result
from companion.rules.state import GameState, Phase
from companion.rules.table import Seats, check_undo
from companion.store.errors import StoreConflict
from companion.store.identity import with_id
from companion.usecases.labels import describe_action, empire_label, message, resource_label
from companion.usecases.services import Services, now

GAME_KEYS = ("version", "actions", "redo", "back")
"""What of a saved record is the game itself (`Game.from_json`); the rest is the store's."""


def game_payload(record: dict[str, Any]) -> dict[str, Any]:
    return {key: record[key] for key in GAME_KEYS if key in record}


def saved_state(record: dict[str, Any] | None, cards: CardSource) -> GameState | None:
    """The state a saved record replays to; None when it holds no game the rules allow."""
    if record is None or not isinstance(record.get("actions"), list):
        return None
    try:
        return Game.from_json(game_payload(record), cards).state
    except Rejected:
        return None


class SessionError(Exception):
    """A saved game that cannot be resumed; the message says why."""


@dataclass
class GameSession:
    services: Services
    game: Game
    id: str
    created: str
    names: list[str] = field(default_factory=list)
    """Table games: the other players' names, in the order their totals are asked."""
    cards: dict[int, int] = field(default_factory=dict)
    """Construction number → card id, for every card seen under construction."""
    events: list[Event] = field(default_factory=list)
    """What the last action did (cards built, Krystallium...), to announce it."""
    revision: int = 0
    """The store's revision of the game as this session last saved or read it: a save
    from a session that fell behind (another tab played meanwhile) is refused."""
    on_saved: Callable[[int], None] | None = None
    """Told the new revision after each save (the tab tells its other tabs)."""
    referee: Callable[[Action], None] | None = None
    """A shared table's check of an action before it is played (`Rejected` refuses it)."""
    gate: Callable[[], None] | None = None
    """A shared table's check that this phone still plays the seat, before any change
    (a move, an undo, a redo, a going back): `Rejected` refuses it."""
    seats: Callable[[], Seats] | None = None
    """A shared table's seats as they stand, this one's as played here: the copies of a
    card the other players hold are not in the deck any more."""
    on_played: Callable[[], None] | None = None
    """Told after each action played or redone (a shared table settles what it can)."""
    table: dict[str, Any] | None = None
    """A seat at a shared table (`companion.usecases.tables`): the table's id, this seat's
    number and every player's name; None for a game kept on one device."""

    # --- making one ---------------------------------------------------------------

    @classmethod
    def new(cls, services: Services, start: Start, names: list[str] | None = None,
            table: dict[str, Any] | None = None) -> GameSession:
        game = Game.new(start, services.catalog)
        session = cls(services, game, uuid.uuid4().hex, now(), list(names or []),
                      table=table)
        session._learn(game.state)
        session.save()
        return session

    @classmethod
    def resume(cls, services: Services, record: dict[str, Any]) -> GameSession:
        """Rebuild a saved game; `SessionError` if the record is not a game the rules allow."""
        if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
            raise SessionError(t("the saved record holds no game"))
        payload = game_payload(record)
        try:
            game = Game.from_json(payload, services.catalog)
        except Rejected as exc:
            raise SessionError(message(exc.template, exc.params)) from exc
        names = record.get("names", [])
        session = cls(
            services,
            game,
            str(record.get("id") or uuid.uuid4().hex),
            str(record.get("created") or now()),
            [str(n) for n in names] if isinstance(names, list) else [],
        )
        seat = record.get("table")
        session.table = seat if isinstance(seat, dict) else None
        session.revision = _revision(record)
        session._learn_history()
        return session

    def reload(self) -> None:
        """Take the game as the store has it now (another tab moved it on)."""
        record = self.services.backend.game(self.id)
        if record is not None:
            self._take(record)

    def reload_if_behind(self) -> bool:
        """Take the game as the store has it if it was saved since this session last
        saved or read it (another phone's move, the table's settling); True if so."""
        record = self.services.backend.game(self.id)
        if record is None or _revision(record) <= self.revision:
            return False
        self._take(record)
        return True

    def _take(self, record: dict[str, Any]) -> None:
        fresh = GameSession.resume(self.services, record)
        self.game, self.names, self.revision = fresh.game, fresh.names, fresh.revision
        self.table = fresh.table
        self.cards.update(fresh.cards)
        self.events = []

    # --- playing ------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.game.state

    def play(self, action: Action) -> list[Event]:
        """Apply and save; `Rejected` leaves both the game and the saved copy untouched."""
        self._pass_gate()
        if self.referee is not None:
            self.referee(action)
        with self._saved_or_restored(ending=isinstance(action, End)):
            events = self.game.play(action)
        self.events = events
        self._learn(self.game.state)
        self._played()
        return events

    def undo(self) -> Action:
        """Take back the last action, or bring back all that going back took (each checked
        by the table first, as if played)."""
        self._pass_gate()
        if self.table is not None:
            check_undo(self.game.next_undo())
        bringing_back = bool(self.game.undo_brings_back)
        with self._saved_or_restored():
            action = self.game.undo(self.referee)
        self.events = []
        if bringing_back:
            self._learn_history()
            self._played()
        return action

    def redo(self) -> Action:
        """Play the last action taken back again, or go back again (see `go_back`)."""
        self._pass_gate()
        going_back = self.game.redo_takes_back
        if going_back:
            self._check_taking_back(going_back)
        following = self.game.next_redo()
        if self.referee is not None and following is not None:
            self.referee(following)
        with self._saved_or_restored():
            action = self.game.redo()
        self.events = []
        self._learn(self.game.state)
        if not going_back:
            self._played()
        return action

    def go_back(self, keep: int) -> tuple[Action, ...]:
        """Go back to the game after its first `keep` actions, in one step that one Undo
        takes back; refused, changing nothing, where undoing those actions one by one
        would be (a supremacy the shared table settled)."""
        self._pass_gate()
        self._check_taking_back(self.game.actions[keep:])
        with self._saved_or_restored():
            taken = self.game.go_back(keep)
        self.events = []
        return taken

    def earliest_go_back(self) -> tuple[int, Rejected | None]:
        """The first move this game can go back to, and why not to the moves before it
        (None: any move)."""
        actions = self.game.actions
        for index in range(len(actions) - 1, 0, -1):
            try:
                self._check_taking_back(actions[index:index + 1])
            except Rejected as refused:
                return index + 1, refused
        return 1, None

    def _check_taking_back(self, actions: tuple[Action, ...]) -> None:
        if self.table is not None:
            for action in actions:
                check_undo(action)

    def _pass_gate(self) -> None:
        if self.gate is not None:
            self.gate()

    def _played(self) -> None:
        if self.on_played is not None:
            self.on_played()

    @contextlib.contextmanager
    def _saved_or_restored(self, ending: bool = False) -> Iterator[None]:
        """Change the game, then save it; if the save fails, the game goes back as it was,
        so what the player sees is always what is on the disk. Ending the game saves it
        with its scenario attempt in one step."""
        before = self.game.to_json()
        yield
        try:
            if ending:
                self._saved(self.services.backend.finish_game(
                    self.record(), self._attempt(), expected_revision=self.revision))
            else:
                self.save()
        except StoreConflict:
            self.reload()  # this tab was behind: show the game as it is now
            raise
        except Exception:
            self.game = Game.from_json(before, self.services.catalog)
            raise

    def undo_label(self) -> str | None:
        brought = len(self.game.undo_brings_back)
        if brought:
            return tn("Bring back {count} move", "Bring back {count} moves", brought)
        action = self.game.next_undo()
        return None if action is None else describe_action(action, self.services.catalog,
                                                            self.cards)

    def redo_label(self) -> str | None:
        taken = len(self.game.redo_takes_back)
        if taken:
            return tn("Go back {count} move", "Go back {count} moves", taken)
        action = self.game.next_redo()
        return None if action is None else describe_action(action, self.services.catalog,
                                                            self.cards)

    def announcements(self) -> list[str]:
        return [message(e.template, e.params) for e in self.events]

    # --- saving -------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game as the store keeps it (see `companion.usecases.services.Backend`)."""
        state = self.state
        start = self.game.start
        data: dict[str, Any] = {
            "id": self.id,
            "mode": start.mode,
            "players": start.players,
            "names": list(self.names),
            "empires": [start.empire],
            "face": start.face,
            "expansions": list(start.expansions),
            "scenario": start.scenario,
            "created": self.created,
            "updated": now(),
            "finished": state.finished,
            "score": state.score().as_dict() if state.finished else None,
            "built": state.built_ids(),
            "drafted": drafts(self.game.actions),  # undone moves wait in "redo": not drafts
            "round": state.round,
            **self.game.to_json(),
        }
        if self.table is not None:
            data["table"] = dict(self.table)
        return data

    def save(self) -> None:
        self._saved(self.services.backend.save_game(self.record(),
                                                    expected_revision=self.revision))

    def _saved(self, revision: int) -> None:
        self.revision = revision
        if self.on_saved is not None:
            self.on_saved(revision)

    def _attempt(self) -> dict[str, Any] | None:
        """A finished scenario game counts as an attempt at that scenario (medal board)."""
        state = self.state
        scenario = self.services.scenarios.get(state.scenario) if state.scenario else None
        if scenario is None:
            return None
        total = state.score().total
        result = scenario_result(scenario, state.built_ids(), total, state.empire.face)
        # Keyed by its game (see companion.store.identity): ending the game again after
        # an undo, here or on another device, gives the same attempt a newer version.
        return with_id({
            "scenario": scenario.id,
            "date": now(),
            "score": total,
            "won": result.won,
            "medal": result.medal.value if result.medal else None,
            "game": self.id,
        })

    # --- describing ---------------------------------------------------------------

    def empire_line(self) -> str:
        state = self.state
        return t("{empire} (face {face})",
                 empire=empire_label(self.services.catalog, state.empire.name),
                 face=state.empire.face)

    def headline(self) -> str:
        return f"{self.empire_line()} · {phase_label(self.state)}"

    def card_of(self, uid: int) -> int | None:
        return self.cards.get(uid)

    def _learn(self, state: GameState) -> None:
        """The cards under construction now are what their numbers stand for: a number
        taken back (undo, going back) may be given to another card since."""
        for construction in state.under_construction:
            self.cards[construction.uid] = construction.card.id

    def _learn_history(self) -> None:
        """Replay once to name every construction number the history mentions."""
        actions = self.game.actions
        catalog = self.services.catalog
        start = actions[0]
        assert isinstance(start, Start)
        state, _ = start_state(start, catalog)
        self._learn(state)
        for action in actions[1:]:
            apply(state, action, catalog)
            self._learn(state)


def phase_label(state: GameState) -> str:
    if state.phase is Phase.FINISHED:
        return t("Game over")
    if state.phase is Phase.PLANNING:
        return t("Round {round} · Planning", round=state.round)
    if state.phase is Phase.EXTRA:
        return t("Round {round} · Cards' tokens", round=state.round)
    assert state.step is not None
    return t("Round {round} · Production: {resource}", round=state.round,
             resource=resource_label(state.step))


def _revision(record: dict[str, Any]) -> int:
    value = record.get("revision", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
