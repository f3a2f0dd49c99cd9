"""An export written by the first released version must import into every later one.

`fixtures/export-v1.json` was made once, by the store and rules as they were at data
version 1 (a finished solo game, a finished scenario game with its attempts, a finished
table game, an unfinished game with a redo list, a quick score, a War or Peace campaign,
players and settings), then exported with `Store.export_file`.

NEVER REGENERATE OR EDIT THIS FIXTURE. It stands for the files players already have on
their disks: if a change to the store or the rules makes this test fail, the change must
learn to read the old file (an export migration in `schema.EXPORT_MIGRATIONS`, a rules
format upgrade...), not the fixture be remade. A new format gets a new fixture beside it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rules.campaign import Campaign
from companion.rules.game import Game
from companion.shipped.catalog import catalog
from companion.shipped.scenarios import campaign_boxes, shipped_scenarios
from companion.store import Store, open_store
from companion.store.medals import medal_board

FIXTURE = Path(__file__).parent / "fixtures" / "export-v1.json"
GAME_IDS = {"solo-finished", "scenario-finished", "table-finished", "solo-unfinished",
            "quick-1"}


def original() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(params=[False, True], ids=["merge", "replace"])
def imported(request: pytest.FixtureRequest, folder: Path) -> Store:
    """A fresh store into which the fixture was imported (merged, or with --replace)."""
    store = open_store(folder)
    request.addfinalizer(store.close)
    counts = store.import_file(FIXTURE, replace=request.param)
    assert (counts["games"], counts["attempts"], counts["campaigns"], counts["players"]) == (
        5, 2, 1, 3)
    return store


def test_the_fixture_is_the_one_made_by_version_1() -> None:
    """A guard against regenerating it: these facts describe the file as first written."""
    data = original()
    assert data["format"] == "wonderful-companion" and data["schema_version"] == 1
    assert {g["id"] for g in data["games"]} == GAME_IDS


def test_games_come_back_and_replay(imported: Store) -> None:
    games = {g["id"]: g for g in imported.games(with_actions=True)}
    assert set(games) == GAME_IDS
    unfinished = imported.current_game()
    assert unfinished is not None and unfinished["id"] == "solo-unfinished"
    assert [g["id"] for g in imported.games(finished=False)] == ["solo-unfinished"]
    assert len(imported.games(finished=True)) == 4
    source = {g["id"]: g for g in original()["games"]}
    for game_id, record in games.items():
        full = imported.game(game_id)
        assert full is not None
        assert full["actions"] == source[game_id]["actions"]
        assert full["redo"] == source[game_id]["redo"]
        game = Game.from_json(full, catalog())
        if record.get("kind") == "quick-score":
            continue  # only its setup is an action: the game was played without the app
        assert game.state.finished == record["finished"]
        if record["finished"]:
            assert game.state.score().total == record["score"]["total"]
    assert Game.from_json(games["solo-unfinished"], catalog()).can_redo
    assert games["table-finished"]["mode"] == "table"
    assert games["quick-1"]["kind"] == "quick-score" and len(games["quick-1"]["tableaux"]) == 2


def test_attempts_and_medal_board_come_back(imported: Store) -> None:
    attempts = imported.attempts("base-1")
    assert [(a["score"], a["won"], a["medal"]) for a in attempts] == [
        (10, False, None), (115, True, "gold")]
    assert attempts[0]["game"] == "scenario-finished"
    progress = imported.scenario_progress("base-1")
    assert (progress["attempts"], progress["wins"], progress["best_medal"]) == (2, 1, "gold")
    rows = {r.scenario.id: r for r in medal_board(shipped_scenarios().values(),
                                                  imported.attempts())}
    assert rows["base-1"].best_medal == "gold" and rows["base-1"].best_score == 115
    assert all(r.attempts == 0 for sid, r in rows.items() if sid != "base-1")


def test_campaign_players_and_settings_come_back(imported: Store) -> None:
    data = imported.campaign("friday-nights")
    assert data is not None
    campaign = Campaign.from_json(data, campaign_boxes())
    assert campaign.name == "Friday nights" and campaign.players == ("Ana", "Bo")
    assert [p.envelope for p in campaign.plays] == ["C01-SC01"]
    assert campaign.plays[0].winners == ("Bo",)
    assert [c.id for c in campaign.held(1)] == ["PAX-10 (1-01)"]
    assert imported.players() == ["Ana", "Bo", "Chloé"]
    settings = imported.settings()
    assert settings["language"] == "fr" and settings["theme"] == "dark"
    assert settings["expansions"] == ["base", "ca"] and settings["default_face"] == "B"
    assert settings["recent_cards"] == [1, 2, 3]


def test_importing_twice_doubles_nothing(imported: Store) -> None:
    counts = imported.import_file(FIXTURE)
    assert counts == {"games": 0, "games_updated": 0, "games_unchanged": 5, "attempts": 0,
                      "attempts_updated": 0, "attempts_unchanged": 2, "campaigns": 0,
                      "campaigns_updated": 0, "campaigns_unchanged": 1, "players": 0,
                      "games_deleted": 0, "campaigns_deleted": 0}
    assert len(imported.games()) == 5 and len(imported.attempts()) == 2
