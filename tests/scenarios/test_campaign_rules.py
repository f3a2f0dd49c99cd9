"""Campaign records (companion.rules.campaign): every enforced rule, round trips, a generic box."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.rules.campaign import (
    REPLAY,
    Campaign,
    CampaignBox,
    CampaignCard,
    CardColour,
    Victory,
)
from companion.rules.errors import Refusal, Rejected
from companion.shipped.scenarios import campaign_boxes

WOP = campaign_boxes()["war-or-peace"]
PAX = "PAX-10 (1-01)"


def orange(card: str, player: str) -> CampaignCard:
    return CampaignCard(card, player, CardColour.ORANGE)


def grey(card: str, player: str) -> CampaignCard:
    return CampaignCard(card, player, CardColour.GREY)


@pytest.fixture
def started() -> Campaign:
    return Campaign.new("c1", "Friday nights", WOP, ["Ann", "Bob", "Cid"], created="2024-06-01")


def four_played(campaign: Campaign) -> Campaign:
    """SC01 → SC02 (whose resolution picks SC04) → SC04 → SC05."""
    c = campaign.record("C01-SC01", {"Ann": 54, "Bob": 61, "Cid": 47},
                        gained=[orange(PAX, "Bob"), grey("Spy (1-02)", "Ann")])
    c = c.record("C01-SC02", {"Ann": 70, "Bob": 66, "Cid": 58}, resolution="Peace treaty",
                 next_envelope="C01-SC04")
    c = c.record("C01-SC04", {"Ann": 60, "Bob": 72, "Cid": 75},
                 gained=[orange("Hacking (1-04)", "Cid")])
    return c.record("C01-SC05", {"Ann": 80, "Bob": 77, "Cid": 79})


def test_whole_campaign_with_branch_and_final_tie(started: Campaign) -> None:
    assert started.next_envelope == "C01-SC01"
    c = four_played(started)
    assert c.played_envelopes == ("C01-SC01", "C01-SC02", "C01-SC04", "C01-SC05")
    assert [p.winner for p in c.plays] == ["Bob", "Ann", "Cid", "Ann"]
    assert c.next_envelope == "C01-SC06"  # in order after SC05; SC03 is the one left out
    assert c.wins() == {"Ann": 2, "Bob": 1, "Cid": 1}
    # Grey cards leave after their scenario, orange ones stay for every later one.
    assert c.held(1) == (orange(PAX, "Bob"),)
    assert c.held(3) == (orange(PAX, "Bob"), orange("Hacking (1-04)", "Cid"))
    assert grey("Spy (1-02)", "Ann") in c.in_play(0)
    assert grey("Spy (1-02)", "Ann") not in c.in_play(1)
    assert not c.finished and c.final_winner is None

    tie = c.record("C01-SC06", {"Ann": 90, "Bob": 90, "Cid": 70}, winners=["ann", "BOB"],
                   final="replay")
    assert tie.final_winner == REPLAY and tie.awaiting_replay and not tie.finished
    assert tie.next_envelope == "C01-SC06"
    again = tie.record("C01-SC06", {"Ann": 88, "Bob": 91, "Cid": 70})
    assert again.finished and again.final_winner == "Bob"
    assert len(again.plays) == 5 and len(again.replayed) == 1
    assert again.undo() == tie
    assert again.undo().undo() == c

    chosen = c.record("C01-SC06", {"Ann": 90, "Bob": 90, "Cid": 70}, winners=["Ann", "Bob"],
                      final="Cid")
    assert chosen.finished and chosen.final_winner == "Cid"


def test_json_round_trip_keeps_everything(started: Campaign) -> None:
    c = four_played(started)
    tie = c.record("C01-SC06", {"Ann": 90, "Bob": 90, "Cid": 70}, winners=["Ann", "Bob"],
                   final="replay", date="2024-07-01")
    done = tie.record("C01-SC06", {"Ann": 95, "Bob": 91, "Cid": 70}, date="2024-07-08")
    for campaign in (started, c, tie, done):
        data = json.loads(json.dumps(campaign.to_json()))
        assert Campaign.from_json(data, campaign_boxes()) == campaign
        assert Campaign.from_json(data, WOP).to_json() == data
    data = done.to_json()
    assert data["final_winner"] == "Ann"
    assert data["scenarios"][3]["held"] == [
        {"id": PAX, "name": "", "colour": "orange", "player": "Bob"},
        {"id": "Hacking (1-04)", "name": "", "colour": "orange", "player": "Cid"},
    ]


def _refused(error: Rejected, kind: Refusal, says: dict[str, object] | None = None) -> None:
    """`error` is a refusal of `kind` whose message says `says` (of its parameters)."""
    assert error.kind is kind, f"{error.kind} ({error}), not {kind}"
    says = says or {}
    assert {name: error.params.get(name) for name in says} == says, str(error)


def _rejects(campaign: Campaign, kind: Refusal, *args: Any,
             says: dict[str, object] | None = None, **kwargs: Any) -> None:
    """Recording `args` and `kwargs` is refused as `kind` (see `_refused`), and the
    campaign is unchanged."""
    before = campaign.to_json()
    with pytest.raises(Rejected) as refused:
        campaign.record(*args, **kwargs)
    _refused(refused.value, kind, says)
    assert campaign.to_json() == before


def test_order_is_kept_unless_a_resolution_chose(started: Campaign) -> None:
    _rejects(started, Refusal.ENVELOPE_ORDER, "C01-SC02", {"Ann": 1, "Bob": 2, "Cid": 3},
             says={"expected": "C01-SC01", "envelope": "C01-SC02"})
    c = started.record("C01-SC01", {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(c, Refusal.ENVELOPE_ORDER, "C01-SC01", {"Ann": 1, "Bob": 2, "Cid": 3},
             says={"envelope": "C01-SC01", "number": 1})  # already played, as scenario 1
    _rejects(c, Refusal.ENVELOPE_ORDER, "C01-SC03", {"Ann": 1, "Bob": 2, "Cid": 3},
             says={"expected": "C01-SC02", "envelope": "C01-SC03"})
    _rejects(c, Refusal.UNKNOWN_ENVELOPE, "C02-SC01", {"Ann": 1, "Bob": 2, "Cid": 3},
             says={"envelope": "C02-SC01"})
    _rejects(c, Refusal.ENVELOPE_ORDER, "C01-SC02", {"Ann": 1, "Bob": 2, "Cid": 3},
             next_envelope="C01-SC01", says={"chosen": "C01-SC01"})
    jumped = c.record("c01-sc02", {"Ann": 1, "Bob": 2, "Cid": 3}, next_envelope="C01-SC06")
    assert jumped.next_envelope == "C01-SC06"
    after = jumped.record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3})
    assert after.next_envelope == "C01-SC03"  # nothing follows SC06: back to the first unplayed


def test_no_more_than_five_scenarios(started: Campaign) -> None:
    done = four_played(started).record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3})
    assert done.finished and done.next_envelope is None
    _rejects(done, Refusal.GAME_OVER, "C01-SC03", {"Ann": 1, "Bob": 2, "Cid": 3},
             says={"count": 5, "winner": "Cid"})
    _rejects(four_played(started), Refusal.ENVELOPE_ORDER, "C01-SC06",  # the final one
             {"Ann": 1, "Bob": 2, "Cid": 3}, next_envelope="C01-SC03",
             says={"envelope": "C01-SC06"})


def test_winner_must_be_a_player_with_the_best_score(started: Campaign) -> None:
    scores = {"Ann": 50, "Bob": 61, "Cid": 61}
    _rejects(started, Refusal.UNKNOWN_PLAYER, "C01-SC01", scores, winners=["Dan"],
             says={"name": "Dan"})
    _rejects(started, Refusal.WINNER, "C01-SC01", scores,
             says={"players": "Bob and Cid", "score": 61})  # a tie
    _rejects(started, Refusal.WINNER, "C01-SC01", scores, winners=["Ann"],
             says={"player": "Ann", "score": 50, "leader": "Bob", "top": 61})
    _rejects(started, Refusal.UNKNOWN_PLAYER, "C01-SC01", {**scores, "Dan": 3},
             says={"name": "Dan"})
    _rejects(started, Refusal.SCORES, "C01-SC01", {"Ann": 50, "Bob": 61},
             says={"players": "Cid"})  # missing
    _rejects(started, Refusal.BAD_NUMBER, "C01-SC01", {"Ann": -4, "Bob": 61, "Cid": 3},
             says={"player": "Ann", "value": -4})
    _rejects(started, Refusal.NOT_AN_OPTION, "C01-SC01", scores, victory="points",
             says={"value": "points"})
    assert started.record("C01-SC01", scores, winners=["Cid"]).plays[0].winners == ("Cid",)
    shared = started.record("C01-SC01", scores, winners=["Cid", "Bob"]).plays[0]
    assert shared.winners == ("Bob", "Cid") and shared.winner is None
    special = started.record("C01-SC01", scores, winners=["Ann"], victory=Victory.SCENARIO)
    assert special.plays[0].winners == ("Ann",)
    nobody = started.record("C01-SC01", scores, victory="scenario")
    assert nobody.plays[0].winners == ()


def test_final_outcome_rules(started: Campaign) -> None:
    c = four_played(started)
    tied = {"Ann": 90, "Bob": 90, "Cid": 70}
    _rejects(c, Refusal.WINNER, "C01-SC06", tied, winners=["Ann", "Bob"],
             says={"envelope": "C01-SC06"})  # no single winner, and no final choice
    _rejects(c, Refusal.WINNER, "C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3}, final="Ann",
             says={"winner": "Cid"})  # Cid won the final scenario: no choice to make
    _rejects(started, Refusal.WINNER, "C01-SC01", tied, winners=["Ann"], final="replay",
             says={"envelope": "C01-SC01"})  # not the final scenario
    _rejects(c, Refusal.UNKNOWN_PLAYER, "C01-SC06", tied, winners=["Ann", "Bob"], final="Zed",
             says={"name": "Zed"})
    tie = c.record("C01-SC06", tied, winners=["Ann", "Bob"], final=REPLAY)
    _rejects(tie, Refusal.ENVELOPE_ORDER, "C01-SC03", tied,
             says={"envelope": "C01-SC06", "other": "C01-SC03"})  # being replayed


def test_campaign_cards_rules(started: Campaign) -> None:
    scores = {"Ann": 1, "Bob": 2, "Cid": 3}
    _rejects(started, Refusal.UNKNOWN_CARD, "C01-SC01", scores,
             gained=[orange("PAX-10", "Ann")], says={"card": "PAX-10", "example": PAX})
    _rejects(started, Refusal.UNKNOWN_PLAYER, "C01-SC01", scores, gained=[orange(PAX, "Dan")],
             says={"name": "Dan"})
    _rejects(started, Refusal.NOT_AN_OPTION, "C01-SC01", scores,
             gained=[CampaignCard(PAX, "Ann", "purple")],  # type: ignore[arg-type]
             says={"colour": "purple"})
    _rejects(started, Refusal.CAMPAIGN_CARD, "C01-SC01", scores,
             gained=[orange(PAX, "Ann"), orange("pax-10  (1-01)", "Bob")],
             says={"holder": "Ann"})
    c = started.record("C01-SC01", scores, gained=[orange(PAX, "Ann"), grey("Spy (1-02)", "Bob")])
    _rejects(c, Refusal.CAMPAIGN_CARD, "C01-SC02", scores, gained=[orange(PAX, "Cid")],
             says={"holder": "Ann"})
    _rejects(c, Refusal.CAMPAIGN_CARD, "C01-SC02", scores, lost=[orange(PAX, "Bob")],
             says={"player": "Bob", "card": PAX})  # Bob does not hold it
    _rejects(c, Refusal.CAMPAIGN_CARD, "C01-SC02", scores, lost=[orange("Spy (1-02)", "Bob")],
             says={"player": "Bob"})  # a grey card, gone with its scenario
    _rejects(c, Refusal.CAMPAIGN_CARD, "C01-SC02", scores,
             gained=[grey("Decoy (2-03)", "Ann")], lost=[orange("Decoy (2-03)", "Ann")],
             says={"card": "Decoy (2-03)"})  # grey: it leaves by itself
    # A grey card can come back in a later scenario: the first one was discarded.
    again = c.record("C01-SC02", scores, gained=[grey("Spy (1-02)", "Cid")],
                     lost=[orange(PAX, "Ann")])
    assert again.held(2) == ()
    # Once lost, an orange card may be won again by anyone.
    assert again.record("C01-SC03", scores, gained=[orange(PAX, "Bob")]).held(3) == (
        orange(PAX, "Bob"),)


def test_players_of_a_campaign() -> None:
    with pytest.raises(Rejected) as refused:
        Campaign.new("x", "Big table", WOP, ["A", "B", "C", "D", "E", "F"])
    _refused(refused.value, Refusal.PLAYER_COUNT, {"low": 1, "high": 5, "count": 6})
    with pytest.raises(Rejected) as refused:
        Campaign.new("x", "Twins", WOP, ["Ann", "ann "])
    _refused(refused.value, Refusal.NAME_TAKEN, {"player": "ann"})
    with pytest.raises(Rejected) as refused:
        Campaign.new("x", "Nobody", WOP, [])
    _refused(refused.value, Refusal.PLAYER_COUNT, {"low": 1, "high": 5, "count": 0})
    with pytest.raises(Rejected) as refused:
        Campaign.new("x", "Odd", WOP, ["Replay"])
    _refused(refused.value, Refusal.BAD_NAME, {"player": "Replay"})  # reserved
    solo = Campaign.new("s", "Alone", WOP, ["Zoé"])
    assert solo.solo
    won = solo.record("C01-SC01", {"zoe": 80})
    assert won.plays[0].winners == ("Zoé",)
    lost = solo.record("C01-SC01", {"Zoé": 40}, victory="scenario")
    assert lost.plays[0].winners == ()


def _tampered(campaign: Campaign) -> dict[str, Any]:
    return copy.deepcopy(campaign.to_json())


def test_stored_held_cards_are_checked(started: Campaign) -> None:
    c = four_played(started)
    data = _tampered(c)
    data["scenarios"][1]["held"].append(
        {"id": "Spy (1-02)", "name": "", "colour": "grey", "player": "Ann"})
    with pytest.raises(Rejected) as refused:  # grey cards are dropped with their scenario
        Campaign.from_json(data, WOP)
    _refused(refused.value, Refusal.CAMPAIGN_CARD, {"card": "Spy (1-02)", "player": "Ann",
                                                    "number": 2})
    data = _tampered(c)
    data["scenarios"][3]["held"] = data["scenarios"][3]["held"][:1]
    with pytest.raises(Rejected) as refused:  # orange cards stay with their player
        Campaign.from_json(data, WOP)
    _refused(refused.value, Refusal.CAMPAIGN_CARD, {"card": "Hacking (1-04)", "player": "Cid",
                                                    "number": 4})
    data = _tampered(c)
    data["scenarios"][2]["held"].append(
        {"id": "Ghost (9-99)", "name": "", "colour": "orange", "player": "Bob"})
    with pytest.raises(Rejected) as refused:  # no earlier scenario left it with Bob
        Campaign.from_json(data, WOP)
    _refused(refused.value, Refusal.CAMPAIGN_CARD, {"card": "Ghost (9-99)", "player": "Bob",
                                                    "number": 3})
    data = _tampered(c)
    data["scenarios"][2]["envelope"] = "C01-SC03"
    with pytest.raises(Rejected) as refused:
        Campaign.from_json(data, WOP)
    _refused(refused.value, Refusal.ENVELOPE_ORDER, {"expected": "C01-SC04"})
    data = _tampered(c.record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3}))
    data["final_winner"] = "Ann"
    with pytest.raises(Rejected) as refused:
        Campaign.from_json(data, WOP)
    _refused(refused.value, Refusal.WINNER, {"stored": "Ann", "winner": "Cid"})
    with pytest.raises(Rejected) as refused:
        Campaign.from_json({"id": "x", "players": "Ann"}, WOP)
    _refused(refused.value, Refusal.MALFORMED)
    with pytest.raises(Rejected) as refused:
        Campaign.from_json({**c.to_json(), "box": "lost-box"}, campaign_boxes())
    _refused(refused.value, Refusal.UNKNOWN_BOX, {"box": "lost-box"})
    with pytest.raises(Rejected) as refused:
        Campaign.from_json({**c.to_json(), "format": 99}, WOP)
    _refused(refused.value, Refusal.UNKNOWN_FORMAT, {"format": 99})


def test_another_box_is_only_data() -> None:
    box = CampaignBox.from_json({
        "id": "tiny", "names": {"en": "Tiny Trilogy"}, "expansion": "base",
        "envelopes": ["A", "B", "C"], "scenarios_played": 2, "min_players": 2,
        "max_players": 3,
    })
    c = Campaign.new("t", "Quick", box, ["Ann", "Bob"])
    c = c.record("a", {"Ann": 3, "Bob": 4}, gained=[orange("anything goes", "Ann")])
    assert c.next_envelope == "B"
    c = c.record("B", {"Ann": 5, "Bob": 4})
    assert c.finished and c.final_winner == "Ann"
    assert c.held(2) == (orange("anything goes", "Ann"),)
    assert Campaign.from_json(c.to_json(), {"tiny": box}) == c
    with pytest.raises(Rejected) as refused:
        CampaignBox.from_json({"id": "x", "names": {"en": "X"}, "envelopes": ["A"],
                               "scenarios_played": 1, "min_players": 1, "max_players": 2,
                               "typo": True})
    _refused(refused.value, Refusal.MALFORMED)
