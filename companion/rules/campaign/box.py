"""A campaign box as data, and what every campaign module shares.

A box is a campaign's fixed shape: its envelopes, how many of them a campaign plays,
for how many players, and how its campaign cards are numbered; another box needs a data
file and no code. Names, envelopes and card ids are compared however the players typed
them (`name_key`), and JSON is read with its faults named (`converted`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import msgspec

from companion.rules.errors import Refusal, Rejected

MAX_CARD = 80
"""Longest campaign card id or name."""


def name_key(text: str) -> str:
    """Case-, accent- and spacing-insensitive form used to compare names and card ids."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(bare.split())


def spelled(text: str, options: Iterable[str]) -> str | None:
    """The option `text` means, as the data spells it, however the player typed it."""
    wanted = name_key(text)
    return next((option for option in options if name_key(option) == wanted), None)


@dataclass(frozen=True, slots=True)
class CampaignBox:
    """A campaign box as data, so another box needs a data file and no code."""

    id: str
    names: Mapping[str, str]
    envelopes: tuple[str, ...]
    scenarios_played: int
    min_players: int
    max_players: int
    expansion: str = "wop"
    card_id_pattern: str | None = None
    """Regular expression every campaign card id must match (as printed on the card)."""
    card_id_example: str = ""
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    translated_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.id.strip():
            raise Rejected(Refusal.MALFORMED, "A campaign box needs an id")
        if not self.names.get("en", "").strip():
            raise Rejected(Refusal.MALFORMED,
                           "Campaign box {box} needs an English name", box=self.id)
        if not self.envelopes:
            raise Rejected(Refusal.MALFORMED, "Campaign box {box} lists no envelopes", box=self.id)
        keys = [name_key(e) for e in self.envelopes]
        for index, key in enumerate(keys):
            if not key:
                raise Rejected(Refusal.MALFORMED,
                               "Campaign box {box} has an empty envelope id", box=self.id)
            if key in keys[:index]:
                raise Rejected(
                    Refusal.MALFORMED,
                    "Campaign box {box} lists envelope {envelope} twice",
                    box=self.id,
                    envelope=self.envelopes[index],
                )
        if not 1 <= self.scenarios_played <= len(self.envelopes):
            raise Rejected(
                Refusal.MALFORMED,
                "Campaign box {box}: scenarios_played must be between 1 and the number of"
                " envelopes ({count}), not {played}",
                box=self.id,
                count=len(self.envelopes),
                played=self.scenarios_played,
            )
        if not 1 <= self.min_players <= self.max_players:
            raise Rejected(
                Refusal.MALFORMED,
                "Campaign box {box}: players must range from at least 1 up to a larger or"
                " equal maximum, not {low} to {high}",
                box=self.id,
                low=self.min_players,
                high=self.max_players,
            )
        if self.card_id_pattern is not None:
            try:
                re.compile(self.card_id_pattern)
            except re.error as exc:
                raise Rejected(
                    Refusal.MALFORMED,
                    "Campaign box {box}: card_id_pattern is not a valid pattern ({problem})",
                    box=self.id,
                    problem=str(exc),
                ) from None

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]

    def notes_in(self, language: str) -> tuple[str, ...]:
        return self.notes.get(language) or self.notes.get("en", ())

    def envelope(self, text: str) -> str:
        """The envelope id as the box spells it, from any spelling; `Rejected` otherwise."""
        found = spelled(text, self.envelopes)
        if found is not None:
            return found
        raise Rejected(
            Refusal.UNKNOWN_ENVELOPE,
            "Unknown envelope '{envelope}': {box} has {envelopes}",
            envelope=text,
            box=self.name,
            envelopes=", ".join(self.envelopes),
        )

    def check_card_id(self, card_id: str) -> str:
        cleaned = " ".join(card_id.split())
        if not cleaned:
            raise Rejected(Refusal.MALFORMED,
                           "A campaign card needs its id, as printed on the card")
        if len(cleaned) > MAX_CARD:
            raise Rejected(
                Refusal.TOO_LONG,
                "Campaign card id '{card}' is longer than {limit} characters",
                card=cleaned[:MAX_CARD] + "…",
                limit=MAX_CARD,
            )
        if self.card_id_pattern is not None and not re.fullmatch(self.card_id_pattern, cleaned):
            raise Rejected(
                Refusal.UNKNOWN_CARD,
                "'{card}' is not a campaign card id of {box}: write it as printed, like"
                " '{example}'",
                card=card_id,
                box=self.name,
                example=self.card_id_example or self.card_id_pattern,
            )
        return cleaned

    @classmethod
    def from_json(cls, data: object) -> CampaignBox:
        """Read a box definition; `Rejected` names the faulty field."""
        record = converted(data, _BoxRecord, "campaign box")
        return cls(
            id=record.id,
            names={k: v.strip() for k, v in record.names.items()},
            envelopes=tuple(" ".join(e.split()) for e in record.envelopes),
            scenarios_played=record.scenarios_played,
            min_players=record.min_players,
            max_players=record.max_players,
            expansion=record.expansion,
            card_id_pattern=record.card_id_pattern,
            card_id_example=record.card_id_example,
            notes={k: tuple(v) for k, v in record.notes.items()},
            translated_names=tuple(record.translated_names),
        )


# --- JSON ------------------------------------------------------------------------------


class _BoxRecord(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    names: dict[str, str]
    envelopes: list[str]
    scenarios_played: int
    min_players: int
    max_players: int
    expansion: str = "wop"
    card_id_pattern: str | None = None
    card_id_example: str = ""
    notes: dict[str, list[str]] = {}
    translated_names: list[str] = []


_T = TypeVar("_T")


def converted(data: object, kind: type[_T], what: str) -> _T:
    """`data` read as `kind`; `Rejected` names the faulty field of this `what`."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        raise Rejected(
            Refusal.MALFORMED,
            "This {what} data is not valid: {problem}", what=what, problem=str(exc)
        ) from None

