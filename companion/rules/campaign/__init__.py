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

The parts have modules of their own: the box (`campaign_box`), one scenario as played
and the checks it passes (`scenario_play`), and the JSON (`campaign_json`). Every name
the app imports stays importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.rules.campaign.box import MAX_CARD, CampaignBox, name_key, spelled
from companion.rules.campaign.play import (
    REPLAY,
    CampaignCard,
    CardColour,
    ScenarioPlay,
    Victory,
    checked_final,
    checked_gains,
    checked_losses,
    checked_next,
    checked_scores,
    checked_winners,
    colour_of,
)
from companion.rules.campaign.saved import (
    FORMAT,
    PlayRecord,
    check_ending,
    check_held,
    play_json,
    read_campaign,
)
from companion.rules.errors import Refusal, Rejected
from companion.rules.plural import Plural

__all__ = [
    "FORMAT",
    "MAX_CARD",
    "MAX_NAME",
    "MAX_TEXT",
    "REPLAY",
    "Campaign",
    "CampaignBox",
    "CampaignCard",
    "CardColour",
    "ScenarioPlay",
    "Victory",
    "campaign_slug",
    "colour_of",
]

MAX_NAME = 40
MAX_TEXT = 500
"""Longest resolution text; card ids and names are limited to MAX_CARD."""


def campaign_slug(name: str) -> str:
    """A readable id made from a campaign's name: "Friday nights!" → "friday-nights".

    The app's screens and `companion campaign new` make the same id from the same name.
    """
    words = ("".join(c for c in name_key(word) if c.isalnum())
             for word in re.split(r"[\s\-_/.]+", name))
    return "-".join(w for w in words if w)[:40].strip("-") or "campaign"


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
            raise Rejected(Refusal.MALFORMED, "A campaign needs an id")
        if not name.strip():
            raise Rejected(Refusal.BAD_NAME, "A campaign needs a name")
        if len(name.strip()) > 80:
            raise Rejected(Refusal.BAD_NAME, "A campaign name has at most 80 characters")
        cleaned = tuple(" ".join(p.split()) for p in players)
        for player in cleaned:
            if not player:
                raise Rejected(Refusal.BAD_NAME, "A player's name cannot be empty")
            if len(player) > MAX_NAME:
                raise Rejected(
                    Refusal.BAD_NAME,
                    "Player name '{player}' is too long (at most {limit} characters)",
                    player=player,
                    limit=MAX_NAME,
                )
            if name_key(player) == REPLAY:
                raise Rejected(Refusal.BAD_NAME,
                               "'{player}' is reserved; choose another player name", player=player)
        keys = [name_key(p) for p in cleaned]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise Rejected(
                    Refusal.NAME_TAKEN,
                    "Player '{player}' is listed twice; give each player a different name",
                    player=cleaned[index],
                )
        if not box.min_players <= len(cleaned) <= box.max_players:
            raise Rejected(
                Refusal.PLAYER_COUNT,
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
        found = spelled(name, self.players)
        if found is not None:
            return found
        raise Rejected(
            Refusal.UNKNOWN_PLAYER,
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
                Refusal.BAD_NUMBER,
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
                Refusal.GAME_OVER,
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
                    Refusal.ENVELOPE_ORDER,
                    "The final scenario {envelope} ended in a perfect tie and is being replayed:"
                    " record {envelope} again, not {other}",
                    envelope=expected,
                    other=envelope,
                )
        elif envelope in self.played_envelopes:
            raise Rejected(
                Refusal.ENVELOPE_ORDER,
                "Envelope {envelope} was already played (scenario {number}); each envelope is"
                " played once",
                envelope=envelope,
                number=self.played_envelopes.index(envelope) + 1,
            )
        elif envelope != expected:
            raise Rejected(
                Refusal.ENVELOPE_ORDER,
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
                Refusal.NOT_AN_OPTION,
                "Victory is 'normal' or 'scenario' (the scenario's own condition), not '{value}'",
                value=victory,
            ) from None
        if len(resolution) > MAX_TEXT:
            raise Rejected(
                Refusal.TOO_LONG,
                "The resolution is longer than {limit} characters; keep what matters",
                limit=MAX_TEXT,
            )
        table = checked_scores(self, scores)
        chosen = checked_winners(self, table, winners, victory, envelope)
        is_final = number == self.box.scenarios_played
        next_id = checked_next(self, next_envelope, envelope, is_final)
        choice = checked_final(self, final, chosen, is_final, envelope)
        base = self if not self.awaiting_replay else self._without_last()
        carried = base.held(len(base.plays))
        gained_cards = checked_gains(self, gained, carried, envelope)
        lost_cards = checked_losses(self, lost, carried + gained_cards, envelope)
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
            raise Rejected(Refusal.NOTHING_TO_DO,
                           "Campaign {campaign} has no scenario to remove", campaign=self.name)
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
            "scenarios": [play_json(self, p, i) for i, p in enumerate(self.plays)],
            "final": self.final_choice,
            "replayed": [play_json(self, p, None) for p in self.replayed],
            "final_winner": self.final_winner,
        }

    @classmethod
    def from_json(cls, data: object, boxes: Mapping[str, CampaignBox] | CampaignBox) -> Campaign:
        """Rebuild a campaign by replaying its records through every check of `record()`."""
        record, box = read_campaign(data, boxes)
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
                check_held(campaign, index, play.held)
        check_ending(record, box, campaign.final_winner)
        return campaign

    def _replay(self, play: PlayRecord, final: str | None) -> Campaign:
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
