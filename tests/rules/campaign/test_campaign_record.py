"""A campaign as the table keeps it (companion.rules.campaign): the order of envelopes, the
end of the campaign, a final scenario replayed after a perfect tie, going back, and the
id made from a campaign's name; every refusal is tested with its whole message, since
the players read it to correct what they typed."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_samples import SCORES, TIED, after_a, started, tiny

from companion.rules.campaign import Campaign, ScenarioPlay, Victory, campaign_slug
from companion.rules.errors import Refusal, Rejected


@pytest.mark.parametrize(("name", "slug"), [
    ("Friday nights!", "friday-nights"),
    ("Zoé's evenings", "zoes-evenings"),
    ("  --  ", "campaign"),  # nothing to make an id of
    ("a" * 41, "a" * 40),  # at most 40 characters
    ("a" * 39 + " b", "a" * 39),  # cut after a dash: the dash goes too
])
def test_a_campaign_id_is_made_from_its_name(name: str, slug: str) -> None:
    assert campaign_slug(name) == slug


def test_a_first_scenario_is_recorded_as_played() -> None:
    assert started().record("A", SCORES).plays == (
        ScenarioPlay("A", (("Ann", 50), ("Bob", 61), ("Cid", 47)), ("Bob",)),)
    special = started().record("A", SCORES, winners=["ann"], victory="scenario",
                               resolution="  Peace signed ")
    assert special.plays[0].victory is Victory.SCENARIO
    assert special.plays[0].winners == ("Ann",)
    assert special.plays[0].resolution == "Peace signed"


def test_a_resolution_may_have_500_characters() -> None:
    played = started().record("A", SCORES, resolution="x" * 500)
    assert played.plays[0].resolution == "x" * 500


def _over() -> Campaign:
    return after_a().record("B", SCORES)


def _single() -> Campaign:
    """A campaign of one scenario, played and won by Bob."""
    return started(scenarios_played=1).record("A", SCORES)


def _tie() -> Campaign:
    return after_a().record("B", TIED, winners=["Bob", "Cid"], final="replay")


REFUSED: list[tuple[Any, str, dict[str, Any], Refusal, str]] = [
    # (campaign, envelope, what else is recorded, kind, whole message)
    (_over, "C", {}, Refusal.GAME_OVER,
     "Campaign Quick is over: 2 scenarios were played and Bob won it"),
    (_single, "B", {}, Refusal.GAME_OVER,
     "Campaign Quick is over: 1 scenario was played and Bob won it"),
    (_tie, "C", {}, Refusal.ENVELOPE_ORDER,
     "The final scenario B ended in a perfect tie and is being replayed: record B again,"
     " not C"),
    (after_a, "a", {}, Refusal.ENVELOPE_ORDER,
     "Envelope A was already played (scenario 1); each envelope is played once"),
    (after_a, "C", {}, Refusal.ENVELOPE_ORDER,
     "The next envelope is B, not C: envelopes are played in order unless a resolution"
     " chose the next one (record that choice with the previous scenario)"),
    (started, "A", {"victory": "points"}, Refusal.NOT_AN_OPTION,
     "Victory is 'normal' or 'scenario' (the scenario's own condition), not 'points'"),
    (started, "A", {"resolution": "x" * 501}, Refusal.TOO_LONG,
     "The resolution is longer than 500 characters; keep what matters"),
    (started, "A", {"winners": ["Dan"]}, Refusal.UNKNOWN_PLAYER,
     "'Dan' is not a player of campaign Quick: the players are Ann, Bob, Cid"),
]


@pytest.mark.parametrize(("campaign", "envelope", "recorded", "kind", "message"), REFUSED)
def test_a_refused_record_says_what_is_wrong(
    campaign: Any, envelope: str, recorded: dict[str, Any], kind: Refusal, message: str
) -> None:
    before: Campaign = campaign()
    with pytest.raises(Rejected) as refused:
        before.record(envelope, SCORES, **recorded)
    assert refused.value.kind is kind
    assert str(refused.value) == message


def test_a_final_tie_replayed_may_tie_again_and_the_table_chooses() -> None:
    again = _tie().record("B", TIED, winners=["Bob", "Cid"], final="Cid")
    assert again.finished and again.final_winner == "Cid"
    assert [p.scores for p in again.replayed] == [tuple(TIED.items())]


def test_undo_after_two_replays_goes_back_one_replay_at_a_time() -> None:
    first = _tie()
    second = first.record("B", TIED, winners=["Bob", "Cid"], final="replay")
    done = second.record("B", SCORES)
    assert done.final_winner == "Bob" and len(done.replayed) == 2
    assert done.undo() == second
    assert done.undo().undo() == first
    assert done.undo().undo().undo() == after_a()


def test_undo_with_nothing_played_is_refused() -> None:
    with pytest.raises(Rejected) as refused:
        started().undo()
    assert refused.value.kind is Refusal.NOTHING_TO_DO
    assert str(refused.value) == "Campaign Quick has no scenario to remove"


@pytest.mark.parametrize(("index", "message"), [
    (2, "Campaign Quick has no scenario 3"),
    (-1, "Campaign Quick has no scenario 0"),
])
def test_cards_held_in_a_scenario_not_played(index: int, message: str) -> None:
    with pytest.raises(Rejected) as refused:
        after_a().held(index)
    assert refused.value.kind is Refusal.BAD_NUMBER
    assert str(refused.value) == message


@pytest.mark.parametrize(("id", "name", "players", "kind", "message"), [
    ("  ", "Quick", ["Ann", "Bob"], Refusal.MALFORMED, "A campaign needs an id"),
    ("t", " ", ["Ann", "Bob"], Refusal.BAD_NAME, "A campaign needs a name"),
    ("t", "x" * 81, ["Ann", "Bob"], Refusal.BAD_NAME, "A campaign name has at most 80 characters"),
    ("t", "Quick", ["Ann", " "], Refusal.BAD_NAME, "A player's name cannot be empty"),
    ("t", "Quick", ["Ann", "x" * 41], Refusal.BAD_NAME,
     f"Player name '{'x' * 41}' is too long (at most 40 characters)"),
    ("t", "Quick", ["Ann", " REPLAY"], Refusal.BAD_NAME,
     "'REPLAY' is reserved; choose another player name"),
    ("t", "Quick", ["Ann", "ann "], Refusal.NAME_TAKEN,
     "Player 'ann' is listed twice; give each player a different name"),
    ("t", "Quick", ["Ann", "Bob", "Cid", "Dan"], Refusal.PLAYER_COUNT,
     "Tiny Trilogy is played by 2 to 3 players, not 4"),
    ("t", "Quick", ["Ann"], Refusal.PLAYER_COUNT,
     "Tiny Trilogy is played by 2 to 3 players, not 1"),
])
def test_a_campaign_that_cannot_start_says_why(
    id: str, name: str, players: list[str], kind: Refusal, message: str
) -> None:
    with pytest.raises(Rejected) as refused:
        Campaign.new(id, name, tiny(), players)
    assert refused.value.kind is kind
    assert str(refused.value) == message


def test_a_box_for_one_player_says_player() -> None:
    with pytest.raises(Rejected) as refused:
        Campaign.new("s", "Alone", tiny(min_players=1, max_players=1), ["Ann", "Bob"])
    assert str(refused.value) == "Tiny Trilogy is played by 1 to 1 player, not 2"


def test_a_new_campaign_keeps_its_names_cleaned() -> None:
    campaign = Campaign.new(" t ", " " + "x" * 80 + " ", tiny(),
                            ["Ann  Lee", "y" * 40, " Cid"], created="2025-03-01")
    assert (campaign.id, campaign.name, campaign.created) == ("t", "x" * 80, "2025-03-01")
    assert campaign.players == ("Ann Lee", "y" * 40, "Cid")
    assert campaign.plays == () and campaign.next_envelope == "A"
