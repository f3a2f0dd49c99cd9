"""The campaign box the campaign rule tests play: small, so that every number in them is
easy to follow, and built here, so that the rules are tested without the shipped files."""

from __future__ import annotations

from typing import Any

from companion.rules.campaign import CampaignBox

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
