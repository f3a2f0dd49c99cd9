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


def test_a_new_campaign_is_saved_whole() -> None:
    campaign = Campaign.new("t", "Quick", started().box, ["Ann", "Bob"], created="2025-03-01")
    assert campaign.to_json() == {
        "format": 1,
        "id": "t",
        "name": "Quick",
        "box": "tiny",
        "players": ["Ann", "Bob"],
        "created": "2025-03-01",
        "scenarios": [],
        "final": None,
        "replayed": [],
        "final_winner": None,
    }


def _saved(**changes: Any) -> dict[str, Any]:
    """The file of a campaign where A was played (Bob won), with `changes`."""
    return {**started().record("A", SCORES).to_json(), **changes}


def _finished(**changes: Any) -> dict[str, Any]:
    """The file of a campaign Bob won in B, the final scenario, with `changes`."""
    return {**started().record("A", SCORES).record("B", SCORES).to_json(), **changes}


TINY = started().box


@pytest.mark.parametrize(("data", "boxes", "kind", "message"), [
    ({"id": "x", "name": "Quick"}, TINY, Refusal.MALFORMED,
     "This campaign data is not valid: Object missing required field `box`"),
    (_saved(format=2), TINY, Refusal.UNKNOWN_FORMAT,
     "Campaign Quick was saved by a newer version of the app (format 2); update the app to"
     " open it"),
    (_saved(box="big"), TINY, Refusal.UNKNOWN_BOX, "Campaign Quick belongs to box big, not tiny"),
    (_saved(), {"big": TINY, "small": TINY}, Refusal.UNKNOWN_BOX,
     "Campaign Quick uses box 'tiny', which is not installed; known boxes: big, small"),
    (_saved(), {}, Refusal.UNKNOWN_BOX,
     "Campaign Quick uses box 'tiny', which is not installed; known boxes: none"),
    (_saved(replayed=_finished()["scenarios"][1:]), TINY, Refusal.MALFORMED,
     "Campaign Quick lists replayed final scenarios before its final scenario"),
    (_saved(final="Ann"), TINY, Refusal.MALFORMED,
     "Campaign Quick names a final outcome before its final scenario"),
    (_saved(final_winner="Bob"), TINY, Refusal.WINNER,
     "Campaign Quick says Bob won, but its scenarios give no winner yet"),
    (_finished(final_winner="Ann"), TINY, Refusal.WINNER,
     "Campaign Quick says Ann won, but its scenarios give Bob"),
])
def test_a_file_that_cannot_be_the_campaign_is_refused(
    data: dict[str, Any], boxes: Any, kind: Refusal, message: str
) -> None:
    with pytest.raises(Rejected) as refused:
        Campaign.from_json(data, boxes)
    assert refused.value.kind is kind
    assert str(refused.value) == message
