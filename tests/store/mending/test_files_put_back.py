"""A damaged store.json is set aside and its last good copy put in its place: its
previous version, else the newest backup that reads whole and that this app can read.
What the player is told is pinned whole: which file, what was wrong, where it was kept,
what came back and what is lost."""

from __future__ import annotations

import errno
import json
import os
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from store_samples import fake_record

from companion.store import StoreError, open_store
from companion.store import mending as mending_module
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, SCHEMA_VERSION

NOT_JSON = "it is not valid JSON (cut short or corrupted)"


@pytest.fixture
def damaged(folder: Path) -> Path:
    """Two changes of store.json (the day's backup made after the first), the second
    lost to damage: its previous version holds the first."""
    with open_store(folder) as store:
        store.add_player("Ana")
        store.add_player("Bo")
    (folder / MAIN_FILE).write_bytes(b"{")
    return folder / MAIN_FILE


def aside(path: Path) -> Path:
    (found,) = path.parent.glob(f"{path.name}.damaged-*")
    return found


def from_backup(path: Path) -> str:
    return (f"The data file {path} was damaged ({NOT_JSON}). It was kept aside as"
            f" {aside(path)}. The backup of {date.today().isoformat()} was restored in its"
            " place; changes made after that backup are in the damaged file only.")


def test_the_previous_version_takes_the_place_of_a_damaged_file(damaged: Path) -> None:
    with open_store(damaged.parent) as store:
        assert [str(n) for n in store.notices] == [
            f"The data file {damaged} was damaged ({NOT_JSON}). It was kept aside as"
            f" {aside(damaged)}, and its previous version was put in its place: only the"
            " last change made to it is lost."]
        assert store.players() == ["Ana"]
    assert aside(damaged).read_bytes() == b"{", "kept as it was"


def test_a_previous_version_written_by_a_newer_app_is_passed_over(damaged: Path) -> None:
    prev = damaged.with_name(f"{MAIN_FILE}.prev")
    data = json.loads(prev.read_bytes())
    del data["_checksum"]
    data["_meta"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    prev.write_text(json.dumps(data))
    with open_store(damaged.parent) as store:
        assert [str(n) for n in store.notices] == [from_backup(damaged)]
        assert store.players() == ["Ana"]


def test_a_copy_that_cannot_be_put_in_place_gives_way_to_the_next(
        damaged: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = mending_module.atomic_copy

    def copy(source: Path, target: Path) -> None:
        if source.name.endswith(".prev"):
            raise OSError(errno.EIO, "Input/output error")
        real(source, target)

    monkeypatch.setattr(mending_module, "atomic_copy", copy)
    with open_store(damaged.parent) as store:
        assert [str(n) for n in store.notices] == [from_backup(damaged)]
        assert store.players() == ["Ana"]


def test_a_damaged_file_that_cannot_be_moved_aside_stops_the_opening(
        damaged: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace

    def replace(source: Any, target: Any) -> None:
        if Path(source) == damaged:
            raise OSError(errno.EACCES, "Permission denied")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(StoreError) as refused:
        open_store(damaged.parent)
    assert str(refused.value) == (
        f"The data file {damaged} is damaged ({NOT_JSON}) and could not be moved aside:"
        " Permission denied. Copy it somewhere safe, then remove it to start again.")
    assert damaged.read_bytes() == b"{"


def test_a_month_gone_from_the_folder_is_told_in_two_sentences(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("done", 12, finished=True))
        store.save_game(fake_record("later", 14, finished=True, minutes=30))
    month = folder / ARCHIVE_DIR / "2025-01.json"
    month.unlink()
    with open_store(folder) as store:
        assert [str(n) for n in store.notices] == [
            f"The archive of January 2025 ({month}) was missing, though your history lists"
            " games in it. It was rebuilt from its copies: no game is lost."]
        assert store.game("later") is not None
