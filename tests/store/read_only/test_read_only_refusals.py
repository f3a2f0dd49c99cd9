"""A read-only store refuses every change in one sentence that names the data folder and
says what to do, and a change that reaches one of its files anyway (past the refusing
methods) is refused the same way and leaves what was read as it was."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_samples import fake_record

from companion.store import StoreError, open_store
from companion.store.readonly import ReadOnlyStore
from companion.store.storage import _File

MONTH = "2025-01"


def refused_in(folder: Path) -> str:
    return (f"Nothing can be changed from here: the data folder {folder} is opened"
            " read-only. Make the change in the app, or close the app and try again.")


@pytest.fixture
def reader(folder: Path) -> Iterator[ReadOnlyStore]:
    """Two finished games of January 2025 in the archive, one game in progress."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
        store.save_game(fake_record("h", 6, finished=True, minutes=60))
        store.save_game(fake_record("now", 3, minutes=120))
    opened = open_store(folder, read_only=True)
    assert isinstance(opened, ReadOnlyStore)
    try:
        yield opened
    finally:
        opened.close()


def test_a_change_asked_is_refused_naming_the_folder(reader: ReadOnlyStore,
                                                     folder: Path) -> None:
    with pytest.raises(StoreError) as refused:
        reader.save_game(fake_record("new", 3))
    assert str(refused.value) == refused_in(folder)
    with pytest.raises(StoreError) as refused:
        reader.delete_game("g")
    assert str(refused.value) == refused_in(folder)


def month_read(reader: ReadOnlyStore, folder: Path) -> _File:
    return reader._shard(MONTH)


def month_mended(reader: ReadOnlyStore, folder: Path) -> _File:
    """Damaged after the store was opened: read from its copies when first needed."""
    (folder / "archive" / f"{MONTH}.json").write_bytes(b"")
    return reader._shard(MONTH)


@pytest.mark.parametrize("file", [
    lambda reader, folder: reader._main,
    lambda reader, folder: reader._ongoing,
    month_read,
    month_mended,
], ids=["store.json", "ongoing.json", "a month", "a month damaged since"])
def test_a_change_reaching_a_file_is_refused_and_undone(reader: ReadOnlyStore, folder: Path,
                                                         file: object) -> None:
    assert callable(file)
    target = file(reader, folder)
    assert isinstance(target, _File)
    before = reader.export_all()
    for name in ("games", "history"):
        table = target.table(name)
        rows = table.all()
        with pytest.raises(StoreError) as refused:
            table.insert({"id": "intruder"})
        assert str(refused.value) == refused_in(folder)
        assert table.all() == rows
    assert reader.export_all() == before
    assert [g["id"] for g in reader.games()] == ["now", "h", "g"]


@pytest.mark.parametrize("file", ["store.json", "archive/2025-01.json"])
def test_a_data_folder_named_archive_is_the_one_named(tmp_path: Path, file: str) -> None:
    folder = tmp_path / "archive"
    with open_store(folder) as store:
        store.save_game(fake_record("g", 4, finished=True))
    with open_store(folder, read_only=True) as reader:
        assert isinstance(reader, ReadOnlyStore)
        target = reader._main if file == "store.json" else reader._shard(MONTH)
        assert target.path == folder / file
        with pytest.raises(StoreError) as refused:
            target.table("games").insert({"id": "intruder"})
        assert str(refused.value) == refused_in(folder)
