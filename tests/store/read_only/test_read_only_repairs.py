"""What a read-only store reads around, as the app would repair it, and tells in whole
sentences: a damaged or missing archive month (at opening or damaged since), a game in
progress back from its own backup, the archived games an older store.json does not list.
The files are left exactly as they are (`readonly.py`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from store_samples import fake_record

from companion.store import Store, StoreError, open_store
from companion.store.schema import SCHEMA_VERSION

REPAIR = ("The app repairs it when it next opens this folder, or run: companion check"
          " --repair")
NONE_MISSING = "It was read from its copies, and left as it is: no game is missing."


def january(folder: Path) -> Path:
    return folder / "archive" / "2025-01.json"


def notices(store: Store) -> list[str]:
    return [str(n) for n in store.notices]


@pytest.fixture
def two_finished(folder: Path) -> Path:
    """Two finished games of January 2025, g and h."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
        store.save_game(fake_record("h", 6, finished=True, minutes=60))
    return folder


def no_copies(folder: Path) -> None:
    """Remove every earlier copy: previous versions, the day's and the games' backups."""
    for path in folder.rglob("*.prev"):
        path.unlink()
    shutil.rmtree(folder / "backups")


def test_a_damaged_month_is_read_from_its_copies_and_told(two_finished: Path) -> None:
    january(two_finished).write_bytes(b"")
    with open_store(two_finished, read_only=True) as reader:
        assert notices(reader) == [
            f"The archive of January 2025 ({january(two_finished)}) is damaged (it is"
            f" empty). {NONE_MISSING} {REPAIR}"]
        assert len(reader.game("h")["actions"]) == 6  # type: ignore[index]
    assert january(two_finished).read_bytes() == b""


def test_a_missing_month_is_read_from_its_copies_and_told(two_finished: Path) -> None:
    january(two_finished).unlink()
    with open_store(two_finished, read_only=True) as reader:
        assert notices(reader) == [
            f"The archive of January 2025 ({january(two_finished)}) is missing, though your"
            f" history lists games in it. {NONE_MISSING} {REPAIR}"]
        assert len(reader.game("g")["actions"]) == 4  # type: ignore[index]
    assert not january(two_finished).exists()


def test_a_month_in_no_copy_is_told_with_the_games_it_loses(two_finished: Path) -> None:
    january(two_finished).unlink()
    no_copies(two_finished)
    with open_store(two_finished, read_only=True) as reader:
        assert notices(reader) == [
            f"The archive of January 2025 ({january(two_finished)}) is missing, though your"
            " history lists games in it. It was read from its copies, and left as it is,"
            f" but the moves of the 2 games of January 2025 are in no copy. {REPAIR}"]
        assert reader.game("g")["actions_missing"] is True  # type: ignore[index]


def test_a_month_damaged_since_opening_is_read_as_the_history_lists_it(
        two_finished: Path) -> None:
    """h was deleted: the month's previous version still holds it, but the history, read
    whole, no longer lists it, so it does not come back."""
    with open_store(two_finished) as store:
        store.delete_game("h")
    with open_store(two_finished, read_only=True) as reader:
        assert reader.notices == []
        january(two_finished).write_bytes(b"{")
        assert [g["id"] for g in reader.export_all()["games"]] == ["g"]
        assert notices(reader) == [
            f"The archive of January 2025 ({january(two_finished)}) is damaged (it is not"
            f" valid JSON (cut short or corrupted)). {NONE_MISSING} {REPAIR}"]
        assert len(reader.game("g")["actions"]) == 4  # type: ignore[index]
    assert january(two_finished).read_bytes() == b"{"


def test_a_month_from_a_newer_version_met_later_is_refused_naming_it(
        two_finished: Path) -> None:
    with open_store(two_finished, read_only=True) as reader:
        data = {"_meta": {"1": {"kind": "archive", "schema_version": 99}}}
        january(two_finished).write_text(json.dumps(data))
        with pytest.raises(StoreError) as refused:
            reader.game("g")
    assert str(refused.value) == (
        f"The data file {january(two_finished)} was written by a newer version of the app"
        f" (data version 99; this one reads up to {SCHEMA_VERSION}). It was left untouched:"
        " update the app to open it.")


def test_a_game_of_one_move_back_from_its_own_backup_is_told(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 1))
    (folder / "ongoing.json").write_bytes(b"{")
    for path in folder.rglob("*.prev"):
        path.unlink()
    for day in (folder / "backups").iterdir():
        if day.name != "games":  # the game's own backup stays
            shutil.rmtree(day)
    with open_store(folder, read_only=True) as reader:
        assert notices(reader)[1:] == [
            "The game in progress begun on January 1, 2025 was read from its own backup, as"
            " it was after 1 move."]
        assert len(reader.current_game()["actions"]) == 1  # type: ignore[index]


@pytest.fixture
def older_history(folder: Path) -> Path:
    """store.json damaged; its previous version lists a and b, not c, finished last."""
    with open_store(folder) as store:
        for number, game_id in enumerate("abc"):
            store.save_game(fake_record(game_id, 4 + number, finished=True,
                                        minutes=60 * number))
    (folder / "store.json").write_bytes(b"")
    return folder


def test_a_game_an_older_history_does_not_list_is_listed_from_its_month(
        older_history: Path) -> None:
    with open_store(older_history, read_only=True) as reader:
        assert [g["id"] for g in reader.games(finished=True)] == ["c", "b", "a"]
        for number, game_id in enumerate("abc"):
            assert len(reader.game(game_id)["actions"]) == 4 + number  # type: ignore[index]


def test_a_game_found_in_two_months_is_listed_once(older_history: Path) -> None:
    """A copy of a month left under another month's name (by hand, say) holds c again."""
    shutil.copyfile(january(older_history), older_history / "archive" / "2025-02.json")
    with open_store(older_history, read_only=True) as reader:
        assert [g["id"] for g in reader.games(finished=True)] == ["c", "b", "a"]


def test_a_month_removed_since_opening_is_read_as_the_app_reads_it(two_finished: Path) -> None:
    """Not a crash: as empty, its games shown without their moves, in the app as here."""
    with open_store(two_finished) as app, open_store(two_finished, read_only=True) as reader:
        january(two_finished).unlink()
        shown = reader.game("g")
        assert shown is not None and shown["actions_missing"] is True
        assert shown == app.game("g")
        assert reader.export_all()["games"] == []


def test_a_month_damaged_at_opening_is_read_as_a_whole_history_lists_it(
        two_finished: Path) -> None:
    """h was deleted: the month's previous version still holds it, but store.json, read
    whole, no longer lists it, so it does not come back."""
    with open_store(two_finished) as store:
        store.delete_game("h")
    january(two_finished).write_bytes(b"{")
    with open_store(two_finished, read_only=True) as reader:
        assert [g["id"] for g in reader.export_all()["games"]] == ["g"]
        assert notices(reader) == [
            f"The archive of January 2025 ({january(two_finished)}) is damaged (it is not"
            f" valid JSON (cut short or corrupted)). {NONE_MISSING} {REPAIR}"]


def test_a_month_damaged_beside_an_older_history_keeps_the_games_it_does_not_list(
        older_history: Path) -> None:
    """January's previous version holds a, b and c; the older history lists a and b only:
    c is no deleted game but one it had not heard of yet."""
    shutil.copyfile(january(older_history), older_history / "archive" / "2025-01.json.prev")
    january(older_history).write_bytes(b"{")
    with open_store(older_history, read_only=True) as reader:
        assert [g["id"] for g in reader.games(finished=True)] == ["c", "b", "a"]
        assert len(reader.game("c")["actions"]) == 6  # type: ignore[index]
