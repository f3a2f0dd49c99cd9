"""The campaign box and the campaign the campaign rule tests play: small, so that every
number in them is easy to follow, and built here, so that the rules are tested without
the shipped files."""

from __future__ import annotations

from typing import Any

from companion.rules.campaign import Campaign, CampaignBox, CampaignCard, CardColour

PATTERN = r"^\S.* \(\d+-\d+\)$"
"""War or Peace's card ids: a name, a space, and the printed number in brackets."""


def tiny(**changes: Any) -> CampaignBox:
    """Envelopes A, B and C, of which two are played, by two or three players; `changes`
    replace any of its fields."""
    fields: dict[str, Any] = {
        "id": "tiny",
        "names": {"en": "Tiny Trilogy", "fr": "Petite trilogie"},
        "envelopes": ("A", "B", "C"),
        "scenarios_played": 2,
        "min_players": 2,
        "max_players": 3,
    }
    return CampaignBox(**{**fields, **changes})


PAX = "PAX-10 (1-01)"
SCORES = {"Ann": 50, "Bob": 61, "Cid": 47}
"""Bob wins alone."""
TIED = {"Ann": 50, "Bob": 61, "Cid": 61}
"""Bob and Cid tie for the win."""


def orange(card: str, player: str, name: str = "") -> CampaignCard:
    return CampaignCard(card, player, CardColour.ORANGE, name)


def grey(card: str, player: str) -> CampaignCard:
    return CampaignCard(card, player, CardColour.GREY)


def started(**changes: Any) -> Campaign:
    """"Quick", for Ann, Bob and Cid, nothing played yet: envelope A is next, then B, the
    final one; card ids are written as War or Peace prints them. `changes` change the box."""
    box = tiny(card_id_pattern=PATTERN, card_id_example=PAX, **changes)
    return Campaign.new("t", "Quick", box, ["Ann", "Bob", "Cid"])


def after_a() -> Campaign:
    """A played and won by Bob; Ann gained PAX-10 and holds it in B, the final scenario."""
    return started().record("A", SCORES, gained=[orange(PAX, "Ann")])
