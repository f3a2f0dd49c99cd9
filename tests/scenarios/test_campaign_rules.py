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
from companion.rules.errors import Rejected
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


def _rejects(campaign: Campaign, words: str, *args: Any, **kwargs: Any) -> None:
    before = campaign.to_json()
    with pytest.raises(Rejected, match=words):
        campaign.record(*args, **kwargs)
    assert campaign.to_json() == before


def test_order_is_kept_unless_a_resolution_chose(started: Campaign) -> None:
    _rejects(started, "The next envelope is C01-SC01, not C01-SC02", "C01-SC02",
             {"Ann": 1, "Bob": 2, "Cid": 3})
    c = started.record("C01-SC01", {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(c, "was already played", "C01-SC01", {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(c, "The next envelope is C01-SC02, not C01-SC03", "C01-SC03",
             {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(c, "Unknown envelope 'C02-SC01'", "C02-SC01", {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(c, "already played", "C01-SC02", {"Ann": 1, "Bob": 2, "Cid": 3},
             next_envelope="C01-SC01")
    jumped = c.record("c01-sc02", {"Ann": 1, "Bob": 2, "Cid": 3}, next_envelope="C01-SC06")
    assert jumped.next_envelope == "C01-SC06"
    after = jumped.record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3})
    assert after.next_envelope == "C01-SC03"  # nothing follows SC06: back to the first unplayed


def test_no_more_than_five_scenarios(started: Campaign) -> None:
    done = four_played(started).record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3})
    assert done.finished and done.next_envelope is None
    _rejects(done, "is over: 5 scenarios were played and Cid won it", "C01-SC03",
             {"Ann": 1, "Bob": 2, "Cid": 3})
    _rejects(four_played(started), "final scenario: there is no next envelope", "C01-SC06",
             {"Ann": 1, "Bob": 2, "Cid": 3}, next_envelope="C01-SC03")


def test_winner_must_be_a_player_with_the_best_score(started: Campaign) -> None:
    scores = {"Ann": 50, "Bob": 61, "Cid": 61}
    _rejects(started, "'Dan' is not a player", "C01-SC01", scores, winners=["Dan"])
    _rejects(started, "Bob and Cid tie on 61", "C01-SC01", scores)
    _rejects(started, "Ann scored 50, less than Bob's 61", "C01-SC01", scores, winners=["Ann"])
    _rejects(started, "'Dan' is not a player", "C01-SC01", {**scores, "Dan": 3})
    _rejects(started, "missing: Cid", "C01-SC01", {"Ann": 50, "Bob": 61})
    _rejects(started, "whole number", "C01-SC01", {"Ann": -4, "Bob": 61, "Cid": 3})
    _rejects(started, "'normal' or 'scenario'", "C01-SC01", scores, victory="points")
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
    _rejects(c, "no single winner", "C01-SC06", tied, winners=["Ann", "Bob"])
    _rejects(c, "Cid won the final scenario", "C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3},
             final="Ann")
    _rejects(started, "not the final scenario", "C01-SC01", tied, winners=["Ann"],
             final="replay")
    _rejects(c, "'Zed' is not a player", "C01-SC06", tied, winners=["Ann", "Bob"], final="Zed")
    tie = c.record("C01-SC06", tied, winners=["Ann", "Bob"], final=REPLAY)
    _rejects(tie, "being replayed: record C01-SC06 again", "C01-SC03", tied)


def test_campaign_cards_rules(started: Campaign) -> None:
    scores = {"Ann": 1, "Bob": 2, "Cid": 3}
    _rejects(started, "write it as printed, like 'PAX-10 \\(1-01\\)'", "C01-SC01", scores,
             gained=[orange("PAX-10", "Ann")])
    _rejects(started, "'Dan' is not a player", "C01-SC01", scores, gained=[orange(PAX, "Dan")])
    _rejects(started, "'orange' \\(kept\\) or 'grey'", "C01-SC01", scores,
             gained=[CampaignCard(PAX, "Ann", "purple")])  # type: ignore[arg-type]
    _rejects(started, "already held by Ann", "C01-SC01", scores,
             gained=[orange(PAX, "Ann"), orange("pax-10  (1-01)", "Bob")])
    c = started.record("C01-SC01", scores, gained=[orange(PAX, "Ann"), grey("Spy (1-02)", "Bob")])
    _rejects(c, "already held by Ann", "C01-SC02", scores, gained=[orange(PAX, "Cid")])
    _rejects(c, "Bob does not hold campaign card", "C01-SC02", scores, lost=[orange(PAX, "Bob")])
    _rejects(c, "Bob does not hold", "C01-SC02", scores, lost=[orange("Spy (1-02)", "Bob")])
    _rejects(c, "grey: it leaves by itself", "C01-SC02", scores,
             gained=[grey("Decoy (2-03)", "Ann")], lost=[orange("Decoy (2-03)", "Ann")])
    # A grey card can come back in a later scenario: the first one was discarded.
    again = c.record("C01-SC02", scores, gained=[grey("Spy (1-02)", "Cid")],
                     lost=[orange(PAX, "Ann")])
    assert again.held(2) == ()
    # Once lost, an orange card may be won again by anyone.
    assert again.record("C01-SC03", scores, gained=[orange(PAX, "Bob")]).held(3) == (
        orange(PAX, "Bob"),)


def test_players_of_a_campaign() -> None:
    with pytest.raises(Rejected, match="played by 1 to 5 players, not 6"):
        Campaign.new("x", "Big table", WOP, ["A", "B", "C", "D", "E", "F"])
    with pytest.raises(Rejected, match="listed twice"):
        Campaign.new("x", "Twins", WOP, ["Ann", "ann "])
    with pytest.raises(Rejected, match="1 to 5 players, not 0"):
        Campaign.new("x", "Nobody", WOP, [])
    with pytest.raises(Rejected, match="reserved"):
        Campaign.new("x", "Odd", WOP, ["Replay"])
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
    with pytest.raises(Rejected, match="lists grey card Spy \\(1-02\\) of Ann: grey cards are"
                                       " dropped"):
        Campaign.from_json(data, WOP)
    data = _tampered(c)
    data["scenarios"][3]["held"] = data["scenarios"][3]["held"][:1]
    with pytest.raises(Rejected, match="does not list orange card Hacking \\(1-04\\) of Cid"):
        Campaign.from_json(data, WOP)
    data = _tampered(c)
    data["scenarios"][2]["held"].append(
        {"id": "Ghost (9-99)", "name": "", "colour": "orange", "player": "Bob"})
    with pytest.raises(Rejected, match="no earlier scenario left it"):
        Campaign.from_json(data, WOP)
    data = _tampered(c)
    data["scenarios"][2]["envelope"] = "C01-SC03"
    with pytest.raises(Rejected, match="The next envelope is C01-SC04"):
        Campaign.from_json(data, WOP)
    data = _tampered(c.record("C01-SC06", {"Ann": 1, "Bob": 2, "Cid": 3}))
    data["final_winner"] = "Ann"
    with pytest.raises(Rejected, match="says Ann won, but its scenarios give Cid"):
        Campaign.from_json(data, WOP)
    with pytest.raises(Rejected, match="not valid"):
        Campaign.from_json({"id": "x", "players": "Ann"}, WOP)
    with pytest.raises(Rejected, match="box 'lost-box', which is not installed"):
        Campaign.from_json({**c.to_json(), "box": "lost-box"}, campaign_boxes())
    with pytest.raises(Rejected, match="newer version"):
        Campaign.from_json({**c.to_json(), "format": 99}, WOP)


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
    with pytest.raises(Rejected, match="not valid"):
        CampaignBox.from_json({"id": "x", "names": {"en": "X"}, "envelopes": ["A"],
                               "scenarios_played": 1, "min_players": 1, "max_players": 2,
                               "typo": True})
