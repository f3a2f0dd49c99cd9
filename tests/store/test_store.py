"""What the app saves comes back, in the right place and order, across reopening."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from store_samples import attempt, bare, fake_record, record

from companion.rules.game import Game
from companion.shipped.catalog import catalog
from companion.store import Store, StoreError, open_store
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE


def reopen(store: Store) -> Store:
    store.close()
    return open_store(store.folder)


def test_an_unfinished_game_resumes_exactly(store: Store, games: list[Game]) -> None:
    saved = record("g1", games[0], finished=False)
    store.save_game(saved)
    store = reopen(store)
    try:
        current = store.current_game()
        assert bare(current) == saved
        resumed = Game.from_json({"actions": current["actions"], "redo": current["redo"]},
                                 catalog())
        assert resumed.to_json()["actions"] == games[0].to_json()["actions"]
    finally:
        store.close()


def test_each_action_saved_replaces_the_previous_version(store: Store) -> None:
    for count in range(1, 30):
        store.save_game(fake_record("g", count))
    assert bare(store.game("g")) == fake_record("g", 29)
    assert len(store.games()) == 1


def test_a_finished_game_moves_to_the_archive(store: Store, games: list[Game]) -> None:
    store.save_game(record("g1", games[1], finished=False))
    finished = record("g1", games[1])
    store.save_game(finished)
    assert store.current_game() is None
    assert bare(store.game("g1")) == finished
    ongoing = json.loads((store.folder / ONGOING_FILE).read_text())
    assert "g1" not in json.dumps(ongoing.get("games", {}))
    shard = store.folder / ARCHIVE_DIR / "2025-01.json"
    assert finished["actions"][1] in next(iter(json.loads(shard.read_text())["games"].values()))[
        "actions"]
    main = (store.folder / MAIN_FILE).read_text()
    assert '"actions"' not in main, "the history index must not carry action lists"


def test_history_lists_summaries_newest_first(store: Store) -> None:
    for number, minutes in enumerate([30, 10, 50, 20]):
        store.save_game(fake_record(f"f{number}", 5, finished=True, minutes=minutes))
    store.save_game(fake_record("open", 3, minutes=5))
    finished = store.games(finished=True)
    assert [g["id"] for g in finished] == ["f2", "f0", "f3", "f1"]
    assert all("actions" not in g for g in finished)
    assert [g["id"] for g in store.games(finished=False)] == ["open"]
    assert len(store.games()) == 5
    full = store.games(finished=True, with_actions=True)
    assert bare(full[0]) == fake_record("f2", 5, finished=True, minutes=50)


def test_order_uses_real_time_across_utc_offsets(store: Store) -> None:
    early = fake_record("early", 3, finished=True) | {"updated": "2025-03-01T12:00:00+05:00"}
    late = fake_record("late", 3, finished=True) | {"updated": "2025-03-01T08:00:00+00:00"}
    store.save_game(early)
    store.save_game(late)
    assert [g["id"] for g in store.games()] == ["late", "early"]


def test_current_game_is_the_latest_unfinished(store: Store) -> None:
    store.save_game(fake_record("a", 10, minutes=0))
    store.save_game(fake_record("b", 3, minutes=1))
    store.save_game(fake_record("c", 4, finished=True, minutes=500))
    current = store.current_game()
    assert current is not None and current["id"] == "a"


def test_reopening_a_finished_game_moves_it_back(store: Store) -> None:
    store.save_game(fake_record("g", 8, finished=True))
    store.save_game(fake_record("g", 9, finished=False))
    assert store.games(finished=True) == []
    assert bare(store.game("g")) == fake_record("g", 9)
    store = reopen(store)
    try:
        assert bare(store.game("g")) == fake_record("g", 9)
    finally:
        store.close()


def test_delete_game(store: Store) -> None:
    store.save_game(fake_record("a", 4))
    store.save_game(fake_record("b", 4, finished=True))
    assert store.delete_game("a") and store.delete_game("b")
    assert not store.delete_game("b")
    assert store.games() == [] and store.game("b") is None


def test_returned_records_are_copies(store: Store) -> None:
    saved = fake_record("g", 4)
    store.save_game(saved)
    saved["actions"].append({"type": "next"})
    got = store.game("g")
    assert got is not None
    got["actions"].clear()
    assert bare(store.game("g")) == fake_record("g", 4)


def test_extra_fields_are_kept(store: Store) -> None:
    store.save_game(fake_record("g", 4) | {"notes": {"weather": "rain"}, "players": 3})
    got = store.game("g")
    assert got is not None and got["notes"] == {"weather": "rain"} and got["players"] == 3


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"id": ""}, "game.id"),
        ({"actions": "lots"}, "game.actions"),
        ({"actions": [{"card": 3}]}, "game.actions[0]"),
        ({"mode": "duel"}, "game.mode"),
        ({"created": "yesterday"}, "game.created"),
        ({"finished": "yes"}, "game.finished"),
        ({"score": 12}, "game.score"),
        ({"players": [1, 2]}, "game.players[0]"),
        ({"when": object()}, "not plain JSON"),
    ],
)
def test_bad_records_are_refused_clearly(store: Store, change: dict[str, object],
                                         words: str) -> None:
    store.save_game(fake_record("g", 4))
    with pytest.raises(StoreError, match=words.replace("[", r"\[").replace("]", r"\]")):
        store.save_game(fake_record("g", 5) | change)
    assert bare(store.game("g")) == fake_record("g", 4)


def test_missing_fields_are_named(store: Store) -> None:
    with pytest.raises(StoreError, match="missing created, updated"):
        store.save_game({"id": "g", "actions": [], "mode": "solo", "finished": False})


def test_attempts_and_progress(store: Store) -> None:
    store.record_attempt(attempt("base-1", 80, medal="bronze", minutes=3))
    store.record_attempt(attempt("base-1", 130, medal="gold", minutes=9))
    store.record_attempt(attempt("base-1", 140, won=False, minutes=1))
    store.record_attempt(attempt("base-1", 120, medal="gold", minutes=20))
    store.record_attempt(attempt("base-2", 10, won=False))
    assert [a["score"] for a in store.attempts("base-1")] == [140, 80, 130, 120]
    assert len(store.attempts()) == 5
    store = reopen(store)
    try:
        assert store.scenario_progress("base-1") == {
            "attempts": 4, "wins": 3, "best_score": 140, "best_medal": "gold",
            "first_gold_date": attempt("x", 0, minutes=9)["date"]}
        assert store.scenario_progress("nothing")["attempts"] == 0
    finally:
        store.close()


@pytest.mark.parametrize(
    "change",
    [{"medal": "gold", "won": False}, {"medal": "platinum"}, {"score": "12"},
     {"score": True}, {"date": "soon"}, {"extra": 1}, {"scenario": None}],
)
def test_bad_attempts_are_refused(store: Store, change: dict[str, object]) -> None:
    with pytest.raises(StoreError):
        store.record_attempt(attempt("base-1", 10) | change)
    assert store.attempts() == []


def test_campaigns_are_stored_as_given(store: Store) -> None:
    first = {"id": "c1", "players": ["Ana", "Bo"], "results": [{"scenario": "x", "score": 3}]}
    store.save_campaign(first)
    store.save_campaign({"id": "c2"})
    store.save_campaign(first | {"winner": "Bo"})
    kept = store.campaign("c1")
    assert kept is not None and datetime.fromisoformat(kept.pop("updated"))  # by the store
    assert kept == first | {"winner": "Bo"}
    assert [c["id"] for c in store.campaigns()] == ["c1", "c2"]
    assert store.campaign("nope") is None
    for bad in ({"players": []}, {"id": 3}, ["c3"]):
        with pytest.raises(StoreError):
            store.save_campaign(bad)  # type: ignore[arg-type]


def test_players_are_kept_once(store: Store) -> None:
    assert store.add_player("  Ana ") == "Ana"
    assert store.add_player("ANA") == "Ana"
    store.add_player("Bo")
    assert store.players() == ["Ana", "Bo"]
    for bad in ("", "   ", "x" * 61, "a\nb", 7):
        with pytest.raises(StoreError):
            store.add_player(bad)  # type: ignore[arg-type]


def test_settings_are_checked(store: Store) -> None:
    assert store.settings()["language"] == "en"
    store.update_settings(language="fr", theme="dark", expansions=["base", "wop"],
                          default_face="B")
    store = reopen(store)
    try:
        assert store.settings() == {"language": "fr", "theme": "dark",
                                    "expansions": ["base", "wop"], "default_face": "B",
                                    "recent_cards": []}
        for bad in ({"language": "klingon"}, {"theme": "pink"}, {"expansions": ["base", "x"]},
                    {"expansions": []}, {"default_face": "Z"}, {"volume": 3}):
            with pytest.raises(StoreError):
                store.update_settings(**bad)
        assert store.settings()["theme"] == "dark"
    finally:
        store.close()


def test_a_closed_store_says_so(folder: Path) -> None:
    store = open_store(folder)
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.games()
    with open_store(folder) as again:
        assert again.games() == []


def test_ending_a_game_again_replaces_its_attempt(tmp_path) -> None:
    from companion.store import open_store

    with open_store(tmp_path) as store:
        attempt = {"scenario": "base-1", "date": "2026-01-02T10:00:00", "score": 80,
                   "won": True, "medal": "bronze", "game": "g1"}
        store.record_attempt(attempt)
        store.record_attempt(attempt | {"score": 96, "medal": "silver"})
        store.record_attempt(attempt | {"game": "g2", "score": 50, "won": False,
                                        "medal": None})
        assert [a["score"] for a in store.attempts("base-1")] == [96, 50]
        assert store.scenario_progress("base-1")["best_medal"] == "silver"


def test_recent_cards_are_a_setting(tmp_path) -> None:
    import pytest

    from companion.store import StoreError, open_store

    with open_store(tmp_path) as store:
        store.update_settings(recent_cards=[9, 18])
        assert store.settings()["recent_cards"] == [9, 18]
        with pytest.raises(StoreError, match="known card numbers"):
            store.update_settings(recent_cards=[9, 4242])
        assert store.settings()["recent_cards"] == [9, 18]


def test_a_game_set_aside_is_kept_whole_in_an_importable_file(tmp_path) -> None:
    import json

    from companion.store import open_store

    game = {"id": "bad/1", "mode": "solo", "created": "2026-11-21T10:00:00",
            "updated": "2026-11-21T10:00:00", "finished": False,
            "actions": [{"type": "start", "empire": "Noram States"}], "redo": []}
    with open_store(tmp_path) as store:
        store.save_game(game)
        path = store.set_aside_game("bad/1")
        assert path is not None and path.parent == tmp_path / "set-aside"
        assert store.game("bad/1") is None
        assert store.set_aside_game("bad/1") is None
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["games"][0]["actions"] == game["actions"]
