"""The single error type the rules raise, and the kinds of refusal it carries.

Every rejection carries an English message template and its parameters separately, so
the UI can translate the template (it is the translation key) and the CLI can print the
English text as is. It also carries its kind, a `Refusal`: what is wrong, in the game's
words, for code (and tests) that must tell one refusal from another without reading
English.
"""

from __future__ import annotations

import enum

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any


class Refusal(enum.Enum):
    """What is wrong with a refused action or input, whatever the sentence says."""

    # Something named that the game does not have.
    UNKNOWN_CARD = "unknown card"
    """No card by that name or number (a campaign card id too)."""
    UNKNOWN_EMPIRE = "unknown empire"
    UNKNOWN_SCENARIO = "unknown scenario"
    UNKNOWN_EXPANSION = "unknown expansion"
    UNKNOWN_BOX = "unknown box"
    """A campaign box that is not installed, or not the campaign's."""
    UNKNOWN_ENVELOPE = "unknown envelope"
    UNKNOWN_PLAYER = "unknown player"
    """No such player or seat, or none said."""
    NOT_AN_OPTION = "not an option"
    """A choice that is none of those offered: a mode, a slot, a character, a medal..."""

    # Input that is not what the app reads.
    MALFORMED = "malformed"
    """Data (a saved game or campaign, a box, the scorer's input) of the wrong shape."""
    UNKNOWN_FORMAT = "unknown format"
    """Saved by another version of the app, in a format this one does not read."""
    UNREADABLE = "unreadable"
    """The input cannot be read at all."""
    TOO_LONG = "too long"
    """A text, list or file longer than any game needs."""
    BAD_NUMBER = "bad number"
    """Not a whole number, or out of its range (a count, a total, a round, a move)."""
    BAD_NAME = "bad name"
    """A name that cannot be one: empty, too long, unprintable, reserved."""
    NAME_TAKEN = "name taken"
    """Two players with one name."""

    # Setting up a game or a table.
    SETUP = "setup"
    """A setup the game cannot start from (a scenario without its cards...)."""
    PLAYER_COUNT = "player count"
    """Not a number of players this game, table, scenario or box is played with."""
    EXPANSION_MISSING = "expansion missing"
    """Needs an expansion the game is played without."""
    EMPIRE_FACE = "empire face"
    """Not a face of the Empire, or not the face this game or table plays."""
    EMPIRE_TAKEN = "empire taken"
    """Each Empire card is dealt to one player."""
    SEAT_TAKEN = "seat taken"
    """The seat has chosen its Empire already, or is played on another phone."""
    ALREADY_STARTED = "already started"

    # Playing: when.
    WRONG_PHASE = "wrong phase"
    """Not during this phase or step."""
    STEP_UNFINISHED = "step unfinished"
    """Something is still to do in this step: cubes, totals, a bonus, other players."""
    GAME_OVER = "game over"
    """The game (its last step) or the campaign is over: nothing more is played."""
    GAME_NOT_OVER = "game not over"

    # Playing: what.
    CARD_LIMIT = "card limit"
    """No more cards drafted (or played, solo) this round."""
    NO_COPY_LEFT = "no copy left"
    """The deck (the box) has no copy of the card left."""
    NOT_HELD = "not held"
    """More cubes, Krystallium or character tokens than there are, or a placement
    that leaves some of the step's cubes out."""
    NOT_UNDER_CONSTRUCTION = "not under construction"
    WRONG_SLOT = "wrong slot"
    """The card has no slot of that kind for it."""
    SLOTS_FULL = "slots full"
    """Fewer free slots than the cubes or tokens placed."""
    SUPREMACY = "supremacy"
    """The supremacy is not settled so: totals already given, nothing to win, no bonus."""

    # Going back.
    NOTHING_TO_DO = "nothing to do"
    """It would change nothing: nothing to undo or redo, already so."""
    NOT_UNDOABLE = "not undoable"
    """Decided for the whole table: not taken back on one phone."""

    # A campaign.
    ENVELOPE_ORDER = "envelope order"
    """Envelopes are played in order, once each, unless a resolution chose."""
    SCORES = "scores"
    """One score for each player of the scenario."""
    WINNER = "winner"
    """Not the winner the scores and the campaign's rules give."""
    CAMPAIGN_CARD = "campaign card"
    """A campaign card gained, kept or lost against its rules."""


class Rejected(Exception):
    """An action or input the rules do not allow; nothing was changed.

    `kind` says what is wrong; `template` and `params` say it in English words:
    `Rejected(Refusal.UNKNOWN_CARD, "Unknown card '{name}'", name="Zepelin")`."""

    def __init__(self, kind: Refusal, template: str, /, **params: Any) -> None:
        self.kind = kind
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields: the message alone is not enough to build it again."""
        return _rebuilt, (type(self), self.args, self.__dict__)

    @property
    def message(self) -> str:
        return str(self)


def _rebuilt(cls: type[Rejected], args: tuple[Any, ...], fields: dict[str, Any]) -> Rejected:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error
