"""A game as the list of what the player did; its state is that list replayed.

Keeping only actions gives undo (replay one fewer), redo, resuming a saved game and its
full history for free, and it makes a saved game checkable: a file whose actions do
not replay under the rules is refused whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from companion.rules.actions import (
    Action,
    Start,
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
from companion.rules.errors import Rejected
from companion.rules.state import GameState

FORMAT_VERSION = 1
MAX_ACTIONS = 5000
"""A real game has a few hundred actions; anything far beyond is not a game file."""


def replay(actions: Sequence[Action], catalog: CardSource) -> GameState:
    """The state after `actions`; `Rejected` names the first action that does not apply."""
    if not actions or not isinstance(actions[0], Start):
        raise Rejected("A game starts with its setup (a 'start' action)")
    state, _ = start_state(actions[0], catalog)
    for number, action in enumerate(actions[1:], start=2):
        if isinstance(action, Start):
            raise Rejected("Action {number} starts a second game inside this one", number=number)
        try:
            apply(state, action, catalog)
        except Rejected as exc:
            raise Rejected(
                "Action {number} ({kind}) cannot be replayed: {reason}",
                number=number,
                kind=_tag(action),
                reason=str(exc),
            ) from None
    return state


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
        return len(self._actions) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Action:
        """Take back the last action (the setup itself cannot be undone)."""
        if not self.can_undo:
            raise Rejected("Nothing to undo")
        action = self._actions.pop()
        self._state = replay(self._actions, self._catalog)
        self._redo.append(action)
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise Rejected("Nothing to redo")
        action = self._redo[-1]
        check_new_move(self._state, action, self._catalog)
        self._apply(action)
        self._redo.pop()
        return action

    def next_undo(self) -> Action | None:
        return self._actions[-1] if self.can_undo else None

    def next_redo(self) -> Action | None:
        return self._redo[-1] if self._redo else None

    def to_json(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "actions": [action_to_json(a) for a in self._actions],
            "redo": [action_to_json(a) for a in self._redo],
        }

    @classmethod
    def from_json(cls, data: object, catalog: CardSource) -> Game:
        """Rebuild a saved game, refusing anything that is not a game the rules allow."""
        if not isinstance(data, dict):
            raise Rejected("A saved game is a JSON object with an 'actions' list")
        version = data.get("version", FORMAT_VERSION)
        if version != FORMAT_VERSION:
            raise Rejected("This game was saved in format {version}; this app reads format "
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
                    raise Rejected("The redo list does not follow the game: {reason}",
                                   reason=str(exc)) from None
        game._redo = redo
        return game


def _checked(action: object) -> Action:
    try:
        return checked(action)
    except ValueError as exc:
        raise Rejected("Not a valid action: {problem}", problem=str(exc)) from None


def _decode(value: object, label: str) -> list[Action]:
    if not isinstance(value, list):
        raise Rejected("'{label}' must be a list of actions", label=label)
    if len(value) > MAX_ACTIONS:
        raise Rejected("'{label}' holds {count} actions; a game has at most {limit}",
                       label=label, count=len(value), limit=MAX_ACTIONS)
    try:
        return actions_from_json(value)
    except msgspec.ValidationError as exc:
        raise Rejected("'{label}': {problem}", label=label, problem=str(exc)) from None
