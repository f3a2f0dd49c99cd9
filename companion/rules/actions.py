"""What a player does, as plain values: a game is nothing but a list of these.

They are msgspec structs tagged by `type`, so a game round-trips through JSON exactly
and a saved or imported game is type-checked field by field when read back. Building a
struct in Python does not check values; the engine checks every one when it applies it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal

import msgspec

Mode = Literal["solo", "table"]
CharacterCode = Literal["Fin", "Gen"]


class Start(msgspec.Struct, frozen=True, tag="start", tag_field="type", forbid_unknown_fields=True):
    """Set up a game: who plays, which Empire face, and the scenario's required cards."""

    empire: str
    face: str = "A"
    mode: Mode = "solo"
    players: int = 1
    scenario: str | None = None
    required: tuple[int, ...] = ()
    expansions: tuple[str, ...] = ("base",)
    variant_faces: bool = False


class Construct(
    msgspec.Struct, frozen=True, tag="construct", tag_field="type", forbid_unknown_fields=True
):
    """Planning: put a drafted card under construction."""

    card: int


class Recycle(
    msgspec.Struct, frozen=True, tag="recycle", tag_field="type", forbid_unknown_fields=True
):
    """Planning: discard a drafted card for its cube, placed on a card (`onto`) or the Empire."""

    card: int
    onto: int | None = None


class NextStep(
    msgspec.Struct, frozen=True, tag="next", tag_field="type", forbid_unknown_fields=True
):
    """Close the current phase or production step and open the next one."""


class Opponents(
    msgspec.Struct, frozen=True, tag="opponents", tag_field="type", forbid_unknown_fields=True
):
    """Table games: the other players' totals for this step, to settle supremacy."""

    totals: tuple[int, ...]


class Rivals(
    msgspec.Struct, frozen=True, tag="rivals", tag_field="type", forbid_unknown_fields=True
):
    """Table games: how many other players produced at least your total this step, all
    that your supremacy depends on (the last answer offered means "that many or more")."""

    reaching: int


class ChooseScience(
    msgspec.Struct, frozen=True, tag="science", tag_field="type", forbid_unknown_fields=True
):
    """Science supremacy: take a Financier or a General."""

    token: CharacterCode


class Place(
    msgspec.Struct, frozen=True, tag="place", tag_field="type", forbid_unknown_fields=True
):
    """Construction: place produced cubes of this step on a card (`onto`) or the Empire."""

    onto: int | None = None
    count: int = 1


class SpendKrystallium(
    msgspec.Struct, frozen=True, tag="krystallium", tag_field="type", forbid_unknown_fields=True
):
    """Fill a resource slot or a Krystallium slot of a card with Krystallium."""

    onto: int
    slot: str
    count: int = 1


class PlaceCharacter(
    msgspec.Struct, frozen=True, tag="character", tag_field="type", forbid_unknown_fields=True
):
    """Fill a Financier or General slot with a token held."""

    onto: int
    token: CharacterCode
    count: int = 1


class Discard(
    msgspec.Struct, frozen=True, tag="discard", tag_field="type", forbid_unknown_fields=True
):
    """Give up a card under construction: its recycling cube goes to the Empire."""

    construction: int


class End(msgspec.Struct, frozen=True, tag="end", tag_field="type", forbid_unknown_fields=True):
    """After the last step of round 4: the game is scored."""


Part = Place | SpendKrystallium | PlaceCharacter
"""What a player puts on cards, the moves one tap may make several of at once."""
MAX_PARTS = 50
"""No tap makes more moves than this (a step's cubes go on a dozen cards at most)."""


class Together(
    msgspec.Struct, frozen=True, tag="together", tag_field="type", forbid_unknown_fields=True
):
    """Several moves made with one tap, as one step of the game: "Place the cubes" puts
    a step's cubes on several cards at once. It is played, saved and undone whole, and
    replayed as its parts in order; if one part is refused, so is the whole, with that
    part's reason.

    >>> Together((Place(onto=1, count=2), Place(count=1))).parts[1]
    Place(onto=None, count=1)
    """

    parts: tuple[Part, ...]


Action = (
    Start
    | Construct
    | Recycle
    | NextStep
    | Opponents
    | Rivals
    | ChooseScience
    | Place
    | SpendKrystallium
    | PlaceCharacter
    | Discard
    | End
    | Together
)


def action_to_json(action: Action) -> dict[str, object]:
    """Plain JSON values (lists, not tuples), so a saved game compares equal to its reload."""
    result = msgspec.json.decode(msgspec.json.encode(action))
    assert isinstance(result, dict)
    return result


ACTION_TYPES = (Start, Construct, Recycle, NextStep, Opponents, Rivals, ChooseScience, Place,
                SpendKrystallium, PlaceCharacter, Discard, End, Together)
PART_TYPES = (Place, SpendKrystallium, PlaceCharacter)


def moves(actions: Iterable[Action]) -> Iterator[Action]:
    """Every move of `actions` one by one, a step of several moves as its parts: what
    counts each cube placed or token spent reads this, not the list of steps.

    >>> list(moves([Place(count=1), Together((Place(onto=2), Place(count=2)))]))
    [Place(onto=None, count=1), Place(onto=2, count=1), Place(onto=None, count=2)]
    """
    for action in actions:
        if isinstance(action, Together):
            yield from action.parts
        else:
            yield action


def checked(action: object) -> Action:
    """The action with every field of the declared type, or `ValueError` saying which.

    Structs built in Python are not type-checked by msgspec; passing them once through
    its validation means a game can never hold a value it could not reload.
    """
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"{action!r} is not a game action")
    try:
        valid: Action = msgspec.convert(msgspec.to_builtins(action), Action)
    except (msgspec.ValidationError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    return valid


def actions_from_json(data: object) -> list[Action]:
    """Typed actions from JSON values; raises `msgspec.ValidationError` naming the field."""
    return msgspec.convert(data, list[Action])
