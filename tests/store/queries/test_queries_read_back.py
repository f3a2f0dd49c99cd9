"""What each query of the store reads back (issue 31): the campaigns, players, settings,
deletion marks and scenario attempts saved, the games in progress apart from the
history, listings without the moves unless asked, and an export naming every part."""

from __future__ import annotations

import json
from pathlib import Path

from store_samples import attempt, bare, fake_record, lose_january

from companion.store import Store, open_store
from companion.store.schema import SCHEMA_VERSION
from companion.store.validate import DEFAULT_SETTINGS, EXPORT_FORMAT


def filled(store: Store) -> None:
    """Two finished games (archived), one in progress, attempts of two scenarios, two
    campaigns, two players, changed settings, and a game and a campaign deleted."""
    store.save_game(fake_record("old", 5, finished=True))
    store.save_game(fake_record("won", 4, finished=True, minutes=60 * 24 * 40))
    store.save_game(fake_record("open", 3, minutes=60 * 24 * 41))
    store.save_game(fake_record("gone", 2, minutes=60 * 24 * 42))
    store.record_attempt(attempt("base-1", 80, won=False, minutes=10))
    store.record_attempt(attempt("base-2", 120, medal="gold", minutes=20))
    store.record_attempt(attempt("base-1", 95, medal="bronze", minutes=30))
    store.save_campaign({"id": "second"})
    store.save_campaign({"id": "first"})
    store.save_campaign({"id": "dropped"})
    store.add_player("Ana")
    store.add_player("Bo")
    store.update_settings(language="fr")
    assert store.delete_game("gone") and store.delete_campaign("dropped")


def test_campaigns_players_and_settings_are_read_back(folder: Path) -> None:
    with open_store(folder) as store:
        assert store.settings() == DEFAULT_SETTINGS
        filled(store)
    with open_store(folder) as store:
        first = store.campaign("first")
        assert first is not None and first["id"] == "first"
        assert store.campaign("dropped") is None and store.campaign("never") is None
        assert [c["id"] for c in store.campaigns()] == ["second", "first"]
        assert store.campaigns()[1] == first
        assert store.players() == ["Ana", "Bo"]
        assert store.settings() == DEFAULT_SETTINGS | {"language": "fr"}
        assert [(m["kind"], m["id"]) for m in store.deletions()] == [
            ("campaign", "dropped"), ("game", "gone")]


def test_a_scenarios_progress_counts_its_own_attempts_only(store: Store) -> None:
    filled(store)
    assert store.scenario_progress("base-1") == {
        "attempts": 2, "wins": 1, "best_score": 95, "best_medal": "bronze",
        "first_gold_date": None}
    assert [a["score"] for a in store.attempts("base-1")] == [80, 95]


def test_games_in_progress_are_whole_and_apart_from_the_history(store: Store) -> None:
    filled(store)
    in_progress = fake_record("open", 3, minutes=60 * 24 * 41)
    assert [bare(g) for g in store.ongoing_games()] == [in_progress]
    listed = store.games(finished=False)
    assert [g["id"] for g in listed] == ["open"] and "actions" not in listed[0]
    history = store.games(finished=True)
    assert [g["id"] for g in history] == ["won", "old"]
    assert all("actions" not in g and "redo" not in g for g in history)
    assert [g["id"] for g in store.games()] == ["open", "won", "old"]
    assert all("actions" not in g for g in store.games())


def test_an_export_names_each_part(store: Store) -> None:
    filled(store)
    data = store.export_all()
    assert data["format"] == EXPORT_FORMAT and data["schema_version"] == SCHEMA_VERSION
    assert data["settings"] == store.settings()
    assert sorted(a["score"] for a in data["attempts"]) == [80, 95, 120]
    assert sorted(g["id"] for g in data["games"]) == ["old", "open", "won"]
    assert sorted(c["id"] for c in data["campaigns"]) == ["first", "second"]
    assert data["players"] == ["Ana", "Bo"]
    assert [m["id"] for m in data["deleted"]] == ["dropped", "gone"]


def test_the_export_file_holds_the_export(store: Store, tmp_path: Path) -> None:
    filled(store)
    written = store.export_file(tmp_path / "out.json")
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8")) == store.export_all()
    assert written == {"games": 3, "attempts": 3, "campaigns": 2, "players": 2}


def test_one_game_left_out_of_an_export_is_told_alone(folder: Path) -> None:
    """Its month lost with every copy: the export says so of the one game, in the
    singular."""
    with open_store(folder) as store:
        store.save_game(fake_record("lost", 6, finished=True))
        store.save_game(fake_record("kept", 4, finished=True, minutes=60 * 24 * 40))
        assert store.export_gaps() == []
    lose_january(folder)
    with open_store(folder) as store:
        assert [str(n) for n in store.export_gaps()] == [
            "1 game of your history is not in the export: its moves were lost when its"
            " archive file was damaged (January 1, 2025). It stays in your history with"
            " its score."]
