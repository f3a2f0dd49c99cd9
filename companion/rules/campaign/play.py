"""One scenario of a campaign as the table played it, and the checks it passes first.

The players record the envelope played, every player's score, the winners (under the
scenario's own victory condition, any player or nobody), the resolution and the
envelope it sends the campaign to, and the campaign cards gained and lost. An orange
card stays with its player until the end of the campaign, unless a resolution takes it;
a grey one leaves after the scenario that gave it.

The checks read the campaign the scenario joins through `CampaignSoFar`, which a
`Campaign` is, so they live here, below it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from companion.rules.campaign.box import MAX_CARD, CampaignBox, name_key
from companion.rules.errors import Refusal, Rejected

REPLAY = "replay"
"""Final outcome of a perfect tie in the final scenario that the table chose to replay."""


class CardColour(StrEnum):
    ORANGE = "orange"
    """Kept by its player until the end of the campaign."""
    GREY = "grey"
    """Used in the scenario that gave it, then discarded."""


def colour_of(text: str, card: str) -> CardColour:
    """A card border colour from what a player typed ("gray" is accepted); a refusal
    names the `card` it was typed for."""
    value = name_key(text)
    if value == "gray":
        value = "grey"
    try:
        return CardColour(value)
    except ValueError:
        raise Rejected(
            Refusal.NOT_AN_OPTION,
            "Campaign card {card}: its border is 'orange' (kept) or 'grey' (this scenario"
            " only), not '{colour}'",
            card=card,
            colour=text,
        ) from None


class Victory(StrEnum):
    NORMAL = "normal"
    """Most victory points win (ties broken by built cards, then character tokens)."""
    SCENARIO = "scenario"
    """The scenario states its own victory condition: any player, or nobody, may win."""


@dataclass(frozen=True, slots=True)
class CampaignCard:
    """A campaign card a player gained, named as printed: name and number."""

    id: str
    player: str
    colour: CardColour
    name: str = ""

    @property
    def key(self) -> str:
        return name_key(self.id)


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


class CampaignSoFar(Protocol):
    """What the checks of a new scenario (and the campaign's JSON) read of the campaign it
    joins: a `Campaign` is one."""

    @property
    def box(self) -> CampaignBox: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def plays(self) -> tuple[ScenarioPlay, ...]: ...

    @property
    def played_envelopes(self) -> tuple[str, ...]: ...

    def player(self, name: str) -> str: ...

    def held(self, index: int) -> tuple[CampaignCard, ...]: ...


# --- checks for Campaign.record() -------------------------------------------------------


def checked_scores(campaign: CampaignSoFar, scores: Mapping[str, int]) -> dict[str, int]:
    """Each player's score once, a whole number from 0 to 999, by the player's name."""
    table: dict[str, int] = {}
    for name, total in scores.items():
        player = campaign.player(name)
        if player in table:
            raise Rejected(Refusal.SCORES,
                           "{player} has two scores; give one per player", player=player)
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total < 1000:
            raise Rejected(
                Refusal.BAD_NUMBER,
                "{player}'s score must be a whole number from 0 to 999, not {value}",
                player=player,
                value=total,
            )
        table[player] = total
    missing = [p for p in campaign.players if p not in table]
    if missing:
        raise Rejected(
            Refusal.SCORES,
            "Every player's score is needed; missing: {players}", players=", ".join(missing)
        )
    return table


def checked_winners(
    campaign: CampaignSoFar,
    table: Mapping[str, int],
    winners: Iterable[str],
    victory: Victory,
    envelope: str,
) -> tuple[str, ...]:
    """The winners in player order: under normal victory the highest score, a tie named."""
    chosen: list[str] = []
    for name in winners:
        player = campaign.player(name)
        if player in chosen:
            raise Rejected(Refusal.WINNER, "{player} is named winner twice", player=player)
        chosen.append(player)
    if victory is Victory.SCENARIO:
        return tuple(p for p in campaign.players if p in chosen)
    top = max(table.values())
    leaders = [p for p in campaign.players if table[p] == top]
    if not chosen:
        if len(leaders) > 1:
            raise Rejected(
                Refusal.WINNER,
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
                Refusal.WINNER,
                "{player} scored {score}, less than {leader}'s {top}: under normal victory the"
                " highest score wins. If the scenario has its own victory condition, record"
                " the victory as 'scenario'",
                player=player,
                score=table[player],
                leader=leaders[0],
                top=top,
            )
    return tuple(p for p in campaign.players if p in chosen)


def checked_next(
    campaign: CampaignSoFar, next_envelope: str | None, envelope: str, is_final: bool
) -> str | None:
    """The envelope a resolution sends the campaign to: one not played yet, or None."""
    if next_envelope is None or not next_envelope.strip():
        return None
    if is_final:
        raise Rejected(
            Refusal.ENVELOPE_ORDER,
            "{envelope} is the campaign's final scenario: there is no next envelope to choose",
            envelope=envelope,
        )
    chosen = campaign.box.envelope(next_envelope)
    if chosen == envelope or chosen in campaign.played_envelopes:
        raise Rejected(
            Refusal.ENVELOPE_ORDER,
            "The resolution cannot send the campaign to {chosen}: that envelope is already"
            " played",
            chosen=chosen,
        )
    return chosen


def checked_final(
    campaign: CampaignSoFar,
    final: str | None,
    winners: tuple[str, ...],
    is_final: bool,
    envelope: str,
) -> str | None:
    """The table's choice after the final scenario ends without a single winner (REPLAY
    or a player); None when the scenario's winner wins the campaign."""
    if final is not None and not final.strip():
        final = None
    if not is_final:
        if final is not None:
            raise Rejected(
                Refusal.WINNER,
                "{envelope} is not the final scenario: the campaign's winner is decided by"
                " the final one",
                envelope=envelope,
            )
        return None
    choice: str | None = None
    if final is not None:
        choice = REPLAY if name_key(final) == REPLAY else campaign.player(final)
    if len(winners) == 1:
        if choice is not None and choice != winners[0]:
            raise Rejected(
                Refusal.WINNER,
                "{winner} won the final scenario and so wins the campaign; the table only"
                " chooses after a perfect tie",
                winner=winners[0],
            )
        return None
    if choice is None:
        raise Rejected(
            Refusal.WINNER,
            "The final scenario {envelope} has no single winner: replay it (final 'replay')"
            " or name the player the table judges most deserving",
            envelope=envelope,
        )
    return choice


def checked_gains(
    campaign: CampaignSoFar,
    gained: Iterable[CampaignCard],
    carried: tuple[CampaignCard, ...],
    envelope: str,
) -> tuple[CampaignCard, ...]:
    """The cards a scenario gave, ids as printed, each to a player of the campaign; a
    card already held cannot be gained again."""
    cards: list[CampaignCard] = []
    holders = {c.key: c.player for c in carried}
    for card in gained:
        card_id = campaign.box.check_card_id(card.id)
        player = campaign.player(card.player)
        colour = colour_of(card.colour, card_id)
        name = " ".join(card.name.split())
        if len(name) > MAX_CARD:
            raise Rejected(
                Refusal.BAD_NAME,
                "Campaign card {card}: its name is longer than {limit} characters",
                card=card_id,
                limit=MAX_CARD,
            )
        clean = CampaignCard(card_id, player, colour, name)
        if clean.key in holders:
            raise Rejected(
                Refusal.CAMPAIGN_CARD,
                "Campaign card {card} is already held by {holder}; it cannot be gained again"
                " in {envelope}",
                card=card_id,
                holder=holders[clean.key],
                envelope=envelope,
            )
        holders[clean.key] = player
        cards.append(clean)
    return tuple(cards)


def checked_losses(
    campaign: CampaignSoFar,
    lost: Iterable[CampaignCard],
    held: tuple[CampaignCard, ...],
    envelope: str,
) -> tuple[CampaignCard, ...]:
    """The orange cards a resolution took, each from the player who holds it."""
    by_key = {c.key: c for c in held}
    cards: list[CampaignCard] = []
    for card in lost:
        player = campaign.player(card.player)
        found = by_key.pop(name_key(card.id), None)
        if found is None or found.player != player:
            raise Rejected(
                Refusal.CAMPAIGN_CARD,
                "{player} does not hold campaign card {card}, so cannot lose it in {envelope}",
                player=player,
                card=card.id,
                envelope=envelope,
            )
        if found.colour is CardColour.GREY:
            raise Rejected(
                Refusal.CAMPAIGN_CARD,
                "Campaign card {card} is grey: it leaves by itself at the end of the scenario",
                card=found.id,
            )
        cards.append(found)
    return tuple(cards)
