"""The TinyDB storage of a data file (`storage.py`): a write reaches the file sealed, and
a write that fails, alone or with its batch, shows what the file holds again, so that
what the app shows never differs from what is saved."""

from __future__ import annotations

import errno
from pathlib import Path

import msgspec
import pytest
from tinydb import Query

from companion.store import journal as journal_module
from companion.store.atomic import encode, seal
from companion.store.journal import Journal
from companion.store.schema import Data
from companion.store.storage import AtomicJSONStorage, _File

FIRST = b'{"games":{"1":{"id":"a"}}}'
SECOND = b'{"games":{"1":{"id":"a"},"2":{"id":"b"}}}'
THIRD = b'{"games":{"3":{"id":"c"}}}'


def data(body: bytes) -> Data:
    """A new copy each time: TinyDB changes the data it is given in place."""
    decoded: Data = msgspec.json.decode(body)
    return decoded


def failing_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    def write_temp(path: Path, data: bytes) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module, "write_temp", write_temp)


def test_a_write_reaches_the_file_sealed(tmp_path: Path) -> None:
    storage = AtomicJSONStorage(tmp_path / "store.json", data(FIRST), None, Journal(tmp_path))
    assert storage.read() == data(FIRST)
    storage.write(data(SECOND))
    assert (tmp_path / "store.json").read_bytes() == seal(SECOND)
    assert storage.read() == data(SECOND)


@pytest.mark.parametrize("saved", [None, FIRST], ids=["encoded here", "as read"])
def test_a_failed_write_shows_the_file_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             saved: bytes | None) -> None:
    storage = AtomicJSONStorage(tmp_path / "store.json", data(FIRST), saved, Journal(tmp_path))
    failing = pytest.MonkeyPatch()
    failing_writes(failing)
    with pytest.raises(OSError, match="No space left"):
        storage.write(data(SECOND))
    assert storage.read() == data(FIRST)
    failing.undo()
    storage.write(data(SECOND))
    failing_writes(monkeypatch)
    with pytest.raises(OSError, match="No space left"):
        storage.write(data(THIRD))
    assert storage.read() == data(SECOND), "the last write that reached the file"


def test_a_batch_that_fails_shows_the_file_again(tmp_path: Path) -> None:
    """Also in a table that was read inside the batch: no query result is kept."""
    journal = Journal(tmp_path)
    file = _File(tmp_path / "store.json", data(FIRST), None, journal=journal)
    with pytest.raises(KeyError), journal.batch():
        file.table("games").insert({"id": "b"})
        assert [d["id"] for d in file.table("games").search(Query().id.exists())] == ["a", "b"]
        raise KeyError("stop")
    assert file.data == data(FIRST)
    assert [d["id"] for d in file.table("games").search(Query().id.exists())] == ["a"]
    assert not (tmp_path / "store.json").exists()


def test_a_storage_without_a_journal_never_writes(tmp_path: Path) -> None:
    storage = AtomicJSONStorage(tmp_path / "store.json", data(FIRST))
    with pytest.raises(AssertionError, match="^a storage without a journal cannot write$"):
        storage.write(data(SECOND))
    assert not (tmp_path / "store.json").exists()


def test_a_file_replaced_by_an_import_shows_its_new_content(tmp_path: Path) -> None:
    """Its tables are made again: no document id or cached result of before survives."""
    journal = Journal(tmp_path)
    file = _File(tmp_path / "store.json", data(FIRST), None, journal=journal)
    assert [d.doc_id for d in file.table("games").all()] == [1]
    body = THIRD
    journal.commit({tmp_path / "store.json": seal(body)})
    file.replaced(data(THIRD), body)
    assert file.data == data(THIRD) and file.path == tmp_path / "store.json"
    assert [(d.doc_id, d["id"]) for d in file.table("games").all()] == [(3, "c")]
    file.table("games").insert({"id": "d"})
    assert (tmp_path / "store.json").read_bytes() == seal(encode(
        {"games": {"3": {"id": "c"}, "4": {"id": "d"}}}))
    assert file.storage.journal is journal



def test_a_table_of_a_file_writes_that_file(tmp_path: Path) -> None:
    file = _File(tmp_path / "store.json", data(FIRST), None, journal=Journal(tmp_path))
    file.table("games").insert({"id": "b"})
    assert (tmp_path / "store.json").read_bytes() == seal(SECOND)
