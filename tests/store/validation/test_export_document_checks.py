"""What a whole export is refused for, word for word, and which odd but valid exports are
kept. The player fixes a refused file by hand, so each refusal names the place
(`games[1].id`, `schema_version`) and says what it accepts. Games are not replayed here:
a stub stands for the rules, so the table stays fast."""

from __future__ import annotations

from typing import Any

import pytest

from companion.shipped.scenarios import shipped_scenarios
from companion.store.derive import Known, Played
from companion.store.errors import Invalid
from companion.store.validate import Export, export_document

VERSION = 4
DATE = "2025-06-08T12:00:00+00:00"


def game(game_id: str = "g-1") -> dict[str, Any]:
    """A game record every check accepts."""
    return {"id": game_id, "actions": [{"type": "start"}], "mode": "solo", "created": DATE,
            "updated": DATE, "finished": False}


def attempt(**fields: Any) -> dict[str, Any]:
    """A won attempt at base-1 (bronze from 70, silver from 95, gold from 115)."""
    return {"id": "a-1", "scenario": "base-1", "date": DATE, "score": 100, "won": True,
            "medal": "silver"} | fields


def mark(mark_id: str, kind: str = "game") -> dict[str, Any]:
    return {"id": mark_id, "kind": kind, "deleted": DATE}


def doc(**fields: Any) -> dict[str, Any]:
    return {"format": "wonderful-companion", "schema_version": VERSION} | fields


class Rules:
    """Stands for the replay of games: what each game gives, and which it was asked."""

    def __init__(self, outcomes: dict[str, Played] | None = None) -> None:
        self.outcomes = outcomes or {}
        self.asked: list[tuple[str, str]] = []

    def __call__(self, record: dict[str, Any], where: str) -> Played | None:
        self.asked.append((record["id"], where))
        return self.outcomes.get(record["id"])


def checked(raw: object, rules: Rules | None = None, known: Known | None = None) -> Export:
    return export_document(raw, VERSION, rules or Rules(),
                           known or Known(shipped_scenarios(), {}))


def refusal(raw: object) -> str:
    with pytest.raises(Invalid) as refused:
        checked(raw)
    return str(refused.value)


TOO_LONG = "12345678901234567890123"


@pytest.mark.parametrize(("raw", "message"), [
    ([], "file: must be a JSON object exported by this app, not a list"),
    ({"schema_version": VERSION}, 'format: this is not a file exported by this app'
     ' (expected "format": "wonderful-companion")'),
    (doc(schema_version="4"), 'schema_version: must be a whole number, not the text "4":'
     " write it without quotes"),
    (doc(schema_version=f" {TOO_LONG} "), 'schema_version: must be a whole number, not the'
     ' text " 1234567890123456789": write it without quotes'),
    (doc(schema_version="four"), "schema_version: must be a whole number, not a string"),
    (doc(schema_version="٤"), "schema_version: must be a whole number, not a string"),
    (doc(schema_version=4.0), "schema_version: must be a whole number, not a number"),
    (doc(schema_version=True), "schema_version: must be a whole number, not true/false"),
    (doc(schema_version=None), "schema_version: must be a whole number, not null"),
    (doc(schema_version=5), "schema_version: the file was exported by a newer version of"
     " the app (version 5; this app reads up to 4): update the app"),
    (doc(schema_version=0), "schema_version: 0 is not a version of this app"),
    (doc(zeta=1, alpha=2), "file: has unknown fields alpha, zeta"),
    (doc(**{"x" * 300: 1}), f"file: has unknown fields {'x' * 200}"),
    (doc(games={}), "games: must be a list, not an object"),
    (doc(games=None), "games: must be a list, not null"),
    (doc(attempts="a"), "attempts: must be a list, not a string"),
    (doc(campaigns=1), "campaigns: must be a list, not a number"),
    (doc(players={}), "players: must be a list, not an object"),
    (doc(deleted={}), "deleted: must be a list, not an object"),
    (doc(games=[game(), game("g-2"), game()]), "games[2].id: 'g-1' appears twice"),
    (doc(games=[game() | {"mode": "duo"}]), "games[0].mode: must be one of solo, table"),
    (doc(attempts=[attempt(), attempt(medal="tin")]),
     "attempts[1].medal: must be null or one of bronze, silver, gold"),
    (doc(campaigns=[{"id": "c-1"}, {"id": "c-2"}, {"id": "c-1"}]),
     "campaigns[2].id: 'c-1' appears twice"),
    (doc(campaigns=[{"id": "c-1"}, {}]), "campaigns[1]: is missing id"),
    (doc(players=["Ann", "Bob", " ann "]), "players[2]: 'ann' appears twice"),
    (doc(players=["Ann", ""]),
     "players[1]: a player's name must be 1 to 60 printable characters"),
    (doc(players=[str(n) for n in range(1001)]),
     "players: holds 1001 entries; the limit is 1000"),
    (doc(settings=[]), "settings: must be an object, not a list"),
    (doc(settings={"theme": "pink"}), "settings.theme: must be one of system, light, dark"),
    (doc(deleted=[mark("g-1"), mark("c-1", "campaign"), mark("g-1")]),
     "deleted[2].id: 'g-1' appears twice"),
    (doc(deleted=[mark("g-1", "player")]), "deleted[0].kind: must be one of game, campaign"),
], ids=["not an object", "no format", "version as text", "version as long text cut",
        "version as a word", "version in other digits", "version a fraction",
        "version true", "version null", "version newer", "version 0",
        "unknown fields, sorted", "unknown fields cut", "games an object", "games null",
        "attempts a string", "campaigns a number", "players an object",
        "deleted an object", "a game twice", "a bad game", "a bad attempt",
        "a campaign twice", "a bad campaign", "a player twice", "a bad player",
        "too many players", "settings a list", "a bad setting", "a deletion twice",
        "a bad deletion"])
def test_an_export_is_refused_with_where_and_why(raw: object, message: str) -> None:
    assert refusal(raw) == message


def test_an_export_of_nothing_but_its_format_is_empty() -> None:
    """Every list and the settings may be left out; version 1 is still read."""
    result = checked(doc(schema_version=1))
    assert (result.games, result.attempts, result.campaigns, result.players,
            result.settings, result.deleted, result.corrections) == (
        [], [], [], [], {}, [], {"games_corrected": 0, "attempts_corrected": 0})


def test_1000_players_are_kept_and_a_game_and_a_campaign_may_share_a_deleted_id() -> None:
    names = [f"Player {n}" for n in range(1000)]
    result = checked(doc(players=names, settings={"theme": "dark"},
                         deleted=[mark("x-1"), mark("x-1", "campaign")]))
    assert (result.players, result.settings, result.deleted) == (
        names, {"theme": "dark"}, [mark("x-1"), mark("x-1", "campaign")])


def played(total: int, corrected: bool = False) -> Played:
    return Played(finished=True, total=total, built=(), face="B", scenario="base-1",
                  corrected=corrected)


def test_each_game_is_replayed_and_its_attempt_takes_the_result_of_its_moves() -> None:
    """An attempt naming a replayed game of its scenario takes its score and result (lost:
    base-1 wants cards this game did not build); one naming no game, or a game the rules
    gave nothing for, keeps its own score, with the medal that score earns."""
    rules = Rules({"g-1": played(120, corrected=True), "g-3": played(50, corrected=True)})
    result = checked(doc(games=[game("g-1"), game("g-2"), game("g-3")], attempts=[
        attempt(id="a-1", game="g-1"), attempt(id="a-2", game="g-2", medal="gold"),
        attempt(id="a-3", medal="bronze"), attempt(id="a-4", score=60, medal=None)]),
        rules)
    assert rules.asked == [("g-1", "games[0]"), ("g-2", "games[1]"), ("g-3", "games[2]")]
    assert [(a["id"], a["score"], a["won"], a["medal"]) for a in result.attempts] == [
        ("a-1", 120, False, None), ("a-2", 100, True, "silver"),
        ("a-3", 100, True, "silver"), ("a-4", 60, True, None)]
    assert result.corrections == {"games_corrected": 2, "attempts_corrected": 3}


def test_an_attempt_of_a_scenario_not_known_is_kept_as_it_is() -> None:
    """Known to the app but not to this import (`known` leaves it out): no medal is
    worked out for it."""
    result = checked(doc(attempts=[attempt(medal="gold")]), known=Known())
    assert (result.attempts[0]["medal"], result.corrections["attempts_corrected"]) == (
        "gold", 0)


def test_an_attempt_whose_game_the_scenario_refuses_is_refused_by_its_place() -> None:
    """Replayed on the wrong Empire face, the game cannot be the attempt's."""
    rules = Rules({"g-1": Played(finished=True, total=120, built=(), face="A",
                                 scenario="base-1")})
    with pytest.raises(Invalid) as refused:
        checked(doc(games=[game()], attempts=[attempt(), attempt(id="a-2", game="g-1")]),
                rules)
    assert str(refused.value) == (
        "attempts[1].game: Scenario base-1 is played with Empire face B, not face A")


def test_by_default_the_shipped_scenarios_and_campaign_boxes_are_known() -> None:
    result = export_document(doc(attempts=[attempt(medal="gold")]), VERSION, Rules())
    assert (result.attempts[0]["medal"], result.corrections["attempts_corrected"]) == (
        "silver", 1)


def test_a_campaign_the_campaign_rules_cannot_rebuild_is_refused_by_its_place() -> None:
    with pytest.raises(Invalid) as refused:
        checked(doc(campaigns=[{"id": "c-1"}]), known=Known.shipped())
    assert str(refused.value) == ("campaigns[0]: This campaign data is not valid: Object"
                                  " missing required field `name`")


def test_campaigns_are_rebuilt_with_the_boxes_the_import_knows() -> None:
    """A campaign of a box the app has is kept whole; the same campaign is refused when
    the import knows no box (so the player learns the box is missing, not that the file
    is unreadable)."""
    campaign = {"id": "c-1", "name": "Friday", "box": "war-or-peace",
                "players": ["Ana", "Bo"], "scenarios": []}
    kept = checked(doc(campaigns=[campaign]), known=Known.shipped())
    assert kept.campaigns == [campaign]
    with pytest.raises(Invalid) as refused:
        checked(doc(campaigns=[campaign]), known=Known(shipped_scenarios(), {}))
    assert str(refused.value) == ("campaigns[0]: Campaign Friday uses box 'war-or-peace',"
                                  " which is not installed; known boxes: none")
