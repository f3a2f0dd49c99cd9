"""The log of a game in progress: its moves so far, told as its story is, latest first,
each with whether the player may go back to it.

The story of the moves played (`companion.rules.story`) gives the rounds, their steps
and each move with what it did; `story_text` gives the words the history uses for the
same things. Going back to a move keeps the game's first `number` actions and is one
step, which one Undo takes back (`GameSession.go_back`); at a shared table the moves
before a supremacy the table settled cannot be gone back to, for the reason an Undo
would give.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import tn
from companion.rules.state import Phase
from companion.rules.story import Chapter, RoundStory, game_story
from companion.usecases.labels import message
from companion.usecases.session import GameSession, phase_label
from companion.usecases.story_text import (
    chapter_notes,
    chapter_title,
    move_results,
    move_text,
    round_summary,
    round_title,
    supremacy_note,
)


@dataclass(frozen=True, slots=True)
class LogMove:
    number: int
    """Going back to this move keeps the game's first `number` actions."""
    text: str
    """The move, as the Undo button names it."""
    results: tuple[str, ...]
    """What it did, as the game announced it then."""
    now: bool
    """The game's latest move: where it is now."""
    can_go_back: bool


@dataclass(frozen=True, slots=True)
class LogStep:
    """Planning, a production step or the War or Peace step of one round."""

    title: str
    notes: tuple[str, ...]
    """The story's words for what the step has done so far."""
    moves: tuple[LogMove, ...]
    """Latest first."""


@dataclass(frozen=True, slots=True)
class LogRound:
    number: int
    title: str
    summary: str
    steps: tuple[LogStep, ...]
    """Latest first."""


@dataclass(frozen=True, slots=True)
class GameLog:
    rounds: tuple[LogRound, ...]
    """Latest first."""
    count: int
    """Moves played, the setup included."""
    refusal: str | None
    """Why the moves before `earliest` cannot be gone back to (None: every move can)."""
    earliest: int

    def heading(self) -> str:
        return tn("{count} move so far, latest first", "{count} moves so far, latest first",
                  self.count)


def game_log(session: GameSession) -> GameLog:
    """The session's moves so far, in the story's words."""
    actions = session.game.actions
    earliest, refused = session.earliest_go_back()
    story = game_story(actions, session.services.catalog)
    rounds = tuple(_round(session, told, earliest, len(actions)) for told in reversed(story))
    refusal = None if refused is None else message(refused.template, refused.params)
    return GameLog(rounds, len(actions), refusal, earliest)


def _round(session: GameSession, told: RoundStory, earliest: int, now: int) -> LogRound:
    steps = tuple(_step(session, chapter, earliest, now)
                  for chapter in reversed(told.chapters) if chapter.moves)
    return LogRound(told.number, round_title(told), round_summary(told), steps)


def _step(session: GameSession, chapter: Chapter, earliest: int, now: int) -> LogStep:
    catalog = session.services.catalog
    notes = chapter_notes(catalog, chapter)
    if chapter.phase is Phase.PRODUCTION and chapter.supremacy is not None:
        notes.insert(0, supremacy_note(chapter))  # once settled: not yet in a step begun
    moves = tuple(LogMove(move.number, move_text(catalog, move, session.cards),
                          tuple(move_results(move)), move.number == now,
                          earliest <= move.number < now)
                  for move in reversed(chapter.moves))
    return LogStep(chapter_title(chapter), tuple(notes), moves)


def went_back_message(session: GameSession, taken: int) -> str:
    """What the player is told after going back: where the game is, and the way back."""
    return tn("{count} move taken back, now at {where}. Undo brings it back.",
              "{count} moves taken back, now at {where}. Undo brings them back.", taken,
              where=phase_label(session.state))


def brought_back_message(session: GameSession, brought: int) -> str:
    """What the player is told after an Undo brought back what going back took: where
    the game is again (the notice of going back named where it no longer is)."""
    return tn("{count} move brought back, now at {where}.",
              "{count} moves brought back, now at {where}.", brought,
              where=phase_label(session.state))
