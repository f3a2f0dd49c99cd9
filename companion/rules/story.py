"""A finished game told round by round: what each step produced, who took supremacy,
which cards were built and how much Krystallium came in.

Nothing here is stored: the story is the game's actions replayed by the engine, read
through the events it reports (a card built, 5 cubes turned into Krystallium, a
supremacy bonus) and the state after each action (the step's production total). A
story is therefore always what the rules say happened, never what a file claims:
`game_story(actions, catalog)[0].steps[0].produced` is round 1's Materials total.

Each chapter also lists its moves, the actions played in it with what each did: a game
in progress told so far is its log, and a move's `number` is where to go back to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.rules.actions import Action, NextStep, Start
from companion.rules.cards import Resource, SlotKind, Token
from companion.rules.construction import SLOT_NAMES
from companion.rules.engine import CardSource, Event, apply, start_state
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState, Phase
from companion.rules.supremacy import supremacy_winners

TOKEN_BY_NAME: dict[str, SlotKind] = {name: kind for kind, name in SLOT_NAMES.items()}
"""The English names the engine's events carry, back to the token they name."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action and what it did. `number` counts from 1 (the setup): going back to
    this move keeps the game's first `number` actions."""

    number: int
    action: Action
    events: tuple[Event, ...] = ()


@dataclass(slots=True)
class Chapter:
    """One part of a round: Planning, one production step, or War or Peace's extra step."""

    phase: Phase
    resource: Resource | None = None
    """The step's resource (production steps only)."""
    produced: int = 0
    """The step's net production total (what supremacy compares)."""
    others: tuple[int, ...] | None = None
    """Table games: the other players' totals for this step, as they were given."""
    supremacy: bool | None = None
    """Whether the player took this step's supremacy bonus; None if it was never settled."""
    bonus: Token | None = None
    """The character token the supremacy gave (Science: the one the player chose)."""
    built: list[int] = field(default_factory=list)
    """Card ids built during this chapter, in order."""
    krystallium: int = 0
    """Krystallium gained: cubes converted on the Empire, card bonuses, card production."""
    tokens: dict[Token, int] = field(default_factory=dict)
    """The extra step: Krystallium, Financiers and Generals the cards produced."""
    moves: list[Move] = field(default_factory=list)
    """The actions played in this chapter, in order (a step opens with the one that
    moved the game to it)."""

    @property
    def winners(self) -> list[int]:
        """Who took the bonus among the player (0) and the others, in table order."""
        if self.others is None:
            return [0] if self.supremacy else []
        return supremacy_winners((self.produced, *self.others))


@dataclass(slots=True)
class RoundStory:
    number: int
    chapters: list[Chapter] = field(default_factory=list)

    @property
    def steps(self) -> list[Chapter]:
        """The production steps only, in production order."""
        return [c for c in self.chapters if c.phase is Phase.PRODUCTION]

    @property
    def production(self) -> dict[Resource, int]:
        """The round's production total per resource."""
        return {c.resource: c.produced for c in self.steps if c.resource is not None}

    @property
    def built(self) -> list[int]:
        return [card for c in self.chapters for card in c.built]

    @property
    def krystallium(self) -> int:
        return sum(c.krystallium for c in self.chapters)


def game_story(actions: Sequence[Action], catalog: CardSource) -> list[RoundStory]:
    """Replay `actions` and tell each round; `Rejected` if they are not a game."""
    if not actions or not isinstance(actions[0], Start):
        raise Rejected(Refusal.MALFORMED, "A game starts with its setup (a 'start' action)")
    state, started = start_state(actions[0], catalog)
    rounds = [RoundStory(1, [Chapter(Phase.PLANNING, moves=[Move(1, actions[0],
                                                                 tuple(started))])])]
    for number, action in enumerate(actions[1:], start=2):
        built_before = len(state.built)
        events = apply(state, action, catalog)
        chapter = _chapter_for(rounds, state, action)
        chapter.built += [card.id for card in state.built[built_before:]]
        chapter.moves.append(Move(number, action, tuple(events)))
        _read(chapter, state, events)
    return rounds


def _chapter_for(rounds: list[RoundStory], state: GameState, action: Action) -> Chapter:
    """The chapter an action belongs to; a step change opens a new one."""
    if isinstance(action, NextStep):
        if state.round != rounds[-1].number:
            rounds.append(RoundStory(state.round))
        phase = state.phase
        rounds[-1].chapters.append(Chapter(phase, state.step))
    return rounds[-1].chapters[-1]


def _read(chapter: Chapter, state: GameState, events: list[Event]) -> None:
    """The chapter after one more action: its step's numbers from the state, the rest
    from the events (a Science choice too: its "supremacy" event names the token)."""
    if chapter.phase is Phase.PRODUCTION:
        chapter.produced = state.produced
        chapter.others = state.opponents
        if state.supremacy is not None:
            chapter.supremacy = state.supremacy
    for event in events:
        _read_event(chapter, event)


def _read_event(chapter: Chapter, event: Event) -> None:
    params = event.params
    token = TOKEN_BY_NAME.get(str(params.get("token", "")))
    gains_krystallium = event.kind in ("bonus", "tokens") and token is Token.KRYSTALLIUM
    if event.kind == "krystallium" or gains_krystallium:
        chapter.krystallium += int(params["amount"])
    if event.kind == "tokens" and isinstance(token, Token):
        chapter.tokens[token] = chapter.tokens.get(token, 0) + int(params["amount"])
    if event.kind == "supremacy" and isinstance(token, Token):
        chapter.bonus = token


def built_cards(rounds: Sequence[RoundStory]) -> list[int]:
    """Every card built in the game, in the order they joined the Empire."""
    return [card for story in rounds for card in story.built]
