"""A game as the list of what the player did; its state is that list replayed.

Keeping only actions gives undo (replay one fewer), redo, resuming a saved game and its
full history for free, and it makes a saved game checkable: a file whose actions do
not replay under the rules is refused whole.

Going back to an earlier move (`Game.go_back`) is one step: every later action goes
onto the redo list in order, so Redo brings them back one by one, and the next Undo
brings them all back at once, for a player who went back too far; after that undo, Redo
goes back again. Undo then Redo is the identity either way. Which batch the next Undo or
Redo makes is saved with the game (`back`), so it holds after a reload too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import msgspec

from companion.rules.actions import (
    Action,
    Start,
    Together,
    action_to_json,
    actions_from_json,
    checked,
)
from companion.rules.engine import (
    CardSource,
    Event,
    apply,
    check_new_move,
    check_new_start,
    start_state,
)
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState

FORMAT_VERSION = 2
"""The newest format of a saved game this app reads and writes. 1: actions of one move
each; 2: some of them a `Together` (one tap's moves), which an app reading only format 1
cannot replay. A game is saved in the oldest format that holds it (`format_of`), so a
game without such a tap still opens in an older app, and one with it is refused there
as a newer format, never as a damaged game."""
FIRST_FORMAT = 1
MAX_ACTIONS = 5000
"""A real game has a few hundred actions; anything far beyond is not a game file."""
UNDO: Literal["undo"] = "undo"
REDO: Literal["redo"] = "redo"
Referee = Callable[[Action], None]
"""A check of each action before it is played (a shared table's); `Rejected` refuses it."""


def replay(actions: Sequence[Action], catalog: CardSource) -> GameState:
    """The state after `actions`; `Rejected` names the first action that does not apply."""
    if not actions or not isinstance(actions[0], Start):
        raise Rejected(Refusal.MALFORMED, "A game starts with its setup (a 'start' action)")
    state, _ = start_state(actions[0], catalog)
    for number, action in enumerate(actions[1:], start=2):
        if isinstance(action, Start):
            raise Rejected(Refusal.ALREADY_STARTED,
                           "Action {number} starts a second game inside this one", number=number)
        try:
            apply(state, action, catalog)
        except Rejected as exc:
            raise Rejected(
                exc.kind,
                "Action {number} ({kind}) cannot be replayed: {reason}",
                number=number,
                kind=_tag(action),
                reason=str(exc),
            ) from None
    return state


def format_of(actions: Iterable[Action]) -> int:
    """The oldest format that holds these actions (see `FORMAT_VERSION`)."""
    return FORMAT_VERSION if any(isinstance(a, Together) for a in actions) else FIRST_FORMAT


def _tag(action: Action) -> str:
    return str(type(action).__struct_config__.tag)


class Game:
    """One player's game: its actions, the state they give, and undo/redo."""

    def __init__(self, catalog: CardSource, actions: Iterable[Action] = (),
                 redo: Iterable[Action] = (), *, typed: bool = False) -> None:
        """`typed=True` skips the type check for actions just decoded from JSON."""
        self._catalog = catalog
        self._actions: list[Action] = list(actions) if typed else [_checked(a) for a in actions]
        self._redo: list[Action] = list(redo) if typed else [_checked(a) for a in redo]
        self._state = replay(self._actions, catalog)
        self._back: tuple[Literal["undo", "redo"], int] | None = None
        """Right after going back, ("undo", n): the next Undo brings back the n actions it
        took; right after that undo, ("redo", n): the next Redo takes them back again."""

    @classmethod
    def new(cls, start: Start, catalog: CardSource) -> Game:
        game = cls(catalog, [start])  # checks the setup's types and rules first
        check_new_start(game.start, catalog)
        return game

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def redo_actions(self) -> tuple[Action, ...]:
        return tuple(self._redo)

    @property
    def start(self) -> Start:
        first = self._actions[0]
        assert isinstance(first, Start)
        return first

    def play(self, action: Action) -> list[Event]:
        """Apply a new action; `Rejected` leaves the game exactly as it was."""
        check_new_move(self._state, _checked(action), self._catalog)
        events = self._apply(action)
        self._redo.clear()
        self._back = None
        return events

    def _apply(self, action: Action) -> list[Event]:
        action = _checked(action)
        candidate = self._state.copy()
        events = apply(candidate, action, self._catalog)
        self._state = candidate
        self._actions.append(action)
        return events

    @property
    def can_undo(self) -> bool:
        return len(self._actions) > 1 or self._back_count(UNDO) > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) or self._back_count(REDO) > 0

    def undo(self, referee: Referee | None = None) -> Action:
        """Take back the last action (the setup itself cannot be undone). Right after a
        going back, bring back instead every action it took, each checked by `referee`
        first; a refusal leaves the game as it was. Returns the action taken back, or the
        last one brought back."""
        brought = self._back_count(UNDO)
        if brought:
            return self._bring_back(brought, referee)
        if len(self._actions) <= 1:
            raise Rejected(Refusal.NOTHING_TO_DO, "Nothing to undo")
        action = self._actions.pop()
        self._state = replay(self._actions, self._catalog)
        self._redo.append(action)
        self._back = None
        return action

    def redo(self) -> Action:
        """Play the last action taken back again; right after a going back was undone, go
        back again instead. Returns the action played, or the first one taken back."""
        taken = self._back_count(REDO)
        if taken:
            return self.go_back(len(self._actions) - taken)[0]
        if not self._redo:
            raise Rejected(Refusal.NOTHING_TO_DO, "Nothing to redo")
        action = self._redo[-1]
        check_new_move(self._state, action, self._catalog)
        self._apply(action)
        self._redo.pop()
        self._back = None
        return action

    def go_back(self, keep: int) -> tuple[Action, ...]:
        """Go back to the game as it was after its first `keep` actions (1: just set up),
        in one step: the later actions, returned in order, go onto the redo list so that
        Redo brings them back one by one, and the next Undo brings them all back."""
        if isinstance(keep, bool) or not isinstance(keep, int) or not (
                1 <= keep <= len(self._actions)):
            raise Rejected(Refusal.BAD_NUMBER,
                           "This game has no move {number} to go back to", number=keep)
        if keep == len(self._actions):
            raise Rejected(Refusal.NOTHING_TO_DO,
                           "The game is at this move already: nothing to take back")
        taken = self._actions[keep:]
        self._state = replay(self._actions[:keep], self._catalog)
        del self._actions[keep:]
        self._redo.extend(reversed(taken))
        self._back = (UNDO, len(taken))
        return tuple(taken)

    def _bring_back(self, count: int, referee: Referee | None) -> Action:
        before = (list(self._actions), list(self._redo), self._state)
        try:
            for _ in range(count):
                action = self._redo[-1]
                if referee is not None:
                    referee(action)  # it reads the game as it is just before this action
                check_new_move(self._state, action, self._catalog)
                self._apply(action)
                self._redo.pop()
        except Rejected:
            self._actions, self._redo, self._state = before
            raise
        self._back = (REDO, count)
        return self._actions[-1]

    def _back_count(self, button: Literal["undo", "redo"]) -> int:
        return self._back[1] if self._back is not None and self._back[0] == button else 0

    @property
    def undo_brings_back(self) -> tuple[Action, ...]:
        """The actions the next Undo plays again, in order, undoing a going back; empty if
        it is an ordinary undo."""
        count = self._back_count(UNDO)
        return tuple(reversed(self._redo[-count:])) if count else ()

    @property
    def redo_takes_back(self) -> tuple[Action, ...]:
        """The actions the next Redo takes back, going back again; empty if it is an
        ordinary redo."""
        count = self._back_count(REDO)
        return tuple(self._actions[-count:]) if count else ()

    def next_undo(self) -> Action | None:
        """The one action the next Undo takes back (None: nothing, or a going back undone)."""
        return (self._actions[-1] if len(self._actions) > 1 and not self._back_count(UNDO)
                else None)

    def next_redo(self) -> Action | None:
        """The one action the next Redo plays (None: nothing, or a going back again)."""
        return self._redo[-1] if self._redo and not self._back_count(REDO) else None

    def to_json(self) -> dict[str, Any]:
        return {
            "version": format_of((*self._actions, *self._redo)),
            "actions": [action_to_json(a) for a in self._actions],
            "redo": [action_to_json(a) for a in self._redo],
            **({"back": {self._back[0]: self._back[1]}} if self._back else {}),
        }

    @classmethod
    def from_json(cls, data: object, catalog: CardSource) -> Game:
        """Rebuild a saved game, refusing anything that is not a game the rules allow."""
        if not isinstance(data, dict):
            raise Rejected(Refusal.MALFORMED,
                           "A saved game is a JSON object with an 'actions' list")
        version = data.get("version", FIRST_FORMAT)
        if isinstance(version, bool) or version not in range(FIRST_FORMAT, FORMAT_VERSION + 1):
            raise Rejected(Refusal.UNKNOWN_FORMAT,
                           "This game was saved in format {version}; this app reads format "
                           "{supported}", version=version, supported=FORMAT_VERSION)
        actions = _decode(data.get("actions"), "actions")
        redo = _decode(data.get("redo", []), "redo")
        game = cls(catalog, actions, typed=True)
        if redo:
            probe = game._state.copy()
            for action in reversed(redo):
                try:
                    apply(probe, action, catalog)
                except Rejected as exc:
                    raise Rejected(exc.kind, "The redo list does not follow the game: {reason}",
                                   reason=str(exc)) from None
        game._redo = redo
        game._back = _back(data.get("back"), len(game._actions), len(redo))
        return game


def _checked(action: object) -> Action:
    try:
        return checked(action)
    except ValueError as exc:
        raise Rejected(Refusal.MALFORMED,
                       "Not a valid action: {problem}", problem=str(exc)) from None


def _decode(value: object, label: str) -> list[Action]:
    if not isinstance(value, list):
        raise Rejected(Refusal.MALFORMED, "'{label}' must be a list of actions", label=label)
    if len(value) > MAX_ACTIONS:
        raise Rejected(Refusal.TOO_LONG,
                       "'{label}' holds {count} actions; a game has at most {limit}",
                       label=label, count=len(value), limit=MAX_ACTIONS)
    try:
        return actions_from_json(value)
    except msgspec.ValidationError as exc:
        raise Rejected(Refusal.MALFORMED,
                       "'{label}': {problem}", label=label, problem=str(exc)) from None


def _back(value: object, actions: int, redo: int) -> tuple[Literal["undo", "redo"], int] | None:
    """The saved batch of the next Undo or Redo, if it fits the lists it moves."""
    if value is None:
        return None
    if isinstance(value, dict) and len(value) == 1:
        ((button, count),) = value.items()
        most = {UNDO: redo, REDO: actions - 1}.get(button)
        if most is not None and isinstance(count, int) and not isinstance(count, bool) and (
                1 <= count <= most):
            return (UNDO if button == UNDO else REDO), count
    raise Rejected(Refusal.MALFORMED,
                   "'back' must name 'undo' or 'redo' with the number of actions it moves, "
                   "no more than there are")
