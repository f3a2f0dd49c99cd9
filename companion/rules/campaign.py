"""Campaigns (War or Peace and any box described the same way): the record the table keeps.

The envelopes' contents are secret, so the app never knows a scenario's rules; it keeps
what the players enter (envelope played, scores, winner, resolution, campaign cards won)
and enforces the campaign rules that do not depend on that secret text: how many
scenarios are played, each envelope once, in order unless a resolution chose the next
one, grey cards leave after their scenario while orange ones stay until the end, and
only the campaign's players score, win and hold cards.

Everything here is immutable: `record()` returns a new campaign or raises `Rejected`,
so a refused record never changes anything. A campaign is stored as plain JSON and read
back by replaying its records through the same checks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

import msgspec

from companion.i18n import Plural
from companion.rules.errors import Rejected

FORMAT = 1
"""Version of the JSON written by `Campaign.to_json`."""

REPLAY = "replay"
"""Final outcome of a perfect tie in the final scenario that the table chose to replay."""

MAX_NAME = 40
MAX_TEXT = 500
"""Longest resolution text; card ids and names are limited to MAX_CARD."""
MAX_CARD = 80


class CardColour(StrEnum):
    ORANGE = "orange"
    """Kept by its player until the end of the campaign."""
    GREY = "grey"
    """Used in the scenario that gave it, then discarded."""


class Victory(StrEnum):
    NORMAL = "normal"
    """Most victory points win (ties broken by built cards, then character tokens)."""
    SCENARIO = "scenario"
    """The scenario states its own victory condition: any player, or nobody, may win."""


def _key(text: str) -> str:
    """Case-, accent- and spacing-insensitive form used to compare names and card ids."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(bare.split())


def campaign_slug(name: str) -> str:
    """A readable id made from a campaign's name: "Friday nights!" → "friday-nights".

    The app's screens and `companion campaign new` make the same id from the same name.
    """
    words = ("".join(c for c in _key(word) if c.isalnum())
             for word in re.split(r"[\s\-_/.]+", name))
    return "-".join(w for w in words if w)[:40].strip("-") or "campaign"


def _spelled(text: str, options: Iterable[str]) -> str | None:
    """The option `text` means, as the data spells it, however the player typed it."""
    wanted = _key(text)
    return next((option for option in options if _key(option) == wanted), None)


# --- the box: a campaign's fixed shape --------------------------------------------------


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
            raise Rejected("A campaign box needs an id")
        if not self.names.get("en", "").strip():
            raise Rejected("Campaign box {box} needs an English name", box=self.id)
        if not self.envelopes:
            raise Rejected("Campaign box {box} lists no envelopes", box=self.id)
        keys = [_key(e) for e in self.envelopes]
        for index, key in enumerate(keys):
            if not key:
                raise Rejected("Campaign box {box} has an empty envelope id", box=self.id)
            if key in keys[:index]:
                raise Rejected(
                    "Campaign box {box} lists envelope {envelope} twice",
                    box=self.id,
                    envelope=self.envelopes[index],
                )
        if not 1 <= self.scenarios_played <= len(self.envelopes):
            raise Rejected(
                "Campaign box {box}: scenarios_played must be between 1 and the number of"
                " envelopes ({count}), not {played}",
                box=self.id,
                count=len(self.envelopes),
                played=self.scenarios_played,
            )
        if not 1 <= self.min_players <= self.max_players:
            raise Rejected(
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
        found = _spelled(text, self.envelopes)
        if found is not None:
            return found
        raise Rejected(
            "Unknown envelope '{envelope}': {box} has {envelopes}",
            envelope=text,
            box=self.name,
            envelopes=", ".join(self.envelopes),
        )

    def check_card_id(self, card_id: str) -> str:
        cleaned = " ".join(card_id.split())
        if not cleaned:
            raise Rejected("A campaign card needs its id, as printed on the card")
        if len(cleaned) > MAX_CARD:
            raise Rejected(
                "Campaign card id '{card}' is longer than {limit} characters",
                card=cleaned[:MAX_CARD] + "…",
                limit=MAX_CARD,
            )
        if self.card_id_pattern is not None and not re.fullmatch(self.card_id_pattern, cleaned):
            raise Rejected(
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
        record = _convert(data, _BoxRecord, "campaign box")
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


# --- what the players record ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignCard:
    """A campaign card a player gained, named as printed: name and number."""

    id: str
    player: str
    colour: CardColour
    name: str = ""

    @property
    def key(self) -> str:
        return _key(self.id)


@dataclass(frozen=True, slots=True)
class ScenarioPlay:
    """One scenario of the campaign as the table played it."""

    envelope: str
    scores: tuple[tuple[str, int], ...]
    """(player, total) in the campaign's player order."""
    winners: tuple[str, ...]
    """Usually one player; several for a shared victory; none if nobody met the scenario's
    own victory condition."""
    victory: Victory = Victory.NORMAL
    resolution: str = ""
    next_envelope: str | None = None
    """The envelope a resolution sends the campaign to, instead of the next in order."""
    gained: tuple[CampaignCard, ...] = ()
    lost: tuple[CampaignCard, ...] = ()
    """Orange cards a resolution took away (they would otherwise stay to the end)."""
    date: str | None = None

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def score_of(self, player: str) -> int:
        return dict(self.scores)[player]


@dataclass(frozen=True, slots=True)
class Campaign:
    """A campaign in progress or finished; build it with `new()` and `record()`."""

    id: str
    name: str
    box: CampaignBox
    players: tuple[str, ...]
    plays: tuple[ScenarioPlay, ...] = ()
    final_choice: str | None = None
    """After a perfect tie (or no winner) in the final scenario: REPLAY or the player the
    table chose."""
    replayed: tuple[ScenarioPlay, ...] = ()
    """Earlier plays of the final scenario that ended in a tie and were replayed."""
    created: str | None = None

    # creation

    @classmethod
    def new(
        cls,
        id: str,
        name: str,
        box: CampaignBox,
        players: Sequence[str],
        created: str | None = None,
    ) -> Campaign:
        """A campaign before its first envelope; `Rejected` for a bad name or player list."""
        if not id.strip():
            raise Rejected("A campaign needs an id")
        if not name.strip():
            raise Rejected("A campaign needs a name")
        if len(name) > 80:
            raise Rejected("A campaign name has at most 80 characters")
        cleaned = tuple(" ".join(p.split()) for p in players)
        for player in cleaned:
            if not player:
                raise Rejected("A player's name cannot be empty")
            if len(player) > MAX_NAME:
                raise Rejected(
                    "Player name '{player}' is too long (at most {limit} characters)",
                    player=player,
                    limit=MAX_NAME,
                )
            if _key(player) == REPLAY:
                raise Rejected("'{player}' is reserved; choose another player name", player=player)
        keys = [_key(p) for p in cleaned]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise Rejected(
                    "Player '{player}' is listed twice; give each player a different name",
                    player=cleaned[index],
                )
        if not box.min_players <= len(cleaned) <= box.max_players:
            raise Rejected(
                Plural("{box} is played by {low} to {high} player, not {count}",
                       "{box} is played by {low} to {high} players, not {count}", "high"),
                box=box.name,
                low=box.min_players,
                high=box.max_players,
                count=len(cleaned),
            )
        return cls(id=id.strip(), name=name.strip(), box=box, players=cleaned, created=created)

    # reading

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def player(self, name: str) -> str:
        """The player as the campaign spells the name; `Rejected` if not a player."""
        found = _spelled(name, self.players)
        if found is not None:
            return found
        raise Rejected(
            "'{name}' is not a player of campaign {campaign}: the players are {players}",
            name=name,
            campaign=self.name,
            players=", ".join(self.players),
        )

    @property
    def played_envelopes(self) -> tuple[str, ...]:
        return tuple(p.envelope for p in self.plays)

    @property
    def awaiting_replay(self) -> bool:
        return self.final_choice == REPLAY

    @property
    def finished(self) -> bool:
        """All scenarios played and the campaign has its winner."""
        return (
            len(self.plays) == self.box.scenarios_played
            and self.final_winner is not None
            and not self.awaiting_replay
        )

    @property
    def final_winner(self) -> str | None:
        """The campaign's winner, REPLAY while the final scenario awaits a replay, or None
        before the final scenario."""
        if len(self.plays) < self.box.scenarios_played:
            return None
        if self.final_choice is not None:
            return self.final_choice
        return self.plays[-1].winner

    @property
    def next_envelope(self) -> str | None:
        """The envelope to open next, or None once the campaign is over."""
        if self.awaiting_replay:
            return self.plays[-1].envelope
        if len(self.plays) >= self.box.scenarios_played:
            return None
        if not self.plays:
            return self.box.envelopes[0]
        last = self.plays[-1]
        if last.next_envelope is not None:
            return last.next_envelope
        played = set(self.played_envelopes)
        start = self.box.envelopes.index(last.envelope) + 1
        ordered = self.box.envelopes[start:] + self.box.envelopes[:start]
        return next((e for e in ordered if e not in played), None)

    def held(self, index: int) -> tuple[CampaignCard, ...]:
        """Orange cards the players carry into scenario `index` (0-based; `len(plays)` for
        the cards held now). Grey cards never carry over."""
        if not 0 <= index <= len(self.plays):
            raise Rejected(
                "Campaign {campaign} has no scenario {number}",
                campaign=self.name,
                number=index + 1,
            )
        cards: list[CampaignCard] = []
        for play in self.plays[:index]:
            cards.extend(c for c in play.gained if c.colour is CardColour.ORANGE)
            lost = {(c.key, c.player) for c in play.lost}
            cards = [c for c in cards if (c.key, c.player) not in lost]
        return tuple(cards)

    def in_play(self, index: int) -> tuple[CampaignCard, ...]:
        """Every campaign card a player had in scenario `index`: orange ones carried in,
        plus the cards (of either colour) that scenario gave."""
        return self.held(index) + self.plays[index].gained

    def wins(self) -> dict[str, int]:
        """Scenarios won per player (a shared victory counts for each)."""
        counts = dict.fromkeys(self.players, 0)
        for play in self.plays:
            for winner in play.winners:
                counts[winner] += 1
        return counts

    # changing

    def record(
        self,
        envelope: str,
        scores: Mapping[str, int],
        *,
        winners: Iterable[str] = (),
        victory: Victory | str = Victory.NORMAL,
        resolution: str = "",
        next_envelope: str | None = None,
        gained: Iterable[CampaignCard] = (),
        lost: Iterable[CampaignCard] = (),
        final: str | None = None,
        date: str | None = None,
    ) -> Campaign:
        """This campaign with one more scenario played; `Rejected` if the rules forbid it.

        `final` is only for the final scenario when it ends without a single winner: REPLAY,
        or the player the table names the campaign's winner.
        """
        number = len(self.plays) + (0 if self.awaiting_replay else 1)
        if self.finished:
            raise Rejected(
                Plural("Campaign {campaign} is over: {count} scenario was played and {winner} "
                       "won it",
                       "Campaign {campaign} is over: {count} scenarios were played and {winner} "
                       "won it"),
                campaign=self.name,
                count=len(self.plays),
                winner=self.final_winner,
            )
        envelope = self.box.envelope(envelope)
        expected = self.next_envelope
        if self.awaiting_replay:
            if envelope != expected:
                raise Rejected(
                    "The final scenario {envelope} ended in a perfect tie and is being replayed:"
                    " record {envelope} again, not {other}",
                    envelope=expected,
                    other=envelope,
                )
        elif envelope in self.played_envelopes:
            raise Rejected(
                "Envelope {envelope} was already played (scenario {number}); each envelope is"
                " played once",
                envelope=envelope,
                number=self.played_envelopes.index(envelope) + 1,
            )
        elif envelope != expected:
            raise Rejected(
                "The next envelope is {expected}, not {envelope}: envelopes are played in order"
                " unless a resolution chose the next one (record that choice with the previous"
                " scenario)",
                expected=expected,
                envelope=envelope,
            )
        try:
            victory = Victory(victory)
        except ValueError:
            raise Rejected(
                "Victory is 'normal' or 'scenario' (the scenario's own condition), not '{value}'",
                value=victory,
            ) from None
        if len(resolution) > MAX_TEXT:
            raise Rejected(
                "The resolution is longer than {limit} characters; keep what matters",
                limit=MAX_TEXT,
            )
        table = self._scores(scores)
        chosen = self._winners(table, winners, victory, envelope)
        is_final = number == self.box.scenarios_played
        next_id = self._next(next_envelope, envelope, is_final)
        choice = self._final(final, chosen, is_final, envelope)
        base = self if not self.awaiting_replay else self._without_last()
        carried = base.held(len(base.plays))
        gained_cards = self._gained(gained, carried, envelope)
        lost_cards = self._lost(lost, carried + gained_cards, envelope)
        play = ScenarioPlay(
            envelope=envelope,
            scores=tuple((p, table[p]) for p in self.players),
            winners=chosen,
            victory=victory,
            resolution=resolution.strip(),
            next_envelope=next_id,
            gained=gained_cards,
            lost=lost_cards,
            date=date,
        )
        replayed = self.replayed + ((self.plays[-1],) if self.awaiting_replay else ())
        return replace(base, plays=(*base.plays, play), final_choice=choice, replayed=replayed)

    def undo(self) -> Campaign:
        """This campaign as it was before its last record (to correct a mistake)."""
        if not self.plays:
            raise Rejected("Campaign {campaign} has no scenario to remove", campaign=self.name)
        if self.replayed and len(self.plays) == self.box.scenarios_played:
            return replace(
                self,
                plays=(*self.plays[:-1], self.replayed[-1]),
                replayed=self.replayed[:-1],
                final_choice=REPLAY,
            )
        return self._without_last()

    def _without_last(self) -> Campaign:
        return replace(self, plays=self.plays[:-1], final_choice=None)

    # checks for record()

    def _scores(self, scores: Mapping[str, int]) -> dict[str, int]:
        table: dict[str, int] = {}
        for name, total in scores.items():
            player = self.player(name)
            if player in table:
                raise Rejected("{player} has two scores; give one per player", player=player)
            if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total < 1000:
                raise Rejected(
                    "{player}'s score must be a whole number from 0 to 999, not {value}",
                    player=player,
                    value=total,
                )
            table[player] = total
        missing = [p for p in self.players if p not in table]
        if missing:
            raise Rejected(
                "Every player's score is needed; missing: {players}", players=", ".join(missing)
            )
        return table

    def _winners(
        self, table: Mapping[str, int], winners: Iterable[str], victory: Victory, envelope: str
    ) -> tuple[str, ...]:
        chosen: list[str] = []
        for name in winners:
            player = self.player(name)
            if player in chosen:
                raise Rejected("{player} is named winner twice", player=player)
            chosen.append(player)
        if victory is Victory.SCENARIO:
            return tuple(p for p in self.players if p in chosen)
        top = max(table.values())
        leaders = [p for p in self.players if table[p] == top]
        if not chosen:
            if len(leaders) > 1:
                raise Rejected(
                    "{players} tie on {score} in {envelope}: name the winner after the tie-breaks"
                    " (most built cards, then most character tokens), or name them all for a"
                    " shared victory",
                    players=" and ".join(leaders),
                    score=top,
                    envelope=envelope,
                )
            return (leaders[0],)
        for player in chosen:
            if table[player] != top:
                raise Rejected(
                    "{player} scored {score}, less than {leader}'s {top}: under normal victory the"
                    " highest score wins. If the scenario has its own victory condition, record"
                    " the victory as 'scenario'",
                    player=player,
                    score=table[player],
                    leader=leaders[0],
                    top=top,
                )
        return tuple(p for p in self.players if p in chosen)

    def _next(self, next_envelope: str | None, envelope: str, is_final: bool) -> str | None:
        if next_envelope is None or not next_envelope.strip():
            return None
        if is_final:
            raise Rejected(
                "{envelope} is the campaign's final scenario: there is no next envelope to choose",
                envelope=envelope,
            )
        chosen = self.box.envelope(next_envelope)
        if chosen == envelope or chosen in self.played_envelopes:
            raise Rejected(
                "The resolution cannot send the campaign to {chosen}: that envelope is already"
                " played",
                chosen=chosen,
            )
        return chosen

    def _final(
        self, final: str | None, winners: tuple[str, ...], is_final: bool, envelope: str
    ) -> str | None:
        if final is not None and not final.strip():
            final = None
        if not is_final:
            if final is not None:
                raise Rejected(
                    "{envelope} is not the final scenario: the campaign's winner is decided by"
                    " the final one",
                    envelope=envelope,
                )
            return None
        choice: str | None = None
        if final is not None:
            choice = REPLAY if _key(final) == REPLAY else self.player(final)
        if len(winners) == 1:
            if choice is not None and choice != winners[0]:
                raise Rejected(
                    "{winner} won the final scenario and so wins the campaign; the table only"
                    " chooses after a perfect tie",
                    winner=winners[0],
                )
            return None
        if choice is None:
            raise Rejected(
                "The final scenario {envelope} has no single winner: replay it (final 'replay')"
                " or name the player the table judges most deserving",
                envelope=envelope,
            )
        return choice

    def _gained(
        self, gained: Iterable[CampaignCard], carried: tuple[CampaignCard, ...], envelope: str
    ) -> tuple[CampaignCard, ...]:
        cards: list[CampaignCard] = []
        holders = {c.key: c.player for c in carried}
        for card in gained:
            card_id = self.box.check_card_id(card.id)
            player = self.player(card.player)
            colour = colour_of(card.colour, card_id)
            name = " ".join(card.name.split())
            if len(name) > MAX_CARD:
                raise Rejected(
                    "Campaign card {card}: its name is longer than {limit} characters",
                    card=card_id,
                    limit=MAX_CARD,
                )
            clean = CampaignCard(card_id, player, colour, name)
            if clean.key in holders:
                raise Rejected(
                    "Campaign card {card} is already held by {holder}; it cannot be gained again"
                    " in {envelope}",
                    card=card_id,
                    holder=holders[clean.key],
                    envelope=envelope,
                )
            holders[clean.key] = player
            cards.append(clean)
        return tuple(cards)

    def _lost(
        self, lost: Iterable[CampaignCard], held: tuple[CampaignCard, ...], envelope: str
    ) -> tuple[CampaignCard, ...]:
        by_key = {c.key: c for c in held}
        cards: list[CampaignCard] = []
        for card in lost:
            player = self.player(card.player)
            found = by_key.pop(_key(card.id), None)
            if found is None or found.player != player:
                raise Rejected(
                    "{player} does not hold campaign card {card}, so cannot lose it in {envelope}",
                    player=player,
                    card=card.id,
                    envelope=envelope,
                )
            if found.colour is CardColour.GREY:
                raise Rejected(
                    "Campaign card {card} is grey: it leaves by itself at the end of the scenario",
                    card=found.id,
                )
            cards.append(found)
        return tuple(cards)

    # JSON

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; `held` and `final_winner` are derived and checked on reading."""
        return {
            "format": FORMAT,
            "id": self.id,
            "name": self.name,
            "box": self.box.id,
            "players": list(self.players),
            "created": self.created,
            "scenarios": [self._play_json(p, i) for i, p in enumerate(self.plays)],
            "final": self.final_choice,
            "replayed": [self._play_json(p, None) for p in self.replayed],
            "final_winner": self.final_winner,
        }

    def _play_json(self, play: ScenarioPlay, index: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "envelope": play.envelope,
            "date": play.date,
            "scores": dict(play.scores),
            "winners": list(play.winners),
            "victory": play.victory.value,
            "resolution": play.resolution,
            "next": play.next_envelope,
            "gained": [_card_json(c) for c in play.gained],
            "lost": [_card_json(c) for c in play.lost],
        }
        if index is not None:
            data["held"] = [_card_json(c) for c in self.held(index)]
        return data

    @classmethod
    def from_json(cls, data: object, boxes: Mapping[str, CampaignBox] | CampaignBox) -> Campaign:
        """Rebuild a campaign by replaying its records through every check of `record()`."""
        record = _convert(data, _CampaignRecord, "campaign")
        if record.format > FORMAT:
            raise Rejected(
                "Campaign {campaign} was saved by a newer version of the app (format {format});"
                " update the app to open it",
                campaign=record.name,
                format=record.format,
            )
        if isinstance(boxes, CampaignBox):
            box = boxes
            if box.id != record.box:
                raise Rejected(
                    "Campaign {campaign} belongs to box {box}, not {other}",
                    campaign=record.name,
                    box=record.box,
                    other=box.id,
                )
        elif record.box in boxes:
            box = boxes[record.box]
        else:
            raise Rejected(
                "Campaign {campaign} uses box '{box}', which is not installed; known boxes:"
                " {known}",
                campaign=record.name,
                box=record.box,
                known=", ".join(boxes) or "none",
            )
        campaign = cls.new(record.id, record.name, box, record.players, record.created)
        plays = list(record.scenarios)
        last_index = len(plays) - 1
        for index, play in enumerate(plays):
            final_play = index == last_index and len(plays) == box.scenarios_played
            if final_play:
                for tie in record.replayed:
                    campaign = campaign._replay(tie, REPLAY)
            campaign = campaign._replay(play, record.final if final_play else None)
            if play.held is not None:
                campaign._check_held(index, play.held)
        if record.replayed and len(plays) != box.scenarios_played:
            raise Rejected(
                "Campaign {campaign} lists replayed final scenarios before its final scenario",
                campaign=record.name,
            )
        if record.final is not None and len(plays) != box.scenarios_played:
            raise Rejected(
                "Campaign {campaign} names a final outcome before its final scenario",
                campaign=record.name,
            )
        if record.final_winner is not None and record.final_winner != campaign.final_winner:
            raise Rejected(
                "Campaign {campaign} says {stored} won, but its scenarios give {winner}",
                campaign=record.name,
                stored=record.final_winner,
                winner=campaign.final_winner or "no winner yet",
            )
        return campaign

    def _replay(self, play: _PlayRecord, final: str | None) -> Campaign:
        return self.record(
            play.envelope,
            play.scores,
            winners=play.winners,
            victory=play.victory,
            resolution=play.resolution,
            next_envelope=play.next,
            gained=[
                CampaignCard(c.id, c.player, colour_of(c.colour, c.id), c.name)
                for c in play.gained
            ],
            lost=[CampaignCard(c.id, c.player, CardColour.ORANGE, c.name) for c in play.lost],
            final=final,
            date=play.date,
        )

    def _check_held(self, index: int, listed: list[_CardRecord]) -> None:
        envelope = self.plays[index].envelope
        expected = {(c.key, c.player): c for c in self.held(index)}
        earlier = {
            (c.key, c.player): c for play in self.plays[:index] for c in play.gained
        }
        seen: set[tuple[str, str]] = set()
        for entry in listed:
            player = self.player(entry.player)
            key = (_key(entry.id), player)
            seen.add(key)
            if key in expected:
                continue
            source = earlier.get(key)
            if source is not None and source.colour is CardColour.GREY:
                raise Rejected(
                    "Scenario {number} ({envelope}) lists grey card {card} of {player}: grey cards"
                    " are dropped at the end of the scenario that gave them",
                    number=index + 1,
                    envelope=envelope,
                    card=entry.id,
                    player=player,
                )
            raise Rejected(
                "Scenario {number} ({envelope}) lists campaign card {card} for {player}, but no"
                " earlier scenario left it with that player",
                number=index + 1,
                envelope=envelope,
                card=entry.id,
                player=player,
            )
        for key, card in expected.items():
            if key not in seen:
                raise Rejected(
                    "Scenario {number} ({envelope}) does not list orange card {card} of {player}:"
                    " orange cards stay with their player until the end of the campaign",
                    number=index + 1,
                    envelope=envelope,
                    card=card.id,
                    player=card.player,
                )


def colour_of(text: str, card: str = "") -> CardColour:
    """A card border colour from what a player typed ("gray" is accepted)."""
    value = _key(text)
    if value == "gray":
        value = "grey"
    try:
        return CardColour(value)
    except ValueError:
        raise Rejected(
            "Campaign card {card}: its border is 'orange' (kept) or 'grey' (this scenario"
            " only), not '{colour}'",
            card=card,
            colour=text,
        ) from None


def _card_json(card: CampaignCard) -> dict[str, str]:
    return {"id": card.id, "name": card.name, "colour": card.colour.value, "player": card.player}


# --- JSON shapes ----------------------------------------------------------------------


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


class _CardRecord(msgspec.Struct):
    id: str
    player: str
    colour: str = "orange"
    name: str = ""


class _PlayRecord(msgspec.Struct):
    envelope: str
    scores: dict[str, int]
    winners: list[str] = []
    victory: str = "normal"
    resolution: str = ""
    next: str | None = None
    gained: list[_CardRecord] = []
    lost: list[_CardRecord] = []
    held: list[_CardRecord] | None = None
    date: str | None = None


class _CampaignRecord(msgspec.Struct):
    id: str
    name: str
    box: str
    players: list[str]
    scenarios: list[_PlayRecord] = []
    final: str | None = None
    replayed: list[_PlayRecord] = []
    final_winner: str | None = None
    created: str | None = None
    format: int = FORMAT


_T = TypeVar("_T")


def _convert(data: object, kind: type[_T], what: str) -> _T:
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        raise Rejected(
            "This {what} data is not valid: {problem}", what=what, problem=str(exc)
        ) from None
