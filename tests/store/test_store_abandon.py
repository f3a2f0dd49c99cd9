"""Abandoning a game in progress: kept whole in the history, never hidden, resumable."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from store_samples import bare, fake_record, play, record

from companion.cli import main
from companion.store import Store, StoreError, open_store
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE


def ids(games: list[dict[str, Any]]) -> list[str]:
    return [g["id"] for g in games]


def later(new: str, old: str) -> bool:
    def utc(stamp: str) -> datetime:
        return datetime.fromisoformat(stamp).astimezone()

    return utc(new) > utc(old)


def test_abandon_moves_the_game_to_the_history(store: Store) -> None:
    store.save_game(fake_record("done", 4, finished=True))
    store.save_game(fake_record("old", 5, minutes=10))
    store.save_game(fake_record("new", 6, minutes=20))
    assert ids(store.ongoing_games()) == ["new", "old"]
    assert bare(store.ongoing_games()[0]) == fake_record("new", 6, minutes=20)
    assert store.abandon_game("new") is True
    assert bare(store.current_game()) == fake_record("old", 5, minutes=10)
    assert ids(store.ongoing_games()) == ids(store.games(finished=False)) == ["old"]
    history = store.games(finished=True)
    assert ids(history) == ["new", "done"], "abandoned just now: the newest of the history"
    assert history[0]["abandoned"] is True and history[0]["finished"] is False
    assert "actions" not in history[0]
    kept = store.game("new")
    assert kept is not None and kept["actions"] == fake_record("new", 6)["actions"]
    assert later(kept["updated"], fake_record("new", 6, minutes=20)["updated"])
    full = store.games(finished=True, with_actions=True)
    assert full[0] == kept
    assert ids(store.games()) == ["new", "old", "done"]


def test_only_a_game_in_progress_can_be_abandoned(store: Store) -> None:
    store.save_game(fake_record("done", 4, finished=True))
    store.save_game(fake_record("g", 4))
    assert store.abandon_game("g") is True
    before = store.export_all()
    assert store.abandon_game("g") is False
    assert store.abandon_game("done") is False
    assert store.abandon_game("nope") is False
    assert store.resume_game("done") is False
    assert store.resume_game("nope") is False
    assert store.export_all() == before


def test_abandon_and_resume_survive_reopening(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 7))
        assert store.abandon_game("g")
    assert '"id":"g"' not in (folder / ONGOING_FILE).read_text()
    assert '"abandoned":true' in (folder / ARCHIVE_DIR / "2025-01.json").read_text()
    with open_store(folder) as store:
        assert store.current_game() is None and store.ongoing_games() == []
        assert ids(store.games(finished=True)) == ["g"]
        abandoned = store.game("g")
        assert abandoned is not None and abandoned["abandoned"] is True
        assert store.resume_game("g") is True
        resumed = store.current_game()
        assert resumed is not None and "abandoned" not in resumed
        assert later(resumed["updated"], abandoned["updated"])
    with open_store(folder) as store:
        assert ids(store.ongoing_games()) == ["g"] and store.games(finished=True) == []
        assert store.game("g") == resumed
        assert '"id":"g"' not in (folder / ARCHIVE_DIR / "2025-01.json").read_text()


def test_a_crash_between_the_files_keeps_the_newest_copy(folder: Path) -> None:
    """abandon/resume write a newer 'updated': `_reconcile` keeps that copy after a crash."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 7))
        ongoing = (folder / ONGOING_FILE).read_bytes()
        store.abandon_game("g")
    (folder / ONGOING_FILE).write_bytes(ongoing)  # killed before removing it from there
    with open_store(folder) as store:
        assert store.current_game() is None
        assert store.games(finished=True)[0]["abandoned"] is True
        main_file = (folder / MAIN_FILE).read_bytes()
        shard = (folder / ARCHIVE_DIR / "2025-01.json").read_bytes()
        store.resume_game("g")
    (folder / MAIN_FILE).write_bytes(main_file)  # killed before leaving the history
    (folder / ARCHIVE_DIR / "2025-01.json").write_bytes(shard)
    with open_store(folder) as store:
        assert ids(store.ongoing_games()) == ["g"] and store.games(finished=True) == []


def _failing_replace(call: int) -> tuple[list[str], Callable[..., None]]:
    real = os.replace
    calls: list[str] = []

    def replace(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(Path(target).name)
        if len(calls) == call:
            raise OSError(28, "No space left on device")
        real(source, target, *args, **kwargs)

    return calls, replace


def files(folder: Path) -> dict[str, Any]:
    """The content of each data file (as JSON: a write taken back may reorder its keys)."""
    return {str(p.relative_to(folder)): json.loads(p.read_bytes())
            for p in sorted(folder.rglob("*.json")) if "backups" not in p.parts}


# The first rename of a multi-file commit is its commit point (see journal.py); a failure
# at each later step is tested, for every operation, in test_store_commit.py.
@pytest.mark.parametrize("call", [1])
def test_a_failed_abandon_leaves_the_game_in_progress(folder: Path, call: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 7))
        store.save_game(fake_record("done", 3, finished=True))
        before, exported = files(folder), store.export_all()
        calls, replace = _failing_replace(call)
        monkeypatch.setattr("companion.store.atomic.os.replace", replace)
        with pytest.raises(StoreError, match="No space left"):
            store.abandon_game("g")
        monkeypatch.undo()
        assert calls[:call] == ["commit.json"]
        assert files(folder) == before, "the writes already made were taken back"
        assert not list(folder.rglob("*.tmp"))
        assert store.export_all() == exported
        assert bare(store.current_game()) == fake_record("g", 7)
    with open_store(folder) as store:
        assert bare(store.current_game()) == fake_record("g", 7)
        assert ids(store.games(finished=True)) == ["done"]


@pytest.mark.parametrize("call", [1])
def test_a_failed_resume_leaves_the_game_abandoned(folder: Path, call: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 7))
        store.abandon_game("g")
        before, exported = files(folder), store.export_all()
        calls, replace = _failing_replace(call)
        monkeypatch.setattr("companion.store.atomic.os.replace", replace)
        with pytest.raises(StoreError, match="No space left"):
            store.resume_game("g")
        monkeypatch.undo()
        assert calls[:call] == ["commit.json"]
        assert files(folder) == before and store.export_all() == exported
        assert store.current_game() is None
    with open_store(folder) as store:
        assert store.current_game() is None
        assert store.games(finished=True)[0]["abandoned"] is True


@pytest.mark.parametrize("replace", [False, True])
def test_export_and_import_carry_it(folder: Path, tmp_path: Path, replace: bool) -> None:
    game = play(5, limit=30, finish=False)
    with open_store(folder) as store:
        store.save_game(record("g", game))
        store.abandon_game("g")
        store.export_file(tmp_path / "export.json")
    exported = json.loads((tmp_path / "export.json").read_text())
    assert exported["games"][0]["abandoned"] is True
    with open_store(tmp_path / "other") as other:
        assert other.import_file(tmp_path / "export.json", replace=replace)["games"] == 1
        assert other.current_game() is None
        assert other.games(finished=True)[0]["abandoned"] is True
        assert other.resume_game("g")
        resumed = other.current_game()
        assert resumed is not None and resumed["actions"] == record("g", game)["actions"]


@pytest.mark.parametrize(("value", "problem"), [
    ("yes", "must be true or false"),
    (None, "must be true or false"),
])
def test_the_field_is_checked(store: Store, value: object, problem: str) -> None:
    with pytest.raises(StoreError, match=problem):
        store.save_game(fake_record("g", 3) | {"abandoned": value})


def test_a_finished_game_cannot_be_abandoned(store: Store) -> None:
    with pytest.raises(StoreError, match="cannot be abandoned"):
        store.save_game(fake_record("g", 3, finished=True) | {"abandoned": True})
    store.save_game(fake_record("g", 3, finished=True) | {"abandoned": False})
    assert store.games(finished=True)[0]["abandoned"] is False


def test_saving_an_abandoned_game_as_played_on_resumes_it(store: Store) -> None:
    """The app's own record of a game carries no 'abandoned': saving it continues it."""
    store.save_game(fake_record("g", 3))
    store.abandon_game("g")
    store.save_game(fake_record("g", 4, minutes=600))
    assert bare(store.current_game()) == fake_record("g", 4, minutes=600)
    assert store.games(finished=True) == []


def test_history_command_marks_abandoned_games(folder: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("done", 5, finished=True))
        store.save_game(fake_record("g", 7))
        store.abandon_game("g")
        assert main(["--data-dir", str(folder), "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].endswith("abandoned") and "points" not in lines[0]
    assert lines[1].endswith("5 points")


def test_a_read_only_store_shows_abandoned_games(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 7))
        store.abandon_game("g")
        with open_store(folder, read_only=True) as reader:
            assert reader.games(finished=True) == store.games(finished=True)
            assert reader.ongoing_games() == [] and reader.current_game() is None
            assert reader.game("g") == store.game("g")
