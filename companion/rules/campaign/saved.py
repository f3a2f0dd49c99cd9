"""A campaign as plain JSON, and the checks that only a file needs.

A campaign is stored as plain JSON and read back by replaying its records through the
same checks as `Campaign.record()`; what a file states besides (its format, its box,
the cards held before each scenario, its end) is checked here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from companion.rules.campaign.box import CampaignBox, converted, name_key
from companion.rules.campaign.play import CampaignCard, CampaignSoFar, CardColour, ScenarioPlay
from companion.rules.errors import Refusal, Rejected

FORMAT = 1
"""Version of the JSON written by `Campaign.to_json`."""


def play_json(campaign: CampaignSoFar, play: ScenarioPlay, index: int | None) -> dict[str, Any]:
    """One scenario as JSON; with its `index`, the orange cards held going into it."""
    data: dict[str, Any] = {
        "envelope": play.envelope,
        "date": play.date,
        "scores": dict(play.scores),
        "winners": list(play.winners),
        "victory": play.victory.value,
        "resolution": play.resolution,
        "next": play.next_envelope,
        "gained": [card_json(c) for c in play.gained],
        "lost": [card_json(c) for c in play.lost],
    }
    if index is not None:
        data["held"] = [card_json(c) for c in campaign.held(index)]
    return data


def card_json(card: CampaignCard) -> dict[str, str]:
    """One campaign card as JSON."""
    return {"id": card.id, "name": card.name, "colour": card.colour.value, "player": card.player}


def read_campaign(
    data: object, boxes: Mapping[str, CampaignBox] | CampaignBox
) -> tuple[CampaignRecord, CampaignBox]:
    """The campaign record in `data` and its box; `Rejected` names what is wrong."""
    record = converted(data, CampaignRecord, "campaign")
    if record.format > FORMAT:
        raise Rejected(
            Refusal.UNKNOWN_FORMAT,
            "Campaign {campaign} was saved by a newer version of the app (format {format});"
            " update the app to open it",
            campaign=record.name,
            format=record.format,
        )
    if isinstance(boxes, CampaignBox):
        box = boxes
        if box.id != record.box:
            raise Rejected(
                Refusal.UNKNOWN_BOX,
                "Campaign {campaign} belongs to box {box}, not {other}",
                campaign=record.name,
                box=record.box,
                other=box.id,
            )
    elif record.box in boxes:
        box = boxes[record.box]
    else:
        raise Rejected(
            Refusal.UNKNOWN_BOX,
            "Campaign {campaign} uses box '{box}', which is not installed; known boxes:"
            " {known}",
            campaign=record.name,
            box=record.box,
            known=", ".join(boxes) or "none",
        )
    return record, box


def check_held(campaign: CampaignSoFar, index: int, listed: list[CardRecord]) -> None:
    """The cards a file lists as held going into scenario `index` are exactly the orange
    cards the earlier scenarios left with each player."""
    envelope = campaign.plays[index].envelope
    expected = {(c.key, c.player): c for c in campaign.held(index)}
    earlier = {
        (c.key, c.player): c for play in campaign.plays[:index] for c in play.gained
    }
    seen: set[tuple[str, str]] = set()
    for entry in listed:
        player = campaign.player(entry.player)
        key = (name_key(entry.id), player)
        seen.add(key)
        if key in expected:
            continue
        source = earlier.get(key)
        if source is not None and source.colour is CardColour.GREY:
            raise Rejected(
                Refusal.CAMPAIGN_CARD,
                "Scenario {number} ({envelope}) lists grey card {card} of {player}: grey cards"
                " are dropped at the end of the scenario that gave them",
                number=index + 1,
                envelope=envelope,
                card=entry.id,
                player=player,
            )
        raise Rejected(
            Refusal.CAMPAIGN_CARD,
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
                Refusal.CAMPAIGN_CARD,
                "Scenario {number} ({envelope}) does not list orange card {card} of {player}:"
                " orange cards stay with their player until the end of the campaign",
                number=index + 1,
                envelope=envelope,
                card=card.id,
                player=card.player,
            )


def check_ending(record: CampaignRecord, box: CampaignBox, final_winner: str | None) -> None:
    """What a file says of the campaign's end agrees with its scenarios: replayed finals
    and a final outcome come only with the final scenario, and its winner is the one
    the scenarios give (`final_winner`)."""
    if record.replayed and len(record.scenarios) != box.scenarios_played:
        raise Rejected(
            Refusal.MALFORMED,
            "Campaign {campaign} lists replayed final scenarios before its final scenario",
            campaign=record.name,
        )
    if record.final is not None and len(record.scenarios) != box.scenarios_played:
        raise Rejected(
            Refusal.MALFORMED,
            "Campaign {campaign} names a final outcome before its final scenario",
            campaign=record.name,
        )
    if record.final_winner is not None and record.final_winner != final_winner:
        raise Rejected(
            Refusal.WINNER,
            "Campaign {campaign} says {stored} won, but its scenarios give {winner}",
            campaign=record.name,
            stored=record.final_winner,
            winner=final_winner or "no winner yet",
        )


# --- JSON shapes ----------------------------------------------------------------------


class CardRecord(msgspec.Struct):
    id: str
    player: str
    colour: str = "orange"
    name: str = ""


class PlayRecord(msgspec.Struct):
    envelope: str
    scores: dict[str, int]
    winners: list[str] = []
    victory: str = "normal"
    resolution: str = ""
    next: str | None = None
    gained: list[CardRecord] = []
    lost: list[CardRecord] = []
    held: list[CardRecord] | None = None
    date: str | None = None


class CampaignRecord(msgspec.Struct):
    id: str
    name: str
    box: str
    players: list[str]
    scenarios: list[PlayRecord] = []
    final: str | None = None
    replayed: list[PlayRecord] = []
    final_winner: str | None = None
    created: str | None = None
    format: int = FORMAT
