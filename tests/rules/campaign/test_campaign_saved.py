"""A campaign saved as JSON (companion.rules.campaign.saved): what a file holds, that it
reads back as the same campaign, and that a file whose cards held do not follow from its
scenarios is refused with a message naming the scenario, its envelope, card and player."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_samples import PAX, SCORES, grey, orange, started

from companion.rules.campaign import Campaign, Victory
from companion.rules.errors import Refusal, Rejected


def _resolved() -> Campaign:
    """A: Ann gains PAX-10 and a grey Spy; B, won by the scenario's own condition, takes
    PAX-10 from her."""
    campaign = started().record("A", SCORES, gained=[orange(PAX, "Ann", "Pax"),
                                                     grey("Spy (1-02)", "Ann")])
    return campaign.record("B", SCORES, winners=["Cid"], victory="scenario",
                           resolution="War declared", lost=[orange("pax-10 (1-01)", "ann")],
                           date="2025-03-01")


def test_a_scenario_is_saved_with_everything_the_table_recorded() -> None:
    data = _resolved().to_json()
    assert data["scenarios"][1] == {
        "envelope": "B",
        "date": "2025-03-01",
        "scores": SCORES,
        "winners": ["Cid"],
        "victory": "scenario",
        "resolution": "War declared",
        "next": None,
        "gained": [],
        "lost": [{"id": PAX, "name": "Pax", "colour": "orange", "player": "Ann"}],
        "held": [{"id": PAX, "name": "Pax", "colour": "orange", "player": "Ann"}],
    }


def test_a_saved_campaign_reads_back_as_itself() -> None:
    campaign = _resolved()
    again = Campaign.from_json(campaign.to_json(), campaign.box)
    assert again == campaign
    assert again.plays[1].victory is Victory.SCENARIO
    assert again.plays[1].lost == (orange(PAX, "Ann", "Pax"),)
    assert again.held(2) == ()


def test_a_saved_card_of_an_unknown_colour_is_named() -> None:
    data = started().record("A", SCORES).to_json()
    data["scenarios"][0]["gained"] = [{"id": "Spy (1-02)", "player": "Ann", "colour": "blue"}]
    with pytest.raises(Rejected) as refused:
        Campaign.from_json(data, started().box)
    assert refused.value.kind is Refusal.NOT_AN_OPTION
    assert str(refused.value) == (
        "Campaign card Spy (1-02): its border is 'orange' (kept) or 'grey' (this scenario"
        " only), not 'blue'")


def _card(card: str, player: str, colour: str = "orange") -> dict[str, str]:
    return {"id": card, "name": "", "colour": colour, "player": player}


@pytest.mark.parametrize(("held", "message"), [
    ([_card(PAX, "Ann"), _card("Spy (1-02)", "ann", "grey")],
     "Scenario 2 (B) lists grey card Spy (1-02) of Ann: grey cards are dropped at the end of"
     " the scenario that gave them"),
    ([_card(PAX, "Ann"), _card("Ghost (9-99)", "Bob")],
     "Scenario 2 (B) lists campaign card Ghost (9-99) for Bob, but no earlier scenario left"
     " it with that player"),
    ([_card(PAX, "Bob")],  # the card is Ann's
     "Scenario 2 (B) lists campaign card PAX-10 (1-01) for Bob, but no earlier scenario left"
     " it with that player"),
    ([],
     "Scenario 2 (B) does not list orange card PAX-10 (1-01) of Ann: orange cards stay with"
     " their player until the end of the campaign"),
])
def test_saved_cards_held_must_follow_from_the_scenarios(
    held: list[dict[str, Any]], message: str
) -> None:
    data = _resolved().to_json()
    data["scenarios"][1]["held"] = held
    with pytest.raises(Rejected) as refused:
        Campaign.from_json(data, started().box)
    assert refused.value.kind is Refusal.CAMPAIGN_CARD
    assert str(refused.value) == message
