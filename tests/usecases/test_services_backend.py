"""The memory backend behaves as the store (`companion.usecases.services.MemoryBackend`):
every screen test runs on it, so a difference would be a test passing on a behaviour the
player never gets. The games' part runs on both, the real store in a temporary folder
beside it; the rest states the store's behaviour for the memory backend alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.rules.actions import NextStep, Start
from companion.shipped.catalog import catalog
from companion.store.errors import StoreConflict
from companion.usecases.services import Backend, MemoryBackend, Services, ServicesError, now
from companion.usecases.session import GameSession
from companion.usecases.store_backend import open_store_backend

STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")


@pytest.fixture(params=["memory", "store"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    if request.param == "memory":
        yield MemoryBackend()
        return
    store = open_store_backend(str(tmp_path / "data"))
    yield store
    store.close()


def record(game_id: str, updated: str = "2024-05-01T10:00:00+00:00", *, moves: int = 0
           ) -> dict[str, Any]:
    """A valid game record, as a session saves it, with the id and time given."""
    session = GameSession.new(Services(catalog=catalog(), backend=MemoryBackend()),
                              Start(empire="Noram States"))
    for _ in range(moves):
        session.play(NextStep())
    return {**session.record(), "id": game_id, "created": updated, "updated": updated}


def ids(records: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in records]


# --- on both backends -----------------------------------------------------------------


def test_each_save_is_a_new_revision_and_a_stale_one_is_refused_whole(backend: Backend
                                                                       ) -> None:
    game = record("g1")
    assert backend.save_game(game) == 1
    assert backend.save_game(game, expected_revision=1) == 2
    assert backend.save_game(game) == 3
    with pytest.raises(StoreConflict) as refused:
        backend.save_game(record("g1", moves=1), expected_revision=2)
    assert str(refused.value) == (
        "This game was changed in another window or tab (it is at save 3, this one showed "
        "save 2). Nothing was saved: the game is shown again as it is now.")
    assert (refused.value.game_id, refused.value.stored, refused.value.expected) == ("g1", 3, 2)
    kept = backend.game("g1")
    assert kept is not None and (kept["revision"], len(kept["actions"])) == (3, 1)
    assert backend.save_game(record("g2"), expected_revision=0) == 1
    with pytest.raises(StoreConflict) as refused:
        backend.save_game(record("g3"), expected_revision=1)
    assert (refused.value.stored, refused.value.expected) == (0, 1)
    assert backend.game("g3") is None


def test_what_is_saved_or_read_is_a_copy(backend: Backend) -> None:
    game = record("g1", moves=1)
    backend.save_game(game)
    game["actions"].append({"type": "next"})
    game["built"].append(1)
    read = backend.game("g1")
    assert read is not None and len(read["actions"]) == 2
    read["actions"].clear()
    ongoing = backend.ongoing_games()
    ongoing[0]["actions"].clear()
    again = backend.game("g1")
    assert again is not None and len(again["actions"]) == 2 and again["built"] == []


def test_games_in_progress_are_whole_newest_first_and_exclude_the_history(
        backend: Backend) -> None:
    backend.save_game(record("a", "2024-05-01T10:00:00+00:00"))
    backend.save_game(record("c", "2024-05-01T09:00:00+00:00"))
    backend.save_game(record("b", "2024-05-01T10:00:00+00:00"))
    backend.save_game(record("d", "2024-05-01T11:00:00+00:00"))
    assert ids(backend.ongoing_games()) == ["d", "b", "a", "c"]
    assert all("actions" in g and "redo" in g for g in backend.ongoing_games())
    assert backend.finished_games() == []
    assert backend.abandon_game("b") is True
    assert ids(backend.ongoing_games()) == ["d", "a", "c"]
    history = backend.finished_games()
    assert ids(history) == ["b"]
    assert history[0]["abandoned"] is True and "actions" not in history[0]
    assert "redo" not in history[0]


def test_a_game_is_abandoned_or_resumed_once_and_moves_to_now(backend: Backend) -> None:
    backend.save_game(record("g1", "2024-05-01T10:00:00+00:00"))
    assert backend.abandon_game("g1") is True
    assert backend.abandon_game("g1") is False  # already
    abandoned = backend.game("g1")
    assert abandoned is not None and abandoned["abandoned"] is True
    assert abandoned["updated"] > "2024-05-01T10:00:00+00:00"
    assert backend.resume_game("g1") is True
    assert backend.resume_game("g1") is False  # already
    resumed = backend.game("g1")
    assert resumed is not None and not resumed.get("abandoned")
    assert ids(backend.ongoing_games()) == ["g1"]
    assert backend.abandon_game("nobody") is False
    assert backend.resume_game("nobody") is False


def test_a_finished_game_is_neither_abandoned_nor_resumed(backend: Backend) -> None:
    done = record("g1")
    done["finished"] = True
    backend.finish_game(done, None)
    assert backend.abandon_game("g1") is False
    assert backend.resume_game("g1") is False
    history = backend.finished_games()
    assert ids(history) == ["g1"] and not history[0].get("abandoned")
    history[0]["built"].append(1)
    assert backend.finished_games()[0]["built"] == []
    assert backend.ongoing_games() == []


def test_finished_and_abandoned_games_are_the_history_newest_first(backend: Backend) -> None:
    for game_id, updated in (("a", "10"), ("b", "12"), ("c", "11"), ("d", "12")):
        done = record(game_id, f"2024-05-01T{updated}:00:00+00:00")
        done["finished"] = True
        backend.finish_game(done, None)
    backend.save_game(record("e", "2024-05-01T09:00:00+00:00"))
    assert ids(backend.finished_games()) == ["d", "b", "c", "a"]
    assert ids(backend.ongoing_games()) == ["e"]


def test_a_game_deleted_or_set_aside_is_gone(backend: Backend) -> None:
    backend.save_game(record("g1"))
    backend.save_game(record("g2"))
    backend.delete_game("g1")
    backend.delete_game("g1")  # twice: nothing to do
    assert backend.game("g1") is None
    where = backend.set_aside_game("g2")
    assert where is not None and Path(where).as_posix().endswith("set-aside/g2.json")
    assert backend.game("g2") is None and backend.ongoing_games() == []
    assert backend.set_aside_game("g2") is None


def test_a_finished_game_is_saved_with_its_revision_checked(backend: Backend) -> None:
    backend.save_game(record("g1"))
    done = record("g1")
    done["finished"] = True
    with pytest.raises(StoreConflict):
        backend.finish_game(done, None, expected_revision=0)
    assert backend.finish_game(done, None, expected_revision=1) == 2
    assert backend.attempts() == []


def test_settings_not_kept_by_the_store_are_remembered_in_memory(backend: Backend) -> None:
    services = Services(catalog=catalog(), backend=backend)
    assert services.setting("a-tab-only-thing", "default") == "default"
    services.set_setting("a-tab-only-thing", {"size": 3})
    assert services.setting("a-tab-only-thing", "default") == {"size": 3}
    assert backend.setting("a-tab-only-thing", None) == {"size": 3}
    assert services.setting("another", 7) == 7


# --- the memory backend alone ---------------------------------------------------------


def test_the_time_of_a_save_is_utc_to_the_second() -> None:
    before = datetime.now(UTC).replace(microsecond=0)
    stamp = now()
    assert STAMP.fullmatch(stamp)
    assert before <= datetime.fromisoformat(stamp) <= before + timedelta(seconds=2)


def test_a_game_imported_without_its_revision_is_at_save_0() -> None:
    memory = MemoryBackend(games={"g1": record("g1")})
    assert memory.save_game(record("g1"), expected_revision=0) == 1
    assert memory.saves == 1
    memory.save_game(record("g1"))
    assert memory.saves == 2


def test_one_attempt_per_game_oldest_first_of_one_scenario_or_all() -> None:
    memory = MemoryBackend()
    first = {"scenario": "s1", "date": "2024-05-02", "score": 40, "game": "g1"}
    memory.record_attempt(first)
    memory.record_attempt({"scenario": "s2", "date": "2024-05-01", "score": 10, "game": None})
    memory.record_attempt({"scenario": "s2", "date": "2024-05-03", "score": 20})
    memory.record_attempt({"scenario": "s1", "date": "2024-05-04", "score": 50, "game": "g1"})
    memory.record_attempt({"scenario": "s2", "date": "2024-04-30", "score": 5})
    first["score"] = 0
    assert [(a["scenario"], a["score"]) for a in memory.attempts()] == [
        ("s2", 5), ("s2", 10), ("s2", 20), ("s1", 50)]
    assert [a["score"] for a in memory.attempts("s2")] == [5, 10, 20]
    assert [a["score"] for a in memory.attempts("s1")] == [50]
    assert memory.attempts("s3") == []
    memory.attempts()[0]["score"] = 99
    assert memory.attempts()[0]["score"] == 5


def test_a_finished_scenario_game_keeps_its_attempt_in_the_same_step() -> None:
    memory = MemoryBackend()
    done = record("g1")
    done["finished"] = True
    attempt = {"scenario": "s1", "date": "2024-05-02", "score": 40, "game": "g1"}
    assert memory.finish_game(done, attempt) == 1
    assert memory.attempts() == [attempt]
    game = memory.game("g1")
    assert game is not None and game["finished"] is True


def test_a_campaign_is_saved_replaced_read_and_deleted_as_copies() -> None:
    memory = MemoryBackend()
    war: dict[str, Any] = {"id": "war", "plays": [1]}
    memory.save_campaign(war)
    memory.save_campaign({"id": "peace", "plays": []})
    war["plays"].append(2)
    assert memory.campaign("war") == {"id": "war", "plays": [1]}
    memory.save_campaign({"id": "war", "plays": [1, 2, 3]})
    assert memory.campaigns() == [{"id": "war", "plays": [1, 2, 3]}, {"id": "peace", "plays": []}]
    found = memory.campaign("war")
    assert found is not None
    found["plays"].clear()
    memory.campaigns()[0]["plays"].clear()
    assert memory.campaign("war") == {"id": "war", "plays": [1, 2, 3]}
    assert memory.campaign("nothing") is None
    assert memory.delete_campaign("war") is True
    assert memory.delete_campaign("war") is False
    assert memory.campaigns() == [{"id": "peace", "plays": []}]


def test_an_export_holds_everything_and_is_a_copy() -> None:
    memory = MemoryBackend(settings={"language": "fr"}, player_list=["Ana"])
    memory.save_game(record("g1"))
    memory.record_attempt({"scenario": "s1", "date": "d", "game": None})
    memory.save_campaign({"id": "war"})
    exported = memory.export_all()
    assert exported == {"format": "wonderful-companion", "games": [memory.games["g1"]],
                        "attempts": [{"scenario": "s1", "date": "d", "game": None}],
                        "campaigns": [{"id": "war"}], "players": ["Ana"],
                        "settings": {"language": "fr"}}
    exported["games"][0]["actions"].clear()
    exported["settings"]["language"] = "de"
    exported["players"].append("Bo")
    assert memory.games["g1"]["actions"] and memory.settings == {"language": "fr"}
    assert memory.players() == ["Ana"]


@pytest.mark.parametrize("data", [None, [], "wonderful-companion", {"format": "other"},
                                  {"games": []}])
def test_a_file_that_is_no_export_is_refused_whole(data: object) -> None:
    memory = MemoryBackend()
    with pytest.raises(ServicesError) as refused:
        memory.import_all(data)
    assert str(refused.value) == "This file is not an export of Wonderful Companion."


def test_an_import_adds_to_what_is_there_or_replaces_it() -> None:
    memory = MemoryBackend(player_list=["Ana"], settings={"language": "fr"})
    memory.save_game(record("old"))
    memory.record_attempt({"scenario": "s0", "date": "a"})
    memory.save_campaign({"id": "c0"})
    data: dict[str, Any] = {
        "format": "wonderful-companion", "games": [record("g1"), record("g2")],
            "attempts": [{"scenario": "s1", "date": "b"}], "campaigns": [{"id": "c1"}]}
    told = memory.import_all(data)
    assert told == {"games": 2, "games_updated": 0, "games_unchanged": 0, "attempts": 1,
                    "attempts_updated": 0, "attempts_unchanged": 0, "campaigns": 1,
                    "campaigns_updated": 0, "campaigns_unchanged": 0, "players": 0}
    assert sorted(memory.games) == ["g1", "g2", "old"]
    assert [a["scenario"] for a in memory.attempts()] == ["s0", "s1"]
    assert [c["id"] for c in memory.campaigns()] == ["c0", "c1"]
    data["games"][0]["actions"].clear()
    data["attempts"][0]["scenario"] = "changed"
    data["campaigns"][0]["id"] = "changed"
    assert memory.games["g1"]["actions"]
    assert [a["scenario"] for a in memory.attempts()] == ["s0", "s1"]
    assert [c["id"] for c in memory.campaigns()] == ["c0", "c1"]
    memory.import_all({"format": "wonderful-companion", "games": [record("g3")]},
                      replace=True)
    assert (sorted(memory.games), memory.attempts(), memory.campaigns()) == (["g3"], [], [])
    assert memory.players() == ["Ana"] and memory.settings == {"language": "fr"}
    assert memory.import_all({"format": "wonderful-companion"})["games"] == 0
    assert sorted(memory.games) == ["g3"]  # added to, not replaced, by default


def test_a_reset_forgets_everything_but_the_settings() -> None:
    memory = MemoryBackend(settings={"language": "fr"}, player_list=["Ana"],
                           messages=["Your folder was repaired"])
    memory.save_game(record("g1"))
    memory.record_attempt({"scenario": "s1", "date": "d"})
    memory.save_campaign({"id": "war"})
    memory.reset()
    assert (memory.games, memory.attempts(), memory.campaigns(), memory.players()) == (
        {}, [], [], [])
    assert memory.setting("language", "en") == "fr"
    assert memory.notices() == ["Your folder was repaired"]
    memory.notices().clear()
    assert memory.notices() == ["Your folder was repaired"]
    assert memory.data_folder() is None and memory.export_gaps() == []


def test_a_game_set_aside_in_memory_is_kept_there() -> None:
    memory = MemoryBackend()
    memory.save_game(record("g1"))
    assert memory.set_aside_game("g1") == "set-aside/g1.json"
    assert [r["id"] for r in memory.set_aside] == ["g1"]
