"""What a read-only store sees while the app writes: a game in both files (moved between
them by a save it straddled) shown once, and an archive month a commit being switched
adds, read from the commit (`_keep_newest`, `_shard_paths`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_samples import bare, fake_record, left_between

from companion.store import journal, open_store
from companion.store.schema import ONGOING_FILE


def test_every_game_in_both_files_is_shown_once(folder: Path) -> None:
    """x is only in progress; g was finished after ongoing.json was read."""
    with open_store(folder) as store:
        store.save_game(fake_record("x", 3, minutes=0))
    left_between(folder, fake_record("g", 5, minutes=1),
                 fake_record("g", 6, finished=True, minutes=1), [ONGOING_FILE])
    with open_store(folder, read_only=True) as reader:
        assert sorted(g["id"] for g in reader.games()) == ["g", "x"]
        assert bare(reader.game("g")) == fake_record("g", 6, finished=True, minutes=1)
        assert [g["id"] for g in reader.ongoing_games()] == ["x"]


def test_a_game_saved_at_the_same_moment_in_both_files_is_its_finished_copy(
        folder: Path) -> None:
    """The same last change in both: the history's copy, as the app's `_reconcile`."""
    left_between(folder, fake_record("g", 5), fake_record("g", 5, finished=True),
                 [ONGOING_FILE])
    with open_store(folder, read_only=True) as reader:
        assert [g["id"] for g in reader.games()] == ["g"]
        assert reader.games()[0]["finished"] is True
        assert reader.ongoing_games() == []


def test_a_month_a_commit_is_adding_is_read_from_the_commit(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit is written and not yet switched: the month is still in its temp file."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
    month = folder / "archive" / "2025-01.json"
    committed = {month: month.read_bytes()}
    month.unlink()
    monkeypatch.setattr(journal, "view", lambda where: (b"a manifest", dict(committed)))
    with open_store(folder, read_only=True) as reader:
        assert reader.notices == [], "not missing: on its way"
        assert len(reader.game("g")["actions"]) == 4  # type: ignore[index]
        assert [g["id"] for g in reader.export_all()["games"]] == ["g"]


def test_only_the_archive_s_months_of_a_commit_are_read_as_months(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game set aside under a name like a month's (its id was "2025-02"), set aside
    again by the commit, is no month: neither checked nor read as one."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
    aside = folder / "set-aside" / "2025-02.json"
    aside.parent.mkdir()
    aside.write_bytes(b"{}")
    monkeypatch.setattr(journal, "view", lambda where: (b"a manifest", {aside: b"{}"}))
    with open_store(folder, read_only=True) as reader:
        assert reader.notices == []
        assert [g["id"] for g in reader.games()] == ["g"]
