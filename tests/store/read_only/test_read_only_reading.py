"""How a read-only store reads store.json and ongoing.json: once when nothing changes, an
earlier copy of a damaged one (told whole), an older version upgraded in memory, and a
file it cannot read or upgrade refused with what to do (`ReadOnlyStore._load`,
`_reading`, `_bytes`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from store_samples import attempt, fake_record

from companion.store import StoreError, journal, open_store, readonly, schema
from companion.store.atomic import unseal
from companion.store.schema import MAIN_FILE, ONGOING_FILE

REPAIR = ("The app repairs it when it next opens this folder, or run: companion check"
          " --repair")
NOT_JSON = "it is not valid JSON (cut short or corrupted)"


@pytest.fixture
def saved(folder: Path) -> Path:
    """A finished game and a game in progress, each file saved twice (an earlier copy)."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
        store.save_game(fake_record("h", 4))
        store.save_game(fake_record("h", 5))
        store.add_player("Ana")
    return folder


def test_files_that_do_not_change_are_read_once(saved: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """store.json is read again after ongoing.json, and that is enough when it is the same
    and so is the commit manifest: it is looked for once before the first read and once
    before the last, and each file is read as the look before it found it (a commit
    switched meanwhile shows in the manifest), never through a look of its own."""
    reads: list[str] = []
    real, look = readonly._bytes, journal.view

    def counted(path: Path, *args: object) -> bytes | None:
        reads.append(path.name)
        return real(path, *args)  # type: ignore[arg-type]

    def looked(folder: Path) -> tuple[bytes | None, dict[Path, bytes]]:
        reads.append(journal.MANIFEST)
        return look(folder)

    monkeypatch.setattr(readonly, "_bytes", counted)
    monkeypatch.setattr(journal, "view", looked)
    with open_store(saved, read_only=True) as reader:
        assert [g["id"] for g in reader.games()] == ["h", "g"]
    assert reads == [journal.MANIFEST, MAIN_FILE, ONGOING_FILE, journal.MANIFEST, MAIN_FILE,
                     journal.MANIFEST]


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_damaged_file_is_read_from_an_earlier_copy_and_told_whole(saved: Path,
                                                                    name: str) -> None:
    (saved / name).write_bytes(b"{")
    with open_store(saved, read_only=True) as reader:
        assert [str(n) for n in reader.notices] == [
            f"The data file {saved / name} is damaged ({NOT_JSON}); an earlier copy of it"
            f" was read instead, and the file was left as it is. {REPAIR}"]
        assert [g["id"] for g in reader.games()] == ["h", "g"]
    assert (saved / name).read_bytes() == b"{"


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_damaged_file_without_a_copy_is_read_as_empty_and_told_whole(saved: Path,
                                                                       name: str) -> None:
    (saved / name).write_bytes(b"{")
    (saved / f"{name}.prev").unlink()
    shutil.rmtree(saved / "backups")
    with open_store(saved, read_only=True) as reader:
        assert [str(n) for n in reader.notices] == [
            f"The data file {saved / name} is damaged ({NOT_JSON}) and no copy of it reads"
            f" whole: it was read as empty, and left as it is. {REPAIR}"]
        # The history is listed again from the archive; a game in progress is lost.
        kept = ["h", "g"] if name == MAIN_FILE else ["g"]
        assert [g["id"] for g in reader.games()] == kept


def refusal(folder: Path) -> str:
    """What opening `folder` read-only says when it refuses (it must refuse)."""
    with pytest.raises(StoreError) as refused:
        open_store(folder, read_only=True)
    return str(refused.value)


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_folder_in_place_of_a_data_file_is_refused_naming_it(saved: Path,
                                                               name: str) -> None:
    (saved / name).unlink()
    (saved / name).mkdir()
    assert refusal(saved) == (
        f"Cannot read {saved / name}: it is not a regular file (a folder, a pipe or a"
        " device is in its place). Nothing was changed. Move it out of the data folder and"
        " start again.")


def test_a_month_replaced_by_a_folder_since_opening_is_refused_naming_it(
        saved: Path) -> None:
    month = saved / "archive" / "2025-01.json"
    with open_store(saved, read_only=True) as reader:
        month.unlink()
        month.mkdir()
        with pytest.raises(StoreError) as refused:
            reader.game("g")
    assert str(refused.value).startswith(f"Cannot read {month}: it is not a regular file")


def as_version(path: Path, version: int) -> None:
    data = json.loads(unseal(path.read_bytes())[0])
    data["_meta"]["1"]["schema_version"] = version
    path.write_text(json.dumps(data))
    path.with_name(f"{path.name}.prev").unlink(missing_ok=True)


def test_an_older_file_is_read_upgraded_and_left_as_it_is(saved: Path) -> None:
    """Version 2 kept attempts without their id: they get the one the app gives them."""
    with open_store(saved) as store:
        store.record_attempt(attempt("base-1", 96, game="g"))
    with open_store(saved, read_only=True) as reader:
        exported = reader.export_all()
    as_version(saved / MAIN_FILE, 2)
    data = json.loads((saved / MAIN_FILE).read_bytes())
    for doc in data["attempts"].values():
        del doc["id"]
    (saved / MAIN_FILE).write_text(json.dumps(data))
    before = (saved / MAIN_FILE).read_bytes()
    with open_store(saved, read_only=True) as reader:
        assert reader.export_all() == exported
        assert reader.notices == []
    assert (saved / MAIN_FILE).read_bytes() == before


def test_an_older_file_that_cannot_be_upgraded_is_refused_with_what_to_do(
        saved: Path) -> None:
    as_version(saved / ONGOING_FILE, 0)
    assert refusal(saved) == (
        f"The data file {saved / ONGOING_FILE} was written by an older version of the app"
        " and could not be read (no migration from schema version 0). It was left as it"
        " is: open the app to upgrade it.")


def test_an_upgrade_that_gives_malformed_data_is_refused(
        saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A faulty migration is caught before anything is shown from its result."""
    as_version(saved / MAIN_FILE, 3)
    monkeypatch.setattr(schema, "migrate", lambda kind, data: {"players": {"1": "Ana"}})
    assert refusal(saved) == (
        f"The data file {saved / MAIN_FILE} was written by an older version of the app"
        " and could not be read (upgraded data is not well formed). It was left as it"
        " is: open the app to upgrade it.")


def test_a_damaged_file_read_from_an_older_copy_lists_the_games_archived_since(
        folder: Path) -> None:
    """store.json's previous version is also from an older app: upgraded, it is still an
    earlier copy, so the archive is looked through for the games it does not list."""
    with open_store(folder) as store:
        for number, game_id in enumerate("abc"):
            store.save_game(fake_record(game_id, 4, finished=True, minutes=60 * number))
    as_version(folder / f"{MAIN_FILE}.prev", 3)
    (folder / MAIN_FILE).write_bytes(b"")
    with open_store(folder, read_only=True) as reader:
        assert [g["id"] for g in reader.games()] == ["c", "b", "a"]
        assert len(reader.notices) == 1
