"""One scenario of a campaign as recorded (companion.rules.campaign.play): every check a
record passes refuses with its whole message, since the players read it to correct what
they typed, and the edges of each check (a score of 0 or 999, a card name of 80
characters, a blank final choice) are accepted."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_samples import PAX, SCORES, TIED, after_a, grey, orange, started

from companion.rules.campaign import CampaignCard, CardColour, colour_of
from companion.rules.errors import Refusal, Rejected


@pytest.mark.parametrize(("text", "colour"), [
    ("orange", CardColour.ORANGE),
    (" Orange ", CardColour.ORANGE),
    ("grey", CardColour.GREY),
    ("GREY", CardColour.GREY),
    ("gray", CardColour.GREY),  # the American spelling is the same border
    ("Gray", CardColour.GREY),
])
def test_a_border_colour_is_read_however_it_is_typed(text: str, colour: CardColour) -> None:
    assert colour_of(text, "Spy (1-02)") is colour


def test_an_unknown_border_colour_names_the_card() -> None:
    with pytest.raises(Rejected) as refused:
        colour_of("purple", "Spy (1-02)")
    assert refused.value.kind is Refusal.NOT_AN_OPTION
    assert str(refused.value) == (
        "Campaign card Spy (1-02): its border is 'orange' (kept) or 'grey' (this scenario"
        " only), not 'purple'")


REFUSED: list[tuple[str, Any, dict[str, Any], Refusal, str]] = [
    # (campaign, envelope, what else is recorded, kind, whole message)
    # scores
    ("started", "A", {"scores": {"Ann": 1, "ann ": 2, "Bob": 3, "Cid": 4}}, Refusal.SCORES,
     "Ann has two scores; give one per player"),
    ("started", "A", {"scores": {**SCORES, "Ann": True}}, Refusal.BAD_NUMBER,
     "Ann's score must be a whole number from 0 to 999, not True"),
    ("started", "A", {"scores": {**SCORES, "Ann": "7"}}, Refusal.BAD_NUMBER,
     "Ann's score must be a whole number from 0 to 999, not 7"),
    ("started", "A", {"scores": {**SCORES, "Cid": 1000}}, Refusal.BAD_NUMBER,
     "Cid's score must be a whole number from 0 to 999, not 1000"),
    ("started", "A", {"scores": {**SCORES, "Cid": -1}}, Refusal.BAD_NUMBER,
     "Cid's score must be a whole number from 0 to 999, not -1"),
    ("started", "A", {"scores": {"Ann": 1}}, Refusal.SCORES,
     "Every player's score is needed; missing: Bob, Cid"),
    # winners
    ("started", "A", {"winners": ["Bob", "bob"]}, Refusal.WINNER, "Bob is named winner twice"),
    ("started", "A", {"scores": TIED}, Refusal.WINNER,
     "Bob and Cid tie on 61 in A: name the winner after the tie-breaks (most built cards,"
     " then most character tokens), or name them all for a shared victory"),
    ("started", "A", {"winners": ["Ann"]}, Refusal.WINNER,
     "Ann scored 50, less than Bob's 61: under normal victory the highest score wins. If the"
     " scenario has its own victory condition, record the victory as 'scenario'"),
    # the next envelope
    ("after_a", "B", {"next_envelope": "C"}, Refusal.ENVELOPE_ORDER,
     "B is the campaign's final scenario: there is no next envelope to choose"),
    ("started", "A", {"next_envelope": "a"}, Refusal.ENVELOPE_ORDER,
     "The resolution cannot send the campaign to A: that envelope is already played"),
    # the campaign's winner
    ("started", "A", {"final": "Ann"}, Refusal.WINNER,
     "A is not the final scenario: the campaign's winner is decided by the final one"),
    ("after_a", "B", {"final": "Cid"}, Refusal.WINNER,
     "Bob won the final scenario and so wins the campaign; the table only chooses after a"
     " perfect tie"),
    ("after_a", "B", {"scores": TIED, "winners": ["Bob", "Cid"]}, Refusal.WINNER,
     "The final scenario B has no single winner: replay it (final 'replay') or name the"
     " player the table judges most deserving"),
    # cards gained
    ("started", "A", {"gained": [CampaignCard(" Spy  (1-02) ", "Ann", "purple")]},  # type: ignore[arg-type]
     Refusal.NOT_AN_OPTION,
     "Campaign card Spy (1-02): its border is 'orange' (kept) or 'grey' (this scenario"
     " only), not 'purple'"),
    ("started", "A", {"gained": [orange("Spy (1-02)", "Ann", "x" * 81)]}, Refusal.BAD_NAME,
     "Campaign card Spy (1-02): its name is longer than 80 characters"),
    ("after_a", "B", {"gained": [orange("pax-10  (1-01)", "Bob")]}, Refusal.CAMPAIGN_CARD,
     "Campaign card pax-10 (1-01) is already held by Ann; it cannot be gained again in B"),
    # cards lost
    ("after_a", "B", {"lost": [orange(PAX, "Bob")]}, Refusal.CAMPAIGN_CARD,
     "Bob does not hold campaign card PAX-10 (1-01), so cannot lose it in B"),
    ("started", "A", {"gained": [grey("Spy (1-02)", "Ann")], "lost": [orange("spy (1-02)", "Ann")]},
     Refusal.CAMPAIGN_CARD,
     "Campaign card Spy (1-02) is grey: it leaves by itself at the end of the scenario"),
]


@pytest.mark.parametrize(("campaign", "envelope", "recorded", "kind", "message"), REFUSED)
def test_a_refused_record_says_what_to_correct(
    campaign: str, envelope: str, recorded: dict[str, Any], kind: Refusal, message: str
) -> None:
    before = {"started": started, "after_a": after_a}[campaign]()
    recorded = dict(recorded)  # the table is shared by every run of the test
    scores = recorded.pop("scores", SCORES)
    with pytest.raises(Rejected) as refused:
        before.record(envelope, scores, **recorded)
    assert refused.value.kind is kind
    assert str(refused.value) == message


def test_scores_run_from_0_to_999() -> None:
    play = started().record("A", {"Ann": 0, "Bob": 999, "Cid": 0}).plays[0]
    assert (play.score_of("Ann"), play.score_of("Bob"), play.score_of("Cid")) == (0, 999, 0)
    assert play.winner == "Bob"


def test_a_blank_final_choice_is_no_choice() -> None:
    """A form sends an empty field, not None: a blank choice outside the final scenario
    is not a choice made too early, and after the final one the winner stands."""
    played = started().record("A", SCORES, final="  ")
    assert played.final_choice is None
    done = played.record("B", SCORES, final=" ")
    assert done.finished and done.final_winner == "Bob"


def test_a_card_name_may_have_80_characters() -> None:
    name = "x" * 80
    played = started().record("A", SCORES, gained=[orange("Spy (1-02)", "Ann", f" {name} ")])
    assert played.plays[0].gained == (orange("Spy (1-02)", "Ann", name),)
