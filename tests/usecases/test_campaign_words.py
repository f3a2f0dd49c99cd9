"""A campaign in words (`companion.usecases.campaign_text`), the same on the command line
and on the screens: what comes next, who won a scenario, a card's colour."""

from __future__ import annotations

import pytest

from companion.i18n import set_language
from companion.rules.campaign import REPLAY, Campaign, ScenarioPlay
from companion.rules.campaign.play import CardColour
from companion.shipped.scenarios import campaign_boxes
from companion.usecases.campaign_text import colour_word, status, winners_text

PLAYERS = ("Ann", "Bob", "Eve")


def played(count: int) -> Campaign:
    """War or Peace's campaign (five of its six envelopes are played) after `count`
    scenarios, each won by Ann."""
    box = campaign_boxes()["war-or-peace"]
    campaign = Campaign.new("c1", "Summer", box, PLAYERS)
    for envelope in box.envelopes[:count]:
        campaign = campaign.record(envelope, {"Ann": 10, "Bob": 5, "Eve": 1}, winners=["Ann"])
    return campaign


def final(scores: dict[str, int], winners: list[str], choice: str | None = None) -> Campaign:
    return played(4).record("C01-SC05", scores, winners=winners, final=choice)


@pytest.mark.parametrize(("campaign", "english", "french"), [
    (played(0), "Next envelope: C01-SC01 (scenario 1 of 5).",
     "Enveloppe suivante : C01-SC01 (scénario 1 sur 5)."),
    (played(1), "Next envelope: C01-SC02 (scenario 2 of 5).",
     "Enveloppe suivante : C01-SC02 (scénario 2 sur 5)."),
    (played(4), "Next envelope: C01-SC05 (scenario 5 of 5).",
     "Enveloppe suivante : C01-SC05 (scénario 5 sur 5)."),
    (final({"Ann": 10, "Bob": 10, "Eve": 1}, ["Ann", "Bob"], REPLAY),
     "Perfect tie in the final scenario: replay C01-SC05 and record it again.",
     "Égalité parfaite au scénario final : rejouez C01-SC05 et enregistrez-le à nouveau."),
    (final({"Ann": 10, "Bob": 12, "Eve": 1}, ["Bob"]),
     "Campaign over: Bob wins the campaign.", "Campagne terminée : Bob remporte la campagne."),
    (final({"Ann": 10, "Bob": 10, "Eve": 1}, ["Ann", "Bob"], "Eve"),
     "Campaign over: Eve wins the campaign.", "Campagne terminée : Eve remporte la campagne."),
])
def test_what_comes_next(campaign: Campaign, english: str, french: str) -> None:
    assert status(campaign) == english
    set_language("fr")
    assert status(campaign) == french


@pytest.mark.parametrize(("winners", "english", "french"), [
    ((), "nobody won", "personne n'a gagné"),
    (("Ann",), "Ann wins", "Ann gagne"),
    (("Ann", "Bob"), "shared victory: Ann, Bob", "victoire partagée : Ann, Bob"),
    (PLAYERS, "shared victory: Ann, Bob, Eve", "victoire partagée : Ann, Bob, Eve"),
])
def test_who_won_a_scenario(winners: tuple[str, ...], english: str, french: str) -> None:
    play = ScenarioPlay("C01-SC01", (("Ann", 3), ("Bob", 3), ("Eve", 3)), winners)
    assert winners_text(play) == english
    set_language("fr")
    assert winners_text(play) == french


def test_card_colours() -> None:
    assert [colour_word(colour) for colour in (CardColour.ORANGE, CardColour.GREY)] == [
        "orange", "grey"]
    set_language("fr")
    assert [colour_word(colour) for colour in (CardColour.ORANGE, CardColour.GREY)] == [
        "orange", "grise"]
