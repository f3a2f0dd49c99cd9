"""Derived values are derived: an import works out a game's end and score from its moves,
an attempt's result from its scenario's rules, and rebuilds every campaign
(`companion/store/derive.py`); player names are one player in any Unicode form."""

from __future__ import annotations

import copy
import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt, lost_scenario_game, play, record

from companion.rules.game import Game
from companion.shipped.catalog import catalog
from companion.store import Store, StoreError, schema
from companion.store.derive import correction_notes
from companion.store.store import _check_actions
from companion.store.validate import export_document

FIXTURE = Path(__file__).parent / "fixtures" / "export-v1.json"


def export(**content: Any) -> dict[str, Any]:
    return {"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
            **content}


def checked(data: dict[str, Any]) -> Any:
    return export_document(copy.deepcopy(data), schema.SCHEMA_VERSION, _check_actions)


def unfinished_round_4() -> Game:
    for seed in range(50):
        game = play(seed, limit=400, finish=False)
        if not game.state.finished and game.state.round >= 4:
            return game
    raise AssertionError("no sample game reaches round 4")


def test_a_game_claiming_999_points_is_imported_unfinished(store: Store) -> None:
    game = unfinished_round_4()
    lying = record("liar", game, finished=True, score={"total": 999}, built=[1, 2, 3],
                   round=5)
    result = checked(export(games=[lying]))
    assert result.corrections == {"games_corrected": 1, "attempts_corrected": 0}
    fixed = result.games[0]
    assert (fixed["finished"], fixed["score"], fixed["round"]) == (False, None,
                                                                    game.state.round)
    assert fixed["built"] == game.state.built_ids()
    store.import_all(export(games=[lying]))
    assert store.games(finished=True) == []
    assert [g["id"] for g in store.ongoing_games()] == ["liar"]
    assert all(g.get("score") is None for g in store.games())


def test_a_finished_game_keeps_the_score_of_its_moves(store: Store) -> None:
    game = play(1)
    honest = record("honest", game, round=game.state.round, built=game.state.built_ids())
    assert checked(export(games=[honest])).corrections["games_corrected"] == 0
    understated = honest | {"finished": False, "score": None, "abandoned": True}
    result = checked(export(games=[understated]))
    assert result.corrections["games_corrected"] == 1
    assert result.games[0]["finished"] is True and "abandoned" not in result.games[0]
    assert result.games[0]["score"] == game.state.score().as_dict()
    inflated = honest | {"score": {**game.state.score().as_dict(), "total": 999}}
    store.import_all(export(games=[inflated]))
    (shown,) = store.games(finished=True)
    assert shown["score"]["total"] == game.state.score().total != 999


def test_a_game_gone_back_is_imported_with_its_undo_and_a_wrong_one_refused(
        store: Store) -> None:
    game = unfinished_round_4()
    game.go_back(len(game.actions) // 2)
    saved = record("back", game, round=game.state.round, built=game.state.built_ids(),
                   back=game.to_json()["back"])
    store.import_all(export(games=[saved]))
    (kept,) = store.ongoing_games()
    reloaded = Game.from_json({k: kept[k] for k in ("actions", "redo", "back")}, catalog())
    assert reloaded.to_json()["back"] == game.to_json()["back"]
    too_many = saved | {"id": "too-many", "back": {"undo": len(game.redo_actions) + 1}}
    with pytest.raises(StoreError, match="'back' must name"):
        store.import_all(export(games=[too_many]))


def scenario_game() -> tuple[Game, str]:
    """A base-1 game played to its end without building: it is lost."""
    return lost_scenario_game(), "base-1"


def test_an_attempt_takes_its_result_from_its_game_and_scenario() -> None:
    game, scenario = scenario_game()
    played = record("sc", game, scenario=scenario)
    claim = attempt(scenario, 130, won=True, medal="gold", game="sc")
    result = checked(export(games=[played], attempts=[claim]))
    assert result.corrections["attempts_corrected"] == 1
    assert result.attempts[0] | {"date": None} == {
        "id": claim["id"], "scenario": scenario, "date": None,
        "score": game.state.score().total, "won": False, "medal": None, "game": "sc"}


def test_an_attempt_without_its_game_gets_the_medal_its_score_earns() -> None:
    # base-1: bronze 70, silver 95, gold 115
    claims = [attempt("base-1", 96, medal="gold"), attempt("base-1", 120, medal="gold"),
              attempt("base-1", 50, medal=None), attempt("home-made-1", 10, medal="gold")]
    result = checked(export(attempts=claims))
    assert [a["medal"] for a in result.attempts] == ["silver", "gold", None, "gold"]
    assert result.corrections["attempts_corrected"] == 1


def test_a_quick_score_is_scored_again_from_its_tableaux() -> None:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    quick = next(g for g in fixture["games"] if g.get("kind") == "quick-score")
    honest = checked(export(games=[quick]))
    assert honest.corrections["games_corrected"] == 0 and honest.games[0] == quick
    lying = copy.deepcopy(quick)
    lying["score"]["total"] = 999
    lying["tableaux"][1]["score"]["total"] = 998
    lying["tableaux"][1]["place"] = 1
    result = checked(export(games=[lying]))
    assert result.corrections["games_corrected"] == 1
    assert result.games[0] == quick


def test_the_fixture_export_needs_no_correction() -> None:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data = schema.migrate_export(fixture)
    assert checked(data).corrections == {"games_corrected": 0, "attempts_corrected": 0}


@pytest.mark.parametrize(("campaign", "message"), [
    ({"scenarios": "not a list"}, r"campaigns\[0\].*scenarios"),
    ({"box": "no-such-box"}, "not installed"),
    ({"players": ["Ana", "ana"]}, "listed twice"),
    ({"final_winner": "Ana"}, "says Ana won"),
])
def test_a_campaign_its_rules_cannot_rebuild_is_refused(store: Store, campaign: dict[str, Any],
                                                        message: str) -> None:
    good = {"id": "c-1", "name": "Friday", "box": "war-or-peace", "players": ["Ana", "Bo"],
            "scenarios": []}
    store.import_all(export(campaigns=[good]))
    with pytest.raises(StoreError, match=message):
        store.import_all(export(campaigns=[good | {"id": "c-2"} | campaign]))
    assert [c["id"] for c in store.campaigns()] == ["c-1"]


def test_corrections_are_told_in_sentences() -> None:
    assert correction_notes({"games_corrected": 0, "attempts_corrected": 0}) == []
    notes = correction_notes({"games_corrected": 2, "attempts_corrected": 1})
    assert notes[0].startswith("2 games") and notes[1].startswith("1 scenario attempt said")


COMPOSED = unicodedata.normalize("NFC", "Zoé")
DECOMPOSED = unicodedata.normalize("NFD", "Zoé")


def test_a_name_in_any_unicode_form_is_one_player(store: Store) -> None:
    assert COMPOSED != DECOMPOSED
    assert store.add_player(DECOMPOSED) == COMPOSED
    assert store.add_player(COMPOSED) == COMPOSED
    assert store.add_player("ZOÉ") == COMPOSED
    store.import_all(export(players=[DECOMPOSED, "Bo"]))
    assert store.players() == [COMPOSED, "Bo"]


def test_an_import_listing_one_name_in_two_forms_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="appears twice"):
        store.import_all(export(players=[COMPOSED, DECOMPOSED]))


def test_the_import_counts_and_the_command_tell_what_was_corrected(
        store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lying = record("liar", unfinished_round_4(), finished=True, score={"total": 999})
    counts = store.import_all(export(games=[lying]))
    assert counts["games_corrected"] == 1 and "attempts_corrected" not in counts
    honest = store.import_all(export(games=[record("fine", play(1))]))
    assert "games_corrected" not in honest
    store.close()
    (tmp_path / "lying.json").write_text(json.dumps(export(games=[lying | {"id": "l2"}])))
    from companion.cli import main

    assert main(["--data-dir", str(store.folder), "import", str(tmp_path / "lying.json")]) == 0
    out = capsys.readouterr().out
    assert "1 game said a score or an end that its moves do not give" in out
